import { FREE_SHORT_CALLS_PER_DAY, FREE_START_SECONDS } from '@santa/shared/constants';
import { isPlanId, PLANS } from '@santa/shared/plans';
import { createBatcher } from '../../db/batcher.ts';
import type { Db, Queryable } from '../../db/db.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import { USABLE_STATUSES, type SubscriptionService } from '../subscription/subscription.service.ts';
import * as reservations from './reservations.repository.ts';
import type { ReservationRow, SettledInStatement, TakenReservation } from './reservations.repository.ts';

export { LINES_BUSY } from './reservations.repository.ts';

/** A call may run one minute past its reservation before the deadline sweeper hangs up. */
export const GRACE_SECONDS = 60;

/** Twilio's final statuses of a call that never connected: nothing was spoken, nothing is owed. */
export const NEVER_CONNECTED: ReadonlySet<string> = new Set(['failed', 'busy', 'no-answer', 'canceled']);

/** Calls are billed by the second (decision 0013); a started second counts. */
export function billedSeconds(seconds: number): number {
  return Math.ceil(Math.max(0, seconds));
}

/**
 * The longest call any plan allows. A pass's reservation used to hold the whole balance (up to 12
 * hours for a year's pass), and a call whose end went unreported held it until then.
 */
export const LONGEST_CALL_MINUTES = 60;

/** A plan's longest call in seconds: its own cap (the sample's minute, Pay Per Call's 5), else an hour. */
export function perCallCap(plan: string): number {
  return ((isPlanId(plan) ? PLANS[plan].perCallCapMinutes : null) ?? LONGEST_CALL_MINUTES) * 60;
}

/** Each plan's per-call cap in seconds, as the reservation function reads it. */
// Stryker disable all: built once at module load, where mutation switching cannot reach; perCallCap is tested.
const PER_CALL_CAPS: Record<string, number> = Object.fromEntries(
  Object.keys(PLANS).map((plan) => [plan, perCallCap(plan)]),
);
// Stryker restore all

interface RingingCall {
  userId: string;
  callSid: string;
  stirVerstat: string | null;
}

/**
 * Takes reservations atomically: each subscription row is locked, so concurrent calls on one
 * account queue there and together never reserve more than the balance. A call finds a free line
 * first (MAX_CONCURRENT_CALLS, in the same statement), else it is LINES_BUSY. Calls ringing at the
 * same moment share one round trip.
 *
 * The race it tolerates: two batches in flight at once (or two replicas) may each count the same
 * free lines, overshooting the limit by at most the calls answered in that instant. ElevenLabs
 * lets a plan burst to three times its concurrency (up to 300), which absorbs that; an exact limit
 * would make every answer queue on one lock, on Christmas Eve's hot path.
 */
export function createMinutesReserver(
  db: Db,
  maxConcurrentCalls: number,
): (
  userId: string,
  callSid: string,
  stirVerstat?: string,
) => Promise<TakenReservation | typeof reservations.LINES_BUSY | null> {
  const reserve = createBatcher(async (calls: RingingCall[]) => {
    const taken = await reservations.reserveCallsSeconds(db, {
      calls,
      usableStatuses: USABLE_STATUSES,
      caps: PER_CALL_CAPS,
      maxLive: maxConcurrentCalls,
    });
    return calls.map((call) => taken.get(call.callSid) ?? null);
  });
  return (userId, callSid, stirVerstat) => reserve({ userId, callSid, stirVerstat: stirVerstat ?? null });
}

/** What settling a call touches besides its reservation. */
export interface Settlement {
  subscriptions: SubscriptionService;
  profiles: Pick<ProfileService, 'deleteProfile'>;
}

/** Pay-per-call promises the child's details are deleted once its one call has been made. */
export function deletesProfileAfterCall(plan: string): boolean {
  return isPlanId(plan) && PLANS[plan].deletesProfileAfterCall;
}

/**
 * What a finished call is billed before any short call is forgiven: its seconds, at most the
 * reservation plus the grace minute. reservations.repository.ts lockAndFinishReservation bills the
 * same in SQL, for the statement that stores the call.
 */
export function billFor(reservation: Pick<ReservationRow, 'seconds_reserved'>, seconds: number): number {
  return Math.min(Math.max(0, seconds), reservation.seconds_reserved + GRACE_SECONDS);
}

/** What a plan's charge needs to know of the plan a call was answered under. */
function chargeOf(plan: string) {
  return { plan, oneCallCap: deletesProfileAfterCall(plan) ? perCallCap(plan) : null };
}

/**
 * How the statement that stores a call settles its reservation there (reservations.repository.ts),
 * and charges the plan for it; a billed Pay Per Call call is then spentOneCallPlan (see
 * chargeFinishedReservation).
 */
export function settlementInStatement(
  settlement: Settlement,
  reservation: Pick<ReservationRow, 'id' | 'user_id' | 'plan'>,
  seconds: number,
): SettledInStatement {
  return {
    reservationId: reservation.id,
    seconds,
    graceSeconds: GRACE_SECONDS,
    freeStartSeconds: FREE_START_SECONDS,
    charge: (param, finished) =>
      settlement.subscriptions.chargeCallSql(param, reservation.user_id, chargeOf(reservation.plan), {
        sql: `${finished}.billed`,
        from: finished,
        where: `${finished}.billed > 0`,
      }),
  };
}

/** A bill that no short-call forgiveness can change: nothing spoken, or past the free start. */
export function isBeyondForgiveness(billed: number): boolean {
  return billed === 0 || billed >= FREE_START_SECONDS;
}

/**
 * Whether storing a call leaves part of its settlement to the transaction around the statement: a
 * short call the family may be forgiven (counted under the plan's lock, settleReservation), or Pay
 * Per Call's one call, whose kid profile goes in the same transaction. Exact however the status
 * callback shrinks the hold meanwhile: the grace minute is longer than the free start, so the
 * statement's bill passes the free start exactly when the call's seconds do.
 */
export function settlesApart(
  reservation: Pick<ReservationRow, 'status' | 'plan' | 'seconds_reserved'> | undefined,
  seconds: number,
): boolean {
  if (reservation?.status !== 'open') return false;
  return !isBeyondForgiveness(billFor(reservation, seconds)) || deletesProfileAfterCall(reservation.plan);
}

/**
 * Moves a finished call's seconds into seconds_used (inside the caller's transaction, with the
 * reservation already locked). Billed = billFor, and the balance never goes below zero. A call
 * that ends in its first seconds is not billed at all (isShortCallForgiven): nor does it spend Pay
 * Per Call's one call.
 */
export async function settleReservation(
  tx: Queryable,
  settlement: Settlement,
  reservation: ReservationRow,
  seconds: number,
): Promise<number> {
  if (reservation.status !== 'open') return 0;
  const billed = billFor(reservation, seconds);
  if (!isBeyondForgiveness(billed)) {
    // Locked first: the family's short calls are counted one settlement at a time.
    await settlement.subscriptions.findForUpdate(tx, reservation.user_id);
    if (await isShortCallForgiven(tx, reservation)) {
      await reservations.finishReservation(tx, reservation.id, 'closed', 0, 'short_call');
      return 0;
    }
  }
  await chargeFinishedReservation(tx, settlement, reservation, billed);
  await reservations.finishReservation(tx, reservation.id, billed > 0 ? 'settled' : 'closed', billed);
  return billed;
}

/**
 * Charges the family's plan for a call billed `billed` seconds: settleReservation's charge (the
 * statement that stores a call charges the same, see settlementInStatement). A billed pay-per-call
 * call is its plan's one call: the plan ends (unless gifted minutes remain) and the kid profile is
 * deleted in the same transaction, whichever path settles it, so the promise cannot be half kept.
 */
async function chargeFinishedReservation(
  tx: Queryable,
  settlement: Settlement,
  reservation: ReservationRow,
  billed: number,
): Promise<void> {
  if (billed === 0) return;
  const charged = await settlement.subscriptions.chargeCall(tx, reservation.user_id, {
    ...chargeOf(reservation.plan),
    billed,
  });
  if (charged?.spentOneCallPlan) await settlement.profiles.deleteProfile(tx, reservation.user_id);
}

/** A call that went wrong in its first seconds costs nothing, a few times a day (shared/constants). */
async function isShortCallForgiven(tx: Queryable, reservation: ReservationRow) {
  const dayAgo = new Date(reservation.created_at.getTime() - 24 * 60 * 60_000);
  const forgiven = await reservations.countShortCallsNotCharged(tx, reservation.user_id, dayAgo);
  return forgiven < FREE_SHORT_CALLS_PER_DAY;
}

export async function closeReservation(db: Db, reservationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const reservation = await reservations.lockReservation(tx, reservationId);
    if (reservation?.status === 'open') await reservations.finishReservation(tx, reservation.id, 'closed', 0);
  });
}
