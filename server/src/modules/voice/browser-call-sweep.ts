import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import { ConversationNotFoundError, type VoiceEngine } from '../../providers/voice/voice-engine.ts';
import { closeReservation } from './minutes.ts';
import * as reservations from './reservations.repository.ts';
import * as sweeps from './reservation-sweeps.repository.ts';

export interface BrowserSweepDeps {
  db: Db;
  logger: Logger;
  voice: Pick<VoiceEngine, 'getConversation'>;
  /** How often one overdue browser call is asked about again while the agent cannot say. */
  everySeconds?: number;
}

const BATCH = 50;
const ASK_AGAIN_SECONDS = 3 * 60;

/**
 * Browser calls the post-call event never settled (decision 0035). There is no Twilio call to ask,
 * so the voice agent is asked: a conversation that never started (its signed URL unused) costs
 * nothing; a finished one is recorded as ended with the agent's length, so call recovery fetches
 * its transcript and audio, and the deadline sweep settles it by that length if they never come;
 * one still running, or an agent that cannot be reached, is asked again on a later sweep.
 */
export async function sweepBrowserCalls(deps: BrowserSweepDeps): Promise<number> {
  const overdue = await sweeps.claimOverdueBrowserCalls(
    deps.db,
    deps.everySeconds ?? ASK_AGAIN_SECONDS,
    BATCH,
  );
  let ended = 0;
  for (const reservation of overdue) {
    const seconds = await howLongItLasted(deps, reservation.call_sid);
    if (seconds === undefined) continue;
    if (seconds === 0) await closeReservation(deps.db, reservation.id);
    else
      await reservations.recordCallsEnded(deps.db, [
        { callSid: reservation.call_sid, durationSecs: seconds },
      ]);
    ended += 1;
  }
  return ended;
}

/** Seconds spoken (0 when the conversation never started); undefined while it cannot be told. */
async function howLongItLasted(deps: BrowserSweepDeps, conversationId: string): Promise<number | undefined> {
  try {
    const conversation = await deps.voice.getConversation(conversationId);
    if (conversation.status === 'done' || conversation.status === 'failed')
      return conversation.durationSeconds;
    return conversation.status === 'initiated' ? 0 : undefined;
  } catch (error) {
    if (error instanceof ConversationNotFoundError) return 0;
    deps.logger.error(
      { err: error, conversationId },
      'could not ask the voice agent how a browser call ended',
    );
    return undefined;
  }
}
