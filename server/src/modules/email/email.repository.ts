import type { Queryable } from '../../db/db.ts';
import { placeholders, sqlArray } from '../../db/sql-array.ts';
import type { EmailKind } from './templates/email-content.ts';

export interface EmailRow {
  id: string;
  kind: EmailKind;
  /** Null for a gift's email to someone who may have no account: it belongs to `gift_id`. */
  user_id: string | null;
  gift_id: string | null;
  /** An invitation to listen (decision 0026): the email goes with its invitation. */
  listener_id: string | null;
  /** Pinned address (a new one being verified, a gift's); null means the account's address. */
  to_address: string | null;
  data: Record<string, unknown>;
  sent_at: Date | null;
  /** The account's address and name; empty for a gift's email without an account. */
  account_email: string;
  account_name: string;
}

/** Answers the new row's id, or undefined when this (kind, event) already has its email. */
export async function insertEmail(
  q: Queryable,
  email: {
    kind: EmailKind;
    eventKey: string;
    userId: string | null;
    giftId?: string;
    listenerId?: string;
    toAddress?: string;
    data?: object;
  },
): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `insert into emails (kind, event_key, user_id, gift_id, listener_id, to_address, data)
     values ($1, $2, $3::uuid, $4::uuid, $5::uuid, $6, $7::jsonb)
     on conflict (kind, event_key) do nothing returning id`,
    [
      email.kind,
      email.eventKey,
      email.userId,
      email.giftId ?? null,
      email.listenerId ?? null,
      email.toAddress ?? null,
      JSON.stringify(email.data ?? {}),
    ],
  );
  return rows[0]?.id;
}

/**
 * The recap email of the call `summarized` selects (its id and user_id), unless its parent turned
 * recaps off, for the statement that writes that call's summary; returns the email as an
 * EmailRow, to send without reading it again.
 */
export function insertRecapEmailSql(summarized: string, data: string): string {
  return `insert into emails (kind, event_key, user_id, data)
     select 'call_recap', c.id::text, c.user_id, ${data}::jsonb from ${summarized} c
     where coalesce((select call_recaps from email_preferences where user_id = c.user_id), true)
     on conflict (kind, event_key) do nothing returning ${emailRowOf('emails')}`;
}

/** The id of the recap email of the call whose id is `callId` (an SQL expression) while unsent. */
export function unsentRecapSql(callId: string): string {
  return `select id from emails where kind = 'call_recap' and event_key = (${callId})::text and sent_at is null`;
}

/** An EmailRow's columns, of the emails row named `e`, with the account's current address and name. */
function emailRowOf(e: string): string {
  const account = (column: string) =>
    `coalesce((select ${column} from users u where u.id = ${e}.user_id), '') as account_${column}`;
  return `${e}.id, ${e}.kind, ${e}.user_id, ${e}.gift_id, ${e}.listener_id, ${e}.to_address, ${e}.data,
     ${e}.sent_at, ${account('email')}, ${account('name')}`;
}

/**
 * With the account's current address and name; undefined once the account (or, for a gift's
 * email, the gift) is gone: the row went with it.
 */
export async function findEmail(q: Queryable, id: string): Promise<EmailRow | undefined> {
  const { rows } = await q.query<EmailRow>(`select ${emailRowOf('e')} from emails e where e.id = $1`, [id]);
  return rows[0];
}

/** Each email sent, with the address it went to, in one statement. */
export async function markSent(q: Queryable, sent: { id: string; toAddress: string }[]): Promise<void> {
  const { values, param } = placeholders();
  const ids = sent.map((email) => email.id);
  const addresses = sent.map((email) => email.toAddress);
  await q.query(
    `update emails e set sent_at = now(), to_address = s.to_address
     from unnest(${sqlArray(ids, 'uuid', param)}, ${sqlArray(addresses, 'text', param)}) as s(id, to_address) where e.id = s.id`,
    values,
  );
}

export interface EmailPreferencesRow {
  call_recaps: boolean;
}

export async function findPreferences(q: Queryable, userId: string): Promise<EmailPreferencesRow> {
  const { rows } = await q.query<EmailPreferencesRow>(
    'select call_recaps from email_preferences where user_id = $1',
    [userId],
  );
  return rows[0] ?? { call_recaps: true };
}

export async function savePreferences(
  q: Queryable,
  userId: string,
  prefs: EmailPreferencesRow,
): Promise<void> {
  await q.query(
    `insert into email_preferences (user_id, call_recaps) values ($1, $2)
     on conflict (user_id) do update set call_recaps = excluded.call_recaps`,
    [userId, prefs.call_recaps],
  );
}

/** A deleted account's gifts: the emails that carried them to its owner go too. */
export async function deleteGiftEmails(q: Queryable, giftIds: string[]): Promise<void> {
  if (giftIds.length > 0) await q.query('delete from emails where gift_id = any($1::uuid[])', [giftIds]);
}
