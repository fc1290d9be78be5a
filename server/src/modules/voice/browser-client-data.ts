import type { ReservationRow } from './reservations.repository.ts';
import { GRACE_SECONDS } from './minutes.ts';

/**
 * What a browser conversation's client data claims that differs from what we issued for it. The
 * browser carries the variables we minted (decision 0035); a claim that differs is settled by our
 * own record regardless, and named here so operations can see someone tried.
 */
export function browserClaimsThatDiffer(
  call: {
    conversationId: string;
    callSid: string | null;
    userIdHint: string | null;
    durationSeconds: number;
  },
  reservation: Pick<ReservationRow, 'user_id' | 'seconds_reserved'>,
): string[] {
  const differs: string[] = [];
  if (call.callSid !== null && call.callSid !== call.conversationId) differs.push('call_sid');
  if (call.userIdHint !== null && call.userIdHint !== reservation.user_id) differs.push('user_id');
  // The agent ends the call at the reservation plus the grace minute; longer means its limit was overridden.
  if (call.durationSeconds > reservation.seconds_reserved + GRACE_SECONDS) differs.push('duration');
  return differs;
}
