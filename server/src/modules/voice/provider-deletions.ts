import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/db.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';

/** A deletion the provider refused is tried again this much later. */
const RETRY_SECONDS = 60;
const BATCH = 50;

/**
 * The voice provider's copy of a call is deleted once we hold it (migrations/0016): Pay Per
 * Call's promise, and every call's under RETENTION_DELETE_PROVIDER_COPIES. Never before our copy
 * of the audio is stored: until then the provider's copy is the only one, and call recovery
 * (call-recovery.ts) fetches it from there. Once recovery gives up, the deletion is released.
 * Retried until the provider confirms.
 */
export function createProviderDeletions(deps: { db: Db; logger: Logger; voice: VoiceEngine }) {
  const { db, logger } = deps;

  async function deleteNow(conversationId: string): Promise<void> {
    try {
      await deps.voice.deleteConversation(conversationId);
    } catch (error) {
      logger.error({ err: error, conversationId }, 'could not delete the provider conversation; will retry');
      await db.query(
        `update provider_conversation_deletions set due_at = now() + make_interval(secs => $2)
         where conversation_id = $1`,
        [conversationId, RETRY_SECONDS],
      );
      return;
    }
    await db.query('delete from provider_conversation_deletions where conversation_id = $1', [
      conversationId,
    ]);
  }

  return {
    /**
     * In the transaction that stores the call: its conversation is to be deleted, once its audio
     * is stored (audioStored) or known lost (release); no clock deletes it before.
     */
    async schedule(q: Queryable, conversationId: string): Promise<void> {
      await q.query(
        `insert into provider_conversation_deletions (conversation_id, due_at)
         values ($1, 'infinity') on conflict (conversation_id) do nothing`,
        [conversationId],
      );
    },

    /** Recovery gave up on the audio: the provider's copy goes at the next run. */
    async release(conversationId: string): Promise<void> {
      await db.query('update provider_conversation_deletions set due_at = now() where conversation_id = $1', [
        conversationId,
      ]);
    },

    /** The call's audio is stored: a deletion waiting for it goes ahead. */
    async audioStored(conversationId: string): Promise<void> {
      const { rows } = await db.query(
        'select 1 from provider_conversation_deletions where conversation_id = $1',
        [conversationId],
      );
      if (rows.length > 0) await deleteNow(conversationId);
    },

    /** Background job: released deletions, and ones the provider refused before. */
    async runDue(): Promise<void> {
      const { rows } = await db.query<{ conversation_id: string }>(
        `select conversation_id from provider_conversation_deletions where due_at <= now()
         order by due_at limit $1`,
        [BATCH],
      );
      for (const row of rows) await deleteNow(row.conversation_id);
    },
  };
}

export type ProviderDeletions = ReturnType<typeof createProviderDeletions>;
