import { NO_CONFIGURATION_MESSAGE } from '@santa/shared/admin';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { eraseAccount } from '../privacy/account-erasure.ts';
import type { AdminPorts } from './admin.ports.ts';
import * as repo from './admin.repository.ts';
import { userNotFound, type AdminActor } from './admin.service.ts';

type Ports = Pick<
  AdminPorts,
  'accounts' | 'subscription' | 'billing' | 'numbers' | 'voice' | 'storage' | 'calls' | 'gifts'
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

    /** Everything of the family, as the parent's own deletion does (privacy/account-erasure.ts). */
    async deleteUser(admin: AdminActor, userId: string): Promise<string> {
      if (userId === admin.id) throw new AppError('bad_request', 'You cannot delete your own admin account');
      const user = await ports.accounts.findAccount(userId);
      if (!user) throw userNotFound();
      const erased = await eraseAccount(db, ports, userId, (tx, report) =>
        repo.insertAudit(tx, {
          adminEmail: admin.email,
          action: 'delete_user',
          targetUserId: userId,
          details: { ...report },
        }),
      );
      if (!erased) throw userNotFound();
      ports.accounts.forgetUser(userId);
      return 'User deleted successfully';
    },
  };
}

export type AdminAccountsService = ReturnType<typeof createAdminAccountsService>;
