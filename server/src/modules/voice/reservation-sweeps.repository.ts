import type { Queryable } from '../../db/db.ts';
import type { ReservationRow } from './reservations.repository.ts';

// The deadline sweeper's questions of call_reservations: which calls to hang up, to ask Twilio
// (or, for browser calls, the voice agent) about, and to settle without a post-call event.

/** Claims overdue calls; another replica's sweeper skips the rows this one holds. */
export async function claimOverdueReservations(q: Queryable, limit: number): Promise<ReservationRow[]> {
  const { rows } = await q.query<ReservationRow>(
    `update call_reservations set hung_up_at = now()
     where id in (
       select id from call_reservations
       where status = 'open' and hung_up_at is null and ended_at is null and deadline < now()
         and channel = 'phone'
       order by deadline
       limit $1
       for update skip locked
     )
     returning *`,
    [limit],
  );
  return rows;
}

export async function clearHangUp(q: Queryable, id: string): Promise<void> {
  await q.query('update call_reservations set hung_up_at = null where id = $1', [id]);
}

// A browser call gets here once the sweeper has learned from the voice agent how long it lasted.
const UNREPORTED = `status = 'open'
  and (ended_at < now() - make_interval(secs => $1) or hung_up_at < now() - make_interval(secs => $1))`;

/**
 * Calls that ended (or were hung up) a grace period ago without a post-call event and whose
 * length Twilio's status callback did not give: the sweeper asks Twilio for it.
 */
export async function findUnreportedWithoutDuration(
  q: Queryable,
  graceSeconds: number,
  limit: number,
): Promise<ReservationRow[]> {
  const { rows } = await q.query<ReservationRow>(
    `select * from call_reservations where ${UNREPORTED} and call_duration_secs is null
       and channel = 'phone'
     order by deadline limit $2`,
    [graceSeconds, limit],
  );
  return rows;
}

/**
 * Calls that ended a grace period ago without a post-call event, their length known. In user id
 * order: settling them locks their subscriptions in the order ringing calls lock them
 * (migrations/0011), so the sweeper and a reservation batch cannot deadlock.
 */
export async function claimUnreportedReservations(
  q: Queryable,
  graceSeconds: number,
  limit: number,
): Promise<ReservationRow[]> {
  const { rows } = await q.query<ReservationRow>(
    `select * from call_reservations where ${UNREPORTED} and call_duration_secs is not null
     order by user_id, deadline
     limit $2
     for update skip locked`,
    [graceSeconds, limit],
  );
  return rows;
}

/**
 * Marks as asked, and answers, up to `limit` open reservations that `which` picks, in `order`;
 * another replica's sweeper skips the rows this one holds. `$1` is `seconds`, `$2` the limit.
 */
async function claimToAsk(
  q: Queryable,
  which: string,
  order: string,
  seconds: number,
  limit: number,
): Promise<ReservationRow[]> {
  const { rows } = await q.query<ReservationRow>(
    `update call_reservations set checked_at = now()
     where id in (
       select id from call_reservations
       where status = 'open' and ${which}
       order by ${order}
       limit $2
       for update skip locked
     )
     returning *`,
    [seconds, limit],
  );
  return rows;
}

/**
 * Live calls nobody has reported on for `silentSeconds` (counted from their start, or from the
 * sweeper's last question): the sweeper asks Twilio about them long before their deadline.
 */
export function claimSilentCalls(q: Queryable, silentSeconds: number, limit: number) {
  return claimToAsk(
    q,
    `ended_at is null and hung_up_at is null and channel = 'phone'
     and coalesce(checked_at, created_at) < now() - make_interval(secs => $1::double precision)`,
    'coalesce(checked_at, created_at)',
    silentSeconds,
    limit,
  );
}

/**
 * Browser calls past their deadline (the signed URL's window, then the call and its grace minute)
 * whose post-call event has not settled them, each asked about at most once per `everySeconds`:
 * the sweeper asks the voice agent how they ended.
 */
export function claimOverdueBrowserCalls(q: Queryable, everySeconds: number, limit: number) {
  return claimToAsk(
    q,
    `channel = 'browser' and ended_at is null and deadline < now()
     and (checked_at is null or checked_at < now() - make_interval(secs => $1::double precision))`,
    'deadline',
    everySeconds,
    limit,
  );
}
