import { NO_CONFIGURATION_MESSAGE } from '@santa/shared/admin';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { AdminPorts } from './admin.ports.ts';
import * as repo from './admin.repository.ts';
import { userNotFound, type AdminActor } from './admin.service.ts';

type Ports = Pick<
  AdminPorts,
  'accounts' | 'subscription' | 'billing' | 'numbers' | 'voice' | 'storage' | 'calls'
>;

/** Deleting accounts and numbers: outside services first, then one transaction for our rows. */
export function createAdminAccountsService(db: Db, ports: Ports) {
  return {
    async deletePhoneNumber(admin: AdminActor, userId: string): Promise<string> {
      const config = await ports.numbers.agentConfigOf(userId);
      if (!config) throw new AppError('not_found', NO_CONFIGURATION_MESSAGE);
      await ports.numbers.releaseDedicatedNumber(userId);
      await repo.insertAudit(db, {
        adminEmail: admin.email,
        action: 'delete_phone_number',
        targetUserId: userId,
      });
      return 'Phone number deleted successfully';
    },

    /**
     * Children's data goes with the account: recordings, the voice provider's
     * conversations, the dedicated number and the Stripe subscription, then every row (they all
     * cascade from users). A provider failure stops before our rows go, so the admin can retry.
     */
    async deleteUser(admin: AdminActor, userId: string): Promise<string> {
      if (userId === admin.id) throw new AppError('bad_request', 'You cannot delete your own admin account');
      const user = await ports.accounts.findAccount(userId);
      if (!user) throw userNotFound();

      const numberReleased = Boolean(await ports.numbers.agentConfigOf(userId));
      const subscription = await ports.subscription.find(userId);
      let stripeCancelled = false;
      if (subscription?.stripe_subscription_id && subscription.status !== 'ended') {
        await ports.billing.cancelSubscriptionNow(subscription.stripe_subscription_id);
        stripeCancelled = true;
      }
      // Idempotent: Stripe's cancellation webhook may already have released it.
      if (numberReleased) await ports.numbers.releaseDedicatedNumber(userId);

      const artifacts = await ports.calls.artifactsOf(userId);
      let recordings = 0;
      let conversations = 0;
      for (const artifact of artifacts) {
        if (artifact.audio_key) {
          await ports.storage.delete(artifact.audio_key);
          recordings += 1;
        }
        if (artifact.conversation_id) {
          await ports.voice.deleteConversation(artifact.conversation_id);
          conversations += 1;
        }
      }

      await db.transaction(async (tx) => {
        if (!(await ports.accounts.deleteAccount(tx, userId))) throw userNotFound();
        await repo.insertAudit(tx, {
          adminEmail: admin.email,
          action: 'delete_user',
          targetUserId: userId,
          details: {
            stripe_subscription_cancelled: stripeCancelled,
            number_released: numberReleased,
            recordings_deleted: recordings,
            conversations_deleted: conversations,
          },
        });
      });
      ports.accounts.forgetUser(userId);
      return 'User deleted successfully';
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
