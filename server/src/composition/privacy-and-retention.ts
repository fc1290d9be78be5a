import type { MemoryService } from '../modules/memory/memory.service.ts';
import type { ConsentService } from '../modules/privacy/consent.service.ts';
import { createErasureService } from '../modules/privacy/erasure.service.ts';
import { createExportService } from '../modules/privacy/export.service.ts';
import type { ProfileService } from '../modules/santa/profile.service.ts';
import { createAccountActivity } from '../modules/auth/account-activity.repository.ts';
import type { createAdminAccountsService } from '../modules/admin/admin-accounts.service.ts';
import { createInactiveAccounts } from '../modules/retention/inactive-accounts.ts';
import { createRetentionService } from '../modules/retention/retention.service.ts';
import { isUsable } from '../modules/subscription/subscription.service.ts';
import { PLANS } from '@santa/shared/plans';
import type { AppDeps, AppServices } from './app-services.ts';

/** Who the audit log names for a deletion the retention schedule made. */
const RETENTION_ACTOR = { id: '', email: 'retention schedule' };

import type { Built } from './money.ts';
/** The family's download and the parent's own deletions, beside the notice agreement. */
export function buildPrivacy(
  deps: AppDeps,
  built: Built & { consent: ConsentService; profile: ProfileService; gifts: AppServices['gifts'] },
): AppServices['privacy'] {
  const { db, logger, providers } = deps;
  const exports = createExportService({
    db,
    logger,
    jobs: deps.jobs,
    storage: providers.recordings,
    emails: built.emails,
    publicUrl: deps.config.publicUrl,
  });
  const erasure = createErasureService(db, {
    accounts: built.auth,
    subscription: built.subscription,
    billing: providers.stripe,
    numbers: built.numbers,
    calls: built.voice.calls,
    storage: providers.recordings,
    voice: providers.voice,
    profiles: built.profile,
    gifts: built.gifts.upkeep,
    forgetUser: built.auth.forgetUser,
  });
  return { consent: built.consent, exports, erasure };
}

/** The published retention schedule: recordings, transcripts and inactive accounts. */
export function buildRetention(
  deps: AppDeps,
  built: Pick<Built, 'voice' | 'subscription' | 'emails'> & {
    memory: MemoryService;
    adminAccounts: ReturnType<typeof createAdminAccountsService>;
  },
): AppServices['retention'] {
  const { db, logger, config, now } = deps;
  const { voice, subscription, emails, adminAccounts } = built;
  return {
    recordings: createRetentionService({
      db,
      logger,
      settings: config.retention,
      calls: voice.retention,
      memory: built.memory,
      now,
      recordings: deps.providers.recordings,
    }),
    inactiveAccounts: createInactiveAccounts({
      db,
      logger,
      settings: config.retention,
      now,
      activity: createAccountActivity(db),
      lastCallAt: (userId) => voice.retention.lastCallAt(userId),
      async hasRunningPass(userId) {
        const plan = await subscription.find(userId);
        return !!plan && isUsable(plan) && PLANS[plan.plan].billing === 'subscription';
      },
      warn: (tx, warning) =>
        emails.inactivityWarning(tx, { ...warning, inactiveMonths: config.retention.inactiveAccountMonths }),
      deleteAccount: (userId) => adminAccounts.deleteUser(RETENTION_ACTOR, userId).then(() => undefined),
    }),
  };
}
