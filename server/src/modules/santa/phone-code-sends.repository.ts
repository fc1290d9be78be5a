import type { Queryable } from '../../db/db.ts';

/** Owns phone_code_sends: every code texted, for the caps shared by all replicas. */

export interface SendCounts {
  fromAccountThisHour: number;
  fromClientThisHour: number;
  toNumberToday: number;
  allToday: number;
}

/** Held for the rest of the transaction: two replicas cannot both take the last send. */
export async function lockSends(q: Queryable): Promise<void> {
  await q.query("select pg_advisory_xact_lock(hashtext('phone-code-sends'))");
}

export async function countSends(
  q: Queryable,
  send: { userId: string; clientHash: string; phone: string },
): Promise<SendCounts> {
  const { rows } = await q.query<SendCounts>(
    `select
       count(*) filter (where user_id = $1 and sent_at > now() - interval '1 hour')::int as "fromAccountThisHour",
       count(*) filter (where client_hash = $2 and sent_at > now() - interval '1 hour')::int as "fromClientThisHour",
       count(*) filter (where phone = $3)::int as "toNumberToday",
       count(*)::int as "allToday"
     from phone_code_sends where sent_at > now() - interval '1 day'`,
    [send.userId, send.clientHash, send.phone],
  );
  return rows[0]!;
}

export async function countToday(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "select count(*)::int as n from phone_code_sends where sent_at > now() - interval '1 day'",
  );
  return rows[0]!.n;
}

/** Whether this account asked for a code to this phone within `seconds` (a code's life). */
export async function sentWithin(q: Queryable, userId: string, phone: string, seconds: number) {
  const { rows } = await q.query(
    `select 1 from phone_code_sends
     where user_id = $1 and phone = $2 and sent_at > now() - make_interval(secs => $3) limit 1`,
    [userId, phone, seconds],
  );
  return rows.length > 0;
}

export async function recordSend(q: Queryable, send: { userId: string; clientHash: string; phone: string }) {
  await q.query('insert into phone_code_sends (user_id, client_hash, phone) values ($1, $2, $3)', [
    send.userId,
    send.clientHash,
    send.phone,
  ]);
}

/** A send that never left (the provider refused it) does not count against anyone. */
export async function forgetLastSend(q: Queryable, userId: string, phone: string): Promise<void> {
  await q.query(
    `delete from phone_code_sends where id = (
       select id from phone_code_sends where user_id = $1 and phone = $2 order by sent_at desc limit 1)`,
    [userId, phone],
  );
}
