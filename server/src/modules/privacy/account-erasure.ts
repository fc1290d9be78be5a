import type { Db, Queryable } from '../../db/db.ts';
import { exportArchiveKeys } from './export.repository.ts';

/** What deleting an account touches outside our own rows, in other modules' and providers' hands. */
export interface ErasurePorts {
  accounts: { deleteAccount(q: Queryable, userId: string): Promise<boolean> };
  subscription: {
    find(
      userId: string,
    ): Promise<
      | { stripe_subscription_id: string | null; stripe_customer_id?: string | null; status: string }
      | undefined
    >;
  };
  billing: { cancelSubscriptionNow(stripeSubscriptionId: string): Promise<void> };
  numbers: {
    agentConfigOf(userId: string): Promise<unknown>;
    releaseDedicatedNumber(userId: string): Promise<unknown>;
  };
  calls: {
    artifactsOf(userId: string): Promise<{ conversation_id: string | null; audio_key: string | null }[]>;
  };
  storage: { delete(key: string): Promise<void> };
  voice: { deleteConversation(conversationId: string): Promise<void> };
  /** Gifts outlive their buyer's account; what they say about a redeemer does not (decision 0022). */
  gifts?: { forgetAccount(q: Queryable, userId: string): Promise<void> };
}

/** What an erasure did, for its audit row: counts and flags, never what was deleted. */
export interface ErasureReport {
  stripe_subscription_cancelled: boolean;
  number_released: boolean;
  recordings_deleted: number;
  conversations_deleted: number;
}

/**
 * Children's data goes with the account: recordings, the voice provider's conversations, the
 * family's download archives, the dedicated number and the Stripe subscription, then every row
 * (they all cascade from users) and the audit row in one transaction. A provider failure stops
 * before our rows go, so the deletion can be tried again. The admin's delete and the parent's own
 * both come here. Returns false when the account was already gone.
 */
export async function eraseAccount(
  db: Db,
  ports: ErasurePorts,
  userId: string,
  audit: (tx: Queryable, report: ErasureReport) => Promise<void>,
): Promise<boolean> {
  const numberReleased = Boolean(await ports.numbers.agentConfigOf(userId));
  const subscription = await ports.subscription.find(userId);
  let stripeCancelled = false;
  if (subscription?.stripe_subscription_id && subscription.status !== 'ended') {
    await ports.billing.cancelSubscriptionNow(subscription.stripe_subscription_id);
    stripeCancelled = true;
  }
  // Idempotent: Stripe's cancellation webhook may already have released it.
  if (numberReleased) await ports.numbers.releaseDedicatedNumber(userId);

  let recordings = 0;
  let conversations = 0;
  for (const artifact of await ports.calls.artifactsOf(userId)) {
    if (artifact.audio_key) {
      await ports.storage.delete(artifact.audio_key);
      recordings += 1;
    }
    if (artifact.conversation_id) {
      await ports.voice.deleteConversation(artifact.conversation_id);
      conversations += 1;
    }
  }
  for (const key of await exportArchiveKeys(db, userId)) await ports.storage.delete(key);

  return db.transaction(async (tx) => {
    await ports.gifts?.forgetAccount(tx, userId);
    if (!(await ports.accounts.deleteAccount(tx, userId))) return false;
    await audit(tx, {
      stripe_subscription_cancelled: stripeCancelled,
      number_released: numberReleased,
      recordings_deleted: recordings,
      conversations_deleted: conversations,
    });
    return true;
  });
}
