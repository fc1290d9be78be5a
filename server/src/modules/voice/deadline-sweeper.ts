import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { billedMinutes, settleReservation } from './minutes.ts';
import * as reservations from './reservations.repository.ts';

export const SWEEP_INTERVAL_MS = 5_000;
/** How long an ended call waits for ElevenLabs' post-call event before Twilio's word settles it. */
export const POST_CALL_GRACE_SECONDS = 5 * 60;
const BATCH = 50;

export interface SweeperDeps {
  db: Db;
  logger: Logger;
  telephony: Telephony;
  subscriptions: SubscriptionService;
  graceSeconds?: number;
}

/**
 * Runs in every replica (design §4.3). Hangs up calls past their deadline, then settles calls
 * that ended without a post-call event: by Twilio's CallDuration when known, by the whole
 * reservation when we hung up at the deadline, otherwise closed without charge.
 */
export async function sweepCallReservations(deps: SweeperDeps): Promise<{ hungUp: number; settled: number }> {
  const { db, logger } = deps;
  const overdue = await db.transaction((tx) => reservations.claimOverdueReservations(tx, BATCH));
  let hungUp = 0;
  for (const reservation of overdue) {
    try {
      await deps.telephony.endCall(reservation.call_sid);
      hungUp += 1;
    } catch (error) {
      logger.error({ err: error, callSid: reservation.call_sid }, 'could not end an overdue call');
      await reservations.clearHangUp(db, reservation.id);
    }
  }

  const settled = await db.transaction(async (tx) => {
    const stale = await reservations.claimUnreportedReservations(
      tx,
      deps.graceSeconds ?? POST_CALL_GRACE_SECONDS,
      BATCH,
    );
    for (const reservation of stale) {
      const minutes =
        reservation.call_duration_secs !== null
          ? billedMinutes(reservation.call_duration_secs)
          : reservation.hung_up_at
            ? reservation.minutes_reserved
            : 0;
      await settleReservation(tx, deps.subscriptions, reservation, minutes);
    }
    return stale.length;
  });
  return { hungUp, settled };
}
