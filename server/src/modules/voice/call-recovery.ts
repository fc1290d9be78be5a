import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import type { RecordingStorage } from '../../providers/storage/recording-storage.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import * as repo from './call-recovery.repository.ts';
import type { IncompleteCall } from './call-recovery.repository.ts';
import * as calls from './call-records.repository.ts';
import { recordingKey } from './post-call-events.ts';
import type { ProviderDeletions } from './provider-deletions.ts';

/** A call is looked at this long after Twilio said it ended: the webhooks usually came by then. */
export const RECOVERY_AFTER_MINUTES = 3;
/** The wait after each try; when they run out (about five hours in all) the recording is lost. */
export const RECOVERY_BACKOFF_MINUTES = [2, 5, 15, 30, 60, 180] as const;
const BATCH = 20;

export interface CallRecoveryDeps {
  db: Db;
  logger: Logger;
  voice: Pick<VoiceEngine, 'getConversation' | 'getConversationAudio'>;
  recordings: RecordingStorage;
  providerDeletions: ProviderDeletions;
  /** The calls service's sync: stores each finished conversation of the family we lack. */
  syncFamily(userId: string): Promise<unknown>;
  /** The email module: the parent hears that a call's recording could not be saved. */
  recordingLost(userId: string, callId: string): Promise<unknown>;
}

/**
 * Every call ends complete by itself: ElevenLabs sends the audio once and never again, and
 * retries transcripts only when told to, so a call Twilio reported over that still lacks either is
 * fetched from the provider here (the periodic job), with backoff. The provider's copy is kept
 * until ours is stored, or until the tries run out, when the parent is told.
 */
export function createCallRecovery(deps: CallRecoveryDeps) {
  const { db, logger } = deps;

  /** The call's audio from the provider into our storage; false when it has none (yet). */
  async function fetchAudio(conversationId: string): Promise<boolean> {
    const detail = await deps.voice.getConversation(conversationId);
    const audio = detail.hasAudio ? await deps.voice.getConversationAudio(conversationId) : null;
    if (!audio) return false;
    const key = recordingKey(conversationId);
    await deps.recordings.put(key, audio);
    const taken = await calls.setAudioKey(db, conversationId, key);
    if (taken) await deps.providerDeletions.audioStored(conversationId, taken);
    return true;
  }

  /** One try: true when the call is complete now. */
  async function tryOnce(
    call: IncompleteCall,
  ): Promise<{ complete: boolean; conversationId: string | null }> {
    let conversationId = call.conversation_id;
    if (!conversationId) {
      // The transcript never came: the family's missing conversations, audio included, are fetched.
      await deps.syncFamily(call.user_id);
      const stored = await repo.storedCall(db, call.call_sid);
      if (!stored) return { complete: false, conversationId: null };
      if (stored.audio_key) return { complete: true, conversationId: stored.conversation_id };
      conversationId = stored.conversation_id;
    }
    return { complete: await fetchAudio(conversationId), conversationId };
  }

  /** The last try failed: the recording is lost, the provider's copy may go, the parent is told. */
  async function giveUp(call: IncompleteCall, conversationId: string | null): Promise<void> {
    await repo.giveUp(db, call.call_sid);
    logger.error({ callSid: call.call_sid, conversationId }, 'call recovery gave up: the recording is lost');
    if (!conversationId) return;
    const lost = await repo.markRecordingLost(db, conversationId);
    await deps.providerDeletions.release(conversationId);
    if (lost) await deps.recordingLost(lost.user_id, lost.id);
  }

  async function recover(call: IncompleteCall): Promise<void> {
    let outcome: { complete: boolean; conversationId: string | null };
    try {
      outcome = await tryOnce(call);
    } catch (error) {
      logger.warn({ err: error, callSid: call.call_sid }, 'call recovery try failed; will try again');
      outcome = { complete: false, conversationId: call.conversation_id };
    }
    if (outcome.complete) return;
    const wait = RECOVERY_BACKOFF_MINUTES[call.attempts];
    if (wait === undefined) return giveUp(call, outcome.conversationId);
    await repo.countAttempt(db, call.call_sid, wait);
  }

  return {
    /** The periodic job: each due incomplete call gets one try. Answers how many were looked at. */
    async runDue(): Promise<number> {
      const due = await repo.findIncompleteCalls(db, RECOVERY_AFTER_MINUTES, BATCH);
      for (const call of due) await recover(call);
      return due.length;
    },
  };
}

export type CallRecovery = ReturnType<typeof createCallRecovery>;
