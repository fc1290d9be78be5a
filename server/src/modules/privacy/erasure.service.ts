import { CALL_NOT_FOUND_MESSAGE } from '@santa/shared/voice';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { eraseAccount, type ErasurePorts } from './account-erasure.ts';
import { insertPrivacyAudit } from './consent.repository.ts';

interface OwnCall {
  id: string;
  conversation_id: string | null;
  audio_key: string | null;
}

export interface ParentErasurePorts extends ErasurePorts {
  calls: ErasurePorts['calls'] & {
    findOwnCall(userId: string, callId: string): Promise<OwnCall | undefined>;
    deleteOwnCall(q: Queryable, userId: string, call: OwnCall): Promise<boolean>;
  };
  profiles: { deleteProfile(q: Queryable, userId: string): Promise<unknown> };
  /** Drops what this replica remembers of the account's sessions. */
  forgetUser(userId: string): void;
}

const NO_PROFILE = "There is no child's profile to delete.";

/**
 * What a parent deletes themselves, once their identity is confirmed (the route asks the account
 * service): outside copies first, so a provider failure leaves the row to retry, then the rows and
 * an audit row with counts only.
 */
export function createErasureService(db: Db, ports: ParentErasurePorts) {
  return {
    /** The transcript, summary, safety read, recording and the voice provider's copy of one call. */
    async deleteCall(userId: string, callId: string): Promise<void> {
      const call = await ports.calls.findOwnCall(userId, callId);
      if (!call) throw new AppError('not_found', CALL_NOT_FOUND_MESSAGE);
      if (call.audio_key) await ports.storage.delete(call.audio_key);
      if (call.conversation_id) await ports.voice.deleteConversation(call.conversation_id);
      await db.transaction(async (tx) => {
        await ports.calls.deleteOwnCall(tx, userId, call);
        await insertPrivacyAudit(tx, {
          userId,
          action: 'delete_call',
          details: {
            call_id: call.id,
            recording_deleted: Boolean(call.audio_key),
            conversation_deleted: Boolean(call.conversation_id),
          },
        });
      });
    },

    /** The child's profile (name, age, wishes, notes); calls stay until deleted themselves. */
    async deleteChildProfile(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const deleted = await ports.profiles.deleteProfile(tx, userId);
        if (!deleted) throw new AppError('not_found', NO_PROFILE);
        await insertPrivacyAudit(tx, { userId, action: 'delete_child_profile' });
      });
    },

    /**
     * The whole account, as the admin's delete does. Stripe keeps its own invoices (the payment
     * records tax law requires); our audit row keeps only the Stripe customer id that finds them.
     */
    async deleteAccount(userId: string): Promise<void> {
      const customer = await ports.subscription.find(userId);
      await eraseAccount(db, ports, userId, (tx, report) =>
        insertPrivacyAudit(tx, {
          userId,
          action: 'delete_account',
          details: { ...report, stripe_customer_id: customer?.stripe_customer_id ?? null },
        }),
      );
      ports.forgetUser(userId);
    },
  };
}

export type ErasureService = ReturnType<typeof createErasureService>;
