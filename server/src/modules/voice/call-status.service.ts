import type { TwilioStatus } from '@santa/shared/voice';
import { TWILIO_FINAL_STATUSES } from '@santa/shared/voice';
import { createWriteBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import * as reservations from './reservations.repository.ts';
import { closeReservation, NEVER_CONNECTED } from './minutes.ts';

/**
 * Twilio's status callback. A completed call waits for ElevenLabs' post-call event; the sweeper
 * settles it by CallDuration if that event never comes. A call that never connected is closed now.
 */
export function createCallStatusService(db: Db) {
  // Every call's ending is a statement; on Christmas Eve the callbacks that arrive together share
  // one, as the rings do their reservations.
  const recordEnded = createWriteBatcher((endings: reservations.CallEnding[]) =>
    reservations.recordCallsEnded(db, endings),
  );
  return {
    async handleStatus(status: TwilioStatus): Promise<void> {
      if (!(TWILIO_FINAL_STATUSES as readonly string[]).includes(status.CallStatus)) return;
      if (NEVER_CONNECTED.has(status.CallStatus)) {
        const reservation = await reservations.findReservationBySid(db, status.CallSid);
        if (reservation) await closeReservation(db, reservation.id);
        // Its reservation may still be on its way: nothing was spoken, so nothing is owed.
        else await recordEnded({ callSid: status.CallSid, durationSecs: 0 });
        return;
      }
      await recordEnded({ callSid: status.CallSid, durationSecs: status.CallDuration ?? null });
    },

    /**
     * Santa's call reached a voicemail box, not a child: its reservation closes uncharged, so the
     * minutes are the family's again and no later report of the call bills them.
     */
    async releaseCall(callSid: string): Promise<void> {
      const reservation = await reservations.findReservationBySid(db, callSid);
      if (reservation?.status === 'open') await closeReservation(db, reservation.id);
    },
  };
}

export type CallStatusService = ReturnType<typeof createCallStatusService>;
