import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import {
  billedSeconds,
  closeReservation,
  NEVER_CONNECTED,
  settleReservation,
  type Settlement,
} from './minutes.ts';
import * as reservations from './reservations.repository.ts';
import * as sweeps from './reservation-sweeps.repository.ts';
import type { ReservationRow } from './reservations.repository.ts';

/** How long an ended call waits for ElevenLabs' post-call event before Twilio's word settles it. */
export const POST_CALL_GRACE_SECONDS = 5 * 60;
/** A live call nobody has reported on is checked with Twilio this often. */
export const SILENT_CALL_CHECK_SECONDS = 3 * 60;
const BATCH = 50;

export interface SweeperDeps extends Settlement {
  db: Db;
  logger: Logger;
  telephony: Telephony;
  graceSeconds?: number;
  silentSeconds?: number;
}

/**
 * Runs in every replica (docs/decisions/0007). Hangs up calls past their deadline, asks Twilio
 * about live calls nobody has reported on for a few minutes, then settles calls
 * that ended without a post-call event by Twilio's word on how long they lasted: the status
 * callback's CallDuration, or else the call as Twilio's API reports it. A call is never billed
 * on assumption; while Twilio cannot be asked, its reservation waits for the next sweep.
 */
export async function sweepCallReservations(deps: SweeperDeps): Promise<{ hungUp: number; settled: number }> {
  const { db } = deps;
  const graceSeconds = deps.graceSeconds ?? POST_CALL_GRACE_SECONDS;
  await reservations.applyEarlyEndings(db);

  const overdue = await db.transaction((tx) => sweeps.claimOverdueReservations(tx, BATCH));
  let hungUp = 0;
  for (const reservation of overdue) {
    if (await hangUp(deps, reservation)) hungUp += 1;
  }

  // A call whose end nobody reported (the server was down when it ended) is found here within
  // minutes, not at its deadline: Twilio's record ends it and the family can call again.
  const silent = await sweeps.claimSilentCalls(db, deps.silentSeconds ?? SILENT_CALL_CHECK_SECONDS, BATCH);
  for (const reservation of silent) await learnHowItEnded(deps, reservation);

  // Vendor calls stay outside transactions: ask first, settle after.
  for (const reservation of await sweeps.findUnreportedWithoutDuration(db, graceSeconds, BATCH)) {
    await learnHowItEnded(deps, reservation);
  }

  const settled = await db.transaction(async (tx) => {
    const stale = await sweeps.claimUnreportedReservations(tx, graceSeconds, BATCH);
    for (const reservation of stale) {
      await settleReservation(tx, deps, reservation, billedSeconds(reservation.call_duration_secs ?? 0));
    }
    return stale.length;
  });
  return { hungUp, settled };
}

async function hangUp(deps: SweeperDeps, reservation: ReservationRow): Promise<boolean> {
  try {
    await deps.telephony.endCall(reservation.call_sid);
    return true;
  } catch (error) {
    deps.logger.error({ err: error, callSid: reservation.call_sid }, 'could not end an overdue call');
    // Twilio refuses to end a call that is already over: then its record says how it ended.
    if (!(await learnHowItEnded(deps, reservation))) await sweeps.clearHangUp(deps.db, reservation.id);
    return false;
  }
}

/** Records what Twilio knows of a finished call; answers false while the call is live or unknowable. */
async function learnHowItEnded(deps: SweeperDeps, reservation: ReservationRow): Promise<boolean> {
  let record;
  try {
    record = await deps.telephony.fetchCall(reservation.call_sid);
  } catch (error) {
    deps.logger.error({ err: error, callSid: reservation.call_sid }, 'could not ask Twilio how a call ended');
    return false;
  }
  // Twilio has no such call, or it never connected: nothing was spoken, nothing is owed.
  if (!record || NEVER_CONNECTED.has(record.status)) {
    await closeReservation(deps.db, reservation.id);
    return true;
  }
  if (record.status !== 'completed' || record.durationSeconds === null) return false;
  await reservations.recordCallsEnded(deps.db, [
    { callSid: reservation.call_sid, durationSecs: record.durationSeconds },
  ]);
  return true;
}
