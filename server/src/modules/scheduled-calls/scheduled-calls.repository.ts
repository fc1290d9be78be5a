import type { ScheduledCallStatus } from '@santa/shared/scheduled-calls';
import type { Queryable } from '../../db/db.ts';

export interface ScheduledCallRow {
  id: string;
  user_id: string;
  phone: string;
  child_ids: string[];
  time_zone: string;
  local_date: string;
  local_time: string;
  call_at: Date;
  status: ScheduledCallStatus;
  attempts: number;
  version: number;
  call_sid: string | null;
  last_outcome: string | null;
}

// local_date as text: a calendar day in the parent's zone, never shifted by the server's.
const COLUMNS = `id, user_id, phone, child_ids::text[] as child_ids, time_zone, local_date::text as local_date,
  local_time, call_at, status, attempts, version, call_sid, last_outcome`;

export type NewScheduledCall = Pick<
  ScheduledCallRow,
  'user_id' | 'phone' | 'child_ids' | 'time_zone' | 'local_date' | 'local_time' | 'call_at'
>;

/**
 * Serialises bookings of one slot across replicas for the rest of `tx`, so two parents booking
 * its last place at once cannot both get it.
 */
export async function lockSlot(tx: Queryable, callAt: Date): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
    `scheduled-call-slot:${callAt.toISOString()}`,
  ]);
}

/** Serialises one family's bookings for the rest of `tx` (its limit of calls waiting). */
export async function lockFamily(tx: Queryable, userId: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`scheduled-calls-family:${userId}`]);
}

/** Calls holding a place in each slot starting at `instants` (canceled ones give theirs back). */
export async function countBySlot(
  q: Queryable,
  instants: Date[],
  exceptId?: string,
): Promise<Map<number, number>> {
  const { rows } = await q.query<{ call_at: Date; n: number }>(
    `select call_at, count(*)::int as n from scheduled_calls
     where call_at = any($1::timestamptz[]) and status <> 'canceled' and ($2::uuid is null or id <> $2)
     group by call_at`,
    [instants.map((instant) => instant.toISOString()), exceptId ?? null],
  );
  return new Map(rows.map((row) => [new Date(row.call_at).getTime(), row.n]));
}

/** The family's calls still to come (waiting, or being dialled). */
export async function countUpcoming(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from scheduled_calls
     where user_id = $1 and status in ('scheduled', 'retry_pending', 'dialing')`,
    [userId],
  );
  return rows[0]!.n;
}

export async function insert(tx: Queryable, call: NewScheduledCall): Promise<ScheduledCallRow> {
  const { rows } = await tx.query<ScheduledCallRow>(
    `insert into scheduled_calls (user_id, phone, child_ids, time_zone, local_date, local_time, call_at)
     values ($1, $2, $3::uuid[], $4, $5, $6, $7) returning ${COLUMNS}`,
    [
      call.user_id,
      call.phone,
      call.child_ids,
      call.time_zone,
      call.local_date,
      call.local_time,
      call.call_at,
    ],
  );
  return rows[0]!;
}

export async function listForUser(q: Queryable, userId: string): Promise<ScheduledCallRow[]> {
  const { rows } = await q.query<ScheduledCallRow>(
    `select ${COLUMNS} from scheduled_calls where user_id = $1 and status <> 'canceled' order by call_at`,
    [userId],
  );
  return rows;
}

export async function findOwnedForUpdate(tx: Queryable, userId: string, id: string) {
  const { rows } = await tx.query<ScheduledCallRow>(
    `select ${COLUMNS} from scheduled_calls where id = $1 and user_id = $2 for update`,
    [id, userId],
  );
  return rows[0];
}

export async function findById(q: Queryable, id: string) {
  const { rows } = await q.query<ScheduledCallRow>(`select ${COLUMNS} from scheduled_calls where id = $1`, [
    id,
  ]);
  return rows[0];
}

export async function findByCallSid(q: Queryable, callSid: string) {
  const { rows } = await q.query<ScheduledCallRow>(
    `select ${COLUMNS} from scheduled_calls where call_sid = $1`,
    [callSid],
  );
  return rows[0];
}

/** A new time (a move): a new version, so the job queued for the old time dials nothing. */
export async function reschedule(
  tx: Queryable,
  id: string,
  at: Pick<ScheduledCallRow, 'time_zone' | 'local_date' | 'local_time' | 'call_at'>,
): Promise<ScheduledCallRow> {
  const { rows } = await tx.query<ScheduledCallRow>(
    `update scheduled_calls set time_zone = $2, local_date = $3, local_time = $4, call_at = $5,
       status = 'scheduled', attempts = 0, call_sid = null, last_outcome = null,
       version = version + 1, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, at.time_zone, at.local_date, at.local_time, at.call_at],
  );
  return rows[0]!;
}

export async function cancel(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update scheduled_calls set status = 'canceled', version = version + 1, updated_at = now() where id = $1`,
    [id],
  );
}

/**
 * The one worker that dials: the row moves to 'dialing' only if it is still waiting at the
 * version the job was queued for. A second worker with the same job finds nothing to claim.
 */
export async function claimForDialing(
  q: Queryable,
  id: string,
  version: number,
): Promise<ScheduledCallRow | undefined> {
  const { rows } = await q.query<ScheduledCallRow>(
    `update scheduled_calls set status = 'dialing', attempts = attempts + 1, call_sid = null, last_outcome = null,
       updated_at = now()
     where id = $1 and version = $2 and status in ('scheduled', 'retry_pending')
     returning ${COLUMNS}`,
    [id, version],
  );
  return rows[0];
}

export async function setCallSid(q: Queryable, id: string, callSid: string): Promise<void> {
  await q.query('update scheduled_calls set call_sid = $2, updated_at = now() where id = $1', [id, callSid]);
}

/** Moves a call on from `from` (one of them) to `to`; false when it had already moved on. */
export async function transition(
  q: Queryable,
  id: string,
  from: ScheduledCallStatus[],
  to: ScheduledCallStatus,
  outcome?: string,
): Promise<ScheduledCallRow | undefined> {
  const { rows } = await q.query<ScheduledCallRow>(
    `update scheduled_calls set status = $3, last_outcome = coalesce($4, last_outcome), updated_at = now()
     where id = $1 and status = any($2::text[]) returning ${COLUMNS}`,
    [id, from, to, outcome ?? null],
  );
  return rows[0];
}

/** The phone's next call still waiting for its time or its retry (the sandbox's clock jumps to it). */
export async function findNextForPhone(q: Queryable, phone: string) {
  const { rows } = await q.query<ScheduledCallRow>(
    `select ${COLUMNS} from scheduled_calls where phone = $1 and status in ('scheduled', 'retry_pending')
     order by call_at limit 1`,
    [phone],
  );
  return rows[0];
}

/**
 * Calls left dialling or connected for longer than `minutes` by the database's clock (the one
 * that set updated_at): a status callback that never came, or a process that died mid-dial.
 */
export async function findStuck(q: Queryable, minutes: number): Promise<ScheduledCallRow[]> {
  const { rows } = await q.query<ScheduledCallRow>(
    `select ${COLUMNS} from scheduled_calls
     where status in ('dialing', 'connected') and updated_at < now() - make_interval(mins => $1)
     order by updated_at limit 100`,
    [minutes],
  );
  return rows;
}

/** Dials made to the family in the last `hours` (every scheduled call's tries together). */
export async function countDialsSince(q: Queryable, userId: string, hours: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from scheduled_call_dials
     where user_id = $1 and dialed_at > now() - make_interval(hours => $2)`,
    [userId, hours],
  );
  return rows[0]!.n;
}

export async function recordDial(q: Queryable, call: { id: string; user_id: string }): Promise<void> {
  await q.query('insert into scheduled_call_dials (scheduled_call_id, user_id) values ($1, $2)', [
    call.id,
    call.user_id,
  ]);
}
