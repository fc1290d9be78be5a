import type { RevokeAction } from '@santa/shared/admin';
import type { Queryable } from '../../db/db.ts';
import type { presentSubscription } from '../subscription/subscription.service.ts';

/** Read-only views across accounts for the admin screen, plus the admin's own history tables. */
export type SubscriptionRow = Parameters<typeof presentSubscription>[0];

export interface UserRow {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  google_id: string | null;
  role: 'parent' | 'admin';
  created_at: Date;
}

export interface AgentConfigRow {
  company_name: string;
  contact_email: string | null;
  twilio_phone_number: string;
  documents: unknown;
}

export interface RecentCallRow {
  id: string;
  phone_number: string | null;
  created_at: Date;
  duration: number;
}

export interface DiscountHistoryRow {
  id: string;
  action: string;
  discount_percent: number | null;
  discount_type: string | null;
  discount_source: string | null;
  revoked_by: string | null;
  revoke_reason: RevokeAction | null;
  created_at: Date;
}

export interface GiftHistoryRow {
  id: string;
  minutes: number;
  gifted_by_email: string;
  note: string | null;
  created_at: Date;
}

const USER_COLUMNS = 'id, name, email, picture, google_id, role, created_at';

export async function listUsers(q: Queryable): Promise<UserRow[]> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from users order by created_at desc, email`,
  );
  return rows;
}

export async function listSubscriptions(q: Queryable): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<SubscriptionRow>('select * from subscriptions');
  return rows;
}

export async function findUser(q: Queryable, userId: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [userId]);
  return rows[0];
}

export async function findAgentConfig(q: Queryable, userId: string): Promise<AgentConfigRow | undefined> {
  const { rows } = await q.query<AgentConfigRow>(
    `select company_name, contact_email, twilio_phone_number, documents
     from agent_configs where user_id = $1`,
    [userId],
  );
  return rows[0];
}

export async function listRecentCalls(q: Queryable, userId: string, limit: number): Promise<RecentCallRow[]> {
  const { rows } = await q.query<RecentCallRow>(
    `select id, phone_number, created_at, duration from calls
     where user_id = $1 order by created_at desc limit $2`,
    [userId, limit],
  );
  return rows;
}

/** What must be deleted at the providers before the account's rows go. */
export async function listCallArtifacts(
  q: Queryable,
  userId: string,
): Promise<{ conversation_id: string | null; audio_key: string | null }[]> {
  const { rows } = await q.query<{ conversation_id: string | null; audio_key: string | null }>(
    `select conversation_id, audio_key from calls
     where user_id = $1 and (conversation_id is not null or audio_key is not null)`,
    [userId],
  );
  return rows;
}

export async function listDiscountHistory(q: Queryable, userId: string): Promise<DiscountHistoryRow[]> {
  const { rows } = await q.query<DiscountHistoryRow>(
    `select id, action, discount_percent, discount_type, discount_source, revoked_by, revoke_reason, created_at
     from discount_history where user_id = $1 order by created_at desc`,
    [userId],
  );
  return rows;
}

export async function insertDiscountHistory(
  q: Queryable,
  row: Omit<DiscountHistoryRow, 'id' | 'created_at'> & { user_id: string },
): Promise<void> {
  await q.query(
    `insert into discount_history
       (user_id, action, discount_percent, discount_type, discount_source, revoked_by, revoke_reason)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      row.user_id,
      row.action,
      row.discount_percent,
      row.discount_type,
      row.discount_source,
      row.revoked_by,
      row.revoke_reason,
    ],
  );
}

export async function listGiftHistory(q: Queryable, userId: string): Promise<GiftHistoryRow[]> {
  const { rows } = await q.query<GiftHistoryRow>(
    `select id, minutes, gifted_by_email, note, created_at
     from gift_history where user_id = $1 order by created_at desc`,
    [userId],
  );
  return rows;
}

export async function insertGift(
  q: Queryable,
  row: { user_id: string; minutes: number; gifted_by_email: string; note: string | null },
): Promise<void> {
  await q.query(
    'insert into gift_history (user_id, minutes, gifted_by_email, note) values ($1, $2, $3, $4)',
    [row.user_id, row.minutes, row.gifted_by_email, row.note],
  );
}

/** Everything else about the account cascades from users (migrations/README.md). */
export async function deleteUser(q: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from users where id = $1', [userId]);
  return rowCount > 0;
}

export async function insertAudit(
  q: Queryable,
  entry: {
    adminEmail: string;
    action: string;
    targetUserId: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await q.query(
    `insert into admin_audit_log (admin_email, action, target_user_id, details)
     values ($1, $2, $3, $4::jsonb)`,
    [entry.adminEmail, entry.action, entry.targetUserId, JSON.stringify(entry.details ?? {})],
  );
}
