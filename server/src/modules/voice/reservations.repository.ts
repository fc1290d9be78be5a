import type { CallChannel, NotChargedReason } from '@santa/shared/calls';
import type { PlanId } from '@santa/shared/plans';
import { preparedStatement, type Queryable } from '../../db/db.ts';
import { placeholders, sqlArray } from '../../db/sql-array.ts';

export type ReservationStatus = 'open' | 'settled' | 'closed';

export interface ReservationRow {
  id: string;
  user_id: string;
  call_sid: string;
  plan: PlanId;
  seconds_reserved: number;
  deadline: Date;
  status: ReservationStatus;
  hung_up_at: Date | null;
  ended_at: Date | null;
  call_duration_secs: number | null;
  seconds_billed: number | null;
  /** Twilio's STIR/SHAKEN verdict on the caller ID (StirVerstat), when it gave one. */
  stir_verstat: string | null;
  /** Why the call cost nothing, when it did not (migration 0043). */
  not_charged: NotChargedReason | null;
  /** A browser call's reservation is keyed by its conversation id (migration 0058). */
  channel: CallChannel;
  created_at: Date;
}

/** What answering a call needs of the reservation it took. */
export type TakenReservation = Pick<ReservationRow, 'id' | 'call_sid' | 'seconds_reserved'>;

const RESERVE_CALLS_SECONDS = preparedStatement(
  'reserve_calls_seconds_on_free_lines',
  `select reserved_call_sid as call_sid, reservation_id as id, reserved_seconds as seconds_reserved, lines_busy
   from reserve_calls_seconds_on_free_lines($1, $2, $3, $4::jsonb, $5, $6)`,
);

/** A ringing call turned away before anything was reserved: every line is taken. */
export const LINES_BUSY = 'lines_busy';

/**
 * Reserves, for each ringing call while a line is free, the seconds left of its account's
 * balance, at most the plan's per-call cap (migrations/0011: for each call it locks, sums and
 * inserts, several calls in one round trip; 0026 keeps each call's STIR/SHAKEN verdict with it;
 * 0034 counts in seconds; 0062 counts the calls on the line first, at most `maxLive`). Also
 * answers the open reservation a re-sent webhook already holds. Answers by call sid: a
 * reservation, or LINES_BUSY; a call missing from the map has an unusable plan or nothing left.
 */
export async function reserveCallsSeconds(
  q: Queryable,
  input: {
    calls: readonly { userId: string; callSid: string; stirVerstat?: string | null }[];
    usableStatuses: readonly string[];
    caps: Record<string, number | null>;
    maxLive: number;
  },
): Promise<Map<string, TakenReservation | typeof LINES_BUSY>> {
  const { rows } = await q.query<TakenReservation & { lines_busy: boolean }>(RESERVE_CALLS_SECONDS, [
    input.calls.map((call) => call.userId),
    input.calls.map((call) => call.callSid),
    input.usableStatuses,
    JSON.stringify(input.caps),
    input.calls.map((call) => call.stirVerstat ?? null),
    input.maxLive,
  ]);
  return new Map(rows.map(({ lines_busy: busy, ...taken }) => [taken.call_sid, busy ? LINES_BUSY : taken]));
}

export async function findReservationBySid(
  q: Queryable,
  callSid: string,
): Promise<ReservationRow | undefined> {
  const { rows } = await q.query<ReservationRow>('select * from call_reservations where call_sid = $1', [
    callSid,
  ]);
  return rows[0];
}

/**
 * The reservation a finished conversation settles: a browser call's by its conversation id (what
 * the browser sent as `call_sid` is not trusted), else the phone call's by its sid. One statement.
 */
export async function findReservationForCall(
  q: Queryable,
  conversationId: string,
  callSid: string | null,
): Promise<ReservationRow | undefined> {
  const { rows } = await q.query<ReservationRow>(
    `select * from call_reservations
      where (call_sid = $1 and channel = 'browser') or call_sid = $2
      order by channel = 'browser' desc limit 1`,
    [conversationId, callSid],
  );
  return rows[0];
}

/**
 * A reservation taken for a browser call gets the conversation's id as its key, once the voice
 * agent has minted the signed URL. Its deadline allows for the URL's window before the call starts.
 */
export async function becomeBrowserCall(
  q: Queryable,
  id: string,
  conversationId: string,
  deadline: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update call_reservations set call_sid = $2, channel = 'browser', deadline = $3
      where id = $1 and status = 'open'`,
    [id, conversationId, deadline],
  );
  return rowCount > 0;
}

export async function lockReservation(q: Queryable, id: string): Promise<ReservationRow | undefined> {
  const { rows } = await q.query<ReservationRow>('select * from call_reservations where id = $1 for update', [
    id,
  ]);
  return rows[0];
}

/**
 * A reservation the statement that stores its call settles: minutes.ts settlementInStatement.
 * The bill is minutes.ts billFor, in SQL; the finish is written there only when no short call can
 * be forgiven (isBeyondForgiveness), since forgiving one counts the family's others first.
 */
export interface SettledInStatement {
  reservationId: string;
  seconds: number;
  graceSeconds: number;
  freeStartSeconds: number;
  /**
   * The plan's charge for the bill, in the same statement: an update over `finished` (one row of
   * its `billed`, when the statement finished the reservation) returning `spent_one_call_plan`.
   */
  charge: (param: (value: unknown) => string, finished: string) => string;
}

/**
 * CTEs for that statement: `locked`, the reservation locked for the rest of the transaction (as it
 * stood before this statement), and `finished`, answering the `billed` seconds when it was
 * finished here, only where `when` (an SQL condition) holds. `param` places a value.
 */
export function lockAndFinishReservation(
  settles: SettledInStatement,
  param: (value: unknown) => string,
  when: string,
): string {
  const seconds = `${param(settles.seconds)}::int`;
  return `locked as (
       select * from call_reservations where id = ${param(settles.reservationId)} for update
     ), bill as (
       select id, least(greatest(0, ${seconds}), seconds_reserved + ${param(settles.graceSeconds)}::int) as billed
       from locked where status = 'open'
     ), finished as (
       update call_reservations r
       set status = case when bill.billed > 0 then 'settled' else 'closed' end,
           seconds_billed = bill.billed, not_charged = null
       from bill
       where r.id = bill.id and (bill.billed = 0 or bill.billed >= ${param(settles.freeStartSeconds)}::int)
         and ${when}
       returning bill.billed
     )`;
}

export async function finishReservation(
  q: Queryable,
  id: string,
  status: Exclude<ReservationStatus, 'open'>,
  secondsBilled: number,
  notCharged: NotChargedReason | null = null,
): Promise<void> {
  await q.query(
    'update call_reservations set status = $2, seconds_billed = $3, not_charged = $4 where id = $1',
    [id, status, secondsBilled, notCharged],
  );
}

/** How many of the family's calls since `since` cost nothing for being short. */
export async function countShortCallsNotCharged(q: Queryable, userId: string, since: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from call_reservations
      where user_id = $1 and not_charged = 'short_call' and created_at > $2`,
    [userId, since],
  );
  return rows[0]?.n ?? 0;
}

/** Twilio's word that a call is over: its length, once known. */
export interface CallEnding {
  callSid: string;
  durationSecs: number | null;
}

/**
 * Twilio says these calls are over. Once a call's length is known its hold shrinks to what the
 * call can cost, so a child who redials before the post-call event arrives finds the rest of the
 * balance (settlement bills at most the reservation plus the grace minute). When no reservation
 * exists yet, the ending is kept for the sweeper (migrations/0014); one statement, so one
 * snapshot, so a reservation committing in between is either updated here or finds the ending
 * waiting. A call reported twice keeps the report that carries a length.
 */
export async function recordCallsEnded(q: Queryable, endings: readonly CallEnding[]): Promise<void> {
  const { values, param } = placeholders();
  // Spelled out (decision 0046): planned for a list of unknown length, the update would read every
  // open reservation to join them, not look each call up by its sid.
  const sids = sqlArray(
    endings.map((ending) => ending.callSid),
    'text',
    param,
  );
  const lengths = sqlArray(
    endings.map((ending) => ending.durationSecs),
    'integer',
    param,
  );
  await q.query(
    `with reported as (
       select distinct on (call_sid) call_sid, duration_secs
         from unnest(${sids}, ${lengths}) as e (call_sid, duration_secs)
        order by call_sid, duration_secs desc nulls last
     ), ended as (
       update call_reservations r set ended_at = coalesce(r.ended_at, now()),
         call_duration_secs = coalesce(e.duration_secs, r.call_duration_secs),
         seconds_reserved = least(r.seconds_reserved, coalesce(e.duration_secs, r.seconds_reserved))
       from reported e where r.call_sid = e.call_sid and r.status = 'open'
       returning r.id
     )
     insert into twilio_call_endings (call_sid, duration_secs)
       select e.call_sid, e.duration_secs from reported e
        where e.duration_secs is not null
          and not exists (select 1 from call_reservations r where r.call_sid = e.call_sid)
     on conflict (call_sid) do nothing`,
    values,
  );
}

/**
 * Applies endings that arrived before their reservation, then forgets endings old enough that no
 * reservation can still be on its way (Twilio waits 15 s for the inbound webhook's answer).
 */
export async function applyEarlyEndings(q: Queryable): Promise<void> {
  await q.query(
    `with applied as (
       update call_reservations r set ended_at = coalesce(r.ended_at, e.reported_at),
         call_duration_secs = coalesce(r.call_duration_secs, e.duration_secs),
         seconds_reserved = least(r.seconds_reserved, e.duration_secs)
       from twilio_call_endings e
       where e.call_sid = r.call_sid and r.status = 'open'
       returning r.call_sid
     )
     delete from twilio_call_endings
     where call_sid in (select call_sid from applied) or reported_at < now() - interval '10 minutes'`,
  );
}

/** Calls holding part of a balance right now (the calls-in-progress gauge). */
export async function countOpenReservations(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ open: number }>(
    "select count(*)::int as open from call_reservations where status = 'open'",
  );
  return rows[0]?.open ?? 0;
}
