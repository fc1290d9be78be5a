import type { Logger } from 'pino';
import { createWriteBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import * as repo from './provider-deletions.repository.ts';

/** A deletion the provider refused is tried again this much later. */
const RETRY_SECONDS = 60;
const BATCH = 50;

/**
 * The voice provider's copy of a call is deleted once we hold it (migrations/0016): Pay Per
 * Call's promise, and every call's under RETENTION_DELETE_PROVIDER_COPIES. Never before our copy
 * of the audio is stored: until then the provider's copy is the only one, and call recovery
 * (call-recovery.ts) fetches it from there. Once recovery gives up, the deletion is released.
 * Retried until the provider confirms. The deletion is scheduled in the statement that stores the
 * call (call-store.repository.ts insertCallRecord).
 */
export function createProviderDeletions(deps: { db: Db; logger: Logger; voice: VoiceEngine }) {
  const { db, logger } = deps;
  // The audio webhooks of calls that end together confirm their deletions in one statement.
  const confirmed = createWriteBatcher((conversationIds: string[]) => repo.deleteDone(db, conversationIds));

  async function deleteNow(conversationId: string): Promise<void> {
    try {
      await deps.voice.deleteConversation(conversationId);
    } catch (error) {
      logger.error({ err: error, conversationId }, 'could not delete the provider conversation; will retry');
      await repo.dueIn(db, conversationId, RETRY_SECONDS);
      return;
    }
    await confirmed(conversationId);
  }

  return {
    /** Recovery gave up on the audio: the provider's copy goes at the next run. */
    release: (conversationId: string) => repo.dueIn(db, conversationId, 0),

    /** The call's audio is stored: a deletion waiting for it (as storing it found) goes ahead. */
    async audioStored(conversationId: string, taken: { deletionWaiting: boolean }): Promise<void> {
      if (taken.deletionWaiting) await deleteNow(conversationId);
    },

    /** Background job: released deletions, and ones the provider refused before. */
    async runDue(): Promise<void> {
      for (const conversationId of await repo.findDue(db, BATCH)) await deleteNow(conversationId);
    },
  };
}

export type ProviderDeletions = ReturnType<typeof createProviderDeletions>;
