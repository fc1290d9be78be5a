import type { TwilioStatus } from '@santa/shared/voice';
import { TWILIO_FINAL_STATUSES } from '@santa/shared/voice';
import type { Db } from '../../db/db.ts';
import * as reservations from './reservations.repository.ts';
import { closeReservation } from './minutes.ts';

/** Statuses of a call that never connected, so no post-call event will follow. */
const NEVER_CONNECTED = new Set(['failed', 'busy', 'no-answer', 'canceled']);

/**
 * Twilio's status callback. A completed call waits for ElevenLabs' post-call event; the sweeper
 * settles it by CallDuration if that event never comes. A call that never connected is closed now.
 */
export function createCallStatusService(db: Db) {
  return {
    async handleStatus(status: TwilioStatus): Promise<void> {
      if (!(TWILIO_FINAL_STATUSES as readonly string[]).includes(status.CallStatus)) return;
      if (NEVER_CONNECTED.has(status.CallStatus)) {
        const reservation = await reservations.findReservationBySid(db, status.CallSid);
        if (reservation) await closeReservation(db, reservation.id);
        return;
      }
      await reservations.recordCallEnded(db, status.CallSid, status.CallDuration ?? null);
    },
  };
}

export type CallStatusService = ReturnType<typeof createCallStatusService>;
