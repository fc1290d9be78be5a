import type { Queryable } from '../../db/db.ts';

/** The admin's own tables: gifted minutes and the audit log. */
export interface GiftHistoryRow {
  id: string;
  minutes: number;
  gifted_by_email: string;
  note: string | null;
  created_at: Date;
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
