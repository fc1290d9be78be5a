import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { AdminPorts } from './modules/admin/admin.ports.ts';
import type { AuthRateLimits } from './modules/auth/auth.routes.ts';
import { createAccountService, type AccountService } from './modules/auth/account.service.ts';
import { createAccountTokens } from './modules/auth/account-tokens.ts';
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts';
import {
  createCallSafetyService,
  type CallSafetyService,
} from './modules/call-safety/call-safety.service.ts';
import { createEmailService, type EmailService } from './modules/email/email.service.ts';
import { createGiftUpkeep, type GiftUpkeep } from './modules/gifts/gift-upkeep.ts';
import { createGiftsService, type GiftsService } from './modules/gifts/gifts.service.ts';
import { createKeepsakesService, type KeepsakesService } from './modules/keepsakes/keepsakes.service.ts';
import { createMemoryService, type MemoryService } from './modules/memory/memory.service.ts';
import { createChildrenService, type ChildrenService } from './modules/children/children.service.ts';
import { createListenersService, type ListenersService } from './modules/listeners/listeners.service.ts';
import { createConsentService, type ConsentService } from './modules/privacy/consent.service.ts';
import { createErasureService, type ErasureService } from './modules/privacy/erasure.service.ts';
import { createExportService, type ExportService } from './modules/privacy/export.service.ts';
import { createNumbersService, type NumbersService } from './modules/numbers/numbers.service.ts';
import {
  createBillingPortalService,
  type BillingPortalService,
} from './modules/payments/billing-portal.service.ts';
import { createCheckoutService, type CheckoutService } from './modules/payments/checkout.service.ts';
import { createCouponsService, type CouponsService } from './modules/payments/coupons.service.ts';
import { createDiscountHistoryService } from './modules/payments/discount-history.service.ts';
import { createFulfilmentService, type FulfilmentService } from './modules/payments/fulfilment.service.ts';
import {
  createFamilyPhonesService,
  type FamilyPhonesService,
} from './modules/santa/family-phones.service.ts';
import { createHotlineService, type HotlineService } from './modules/santa/hotline.service.ts';
import {
  createPronunciationService,
  type PronunciationService,
} from './modules/santa/pronunciation.service.ts';
import { createLineAccessService, type LineAccessService } from './modules/santa/line-access.service.ts';
import { createProfileService, type ProfileService } from './modules/santa/profile.service.ts';
import { createSampleService, type SampleService } from './modules/santa/sample.service.ts';
import {
  createSantaPromptService,
  type SantaPromptService,
} from './modules/santa-script/santa-prompt.service.ts';
import {
  createSubscriptionService,
  type SubscriptionService,
} from './modules/subscription/subscription.service.ts';
import { createPlanNotices, type PlanNotices } from './modules/subscription/plan-notices.ts';
import { createRenewalReminders, type RenewalReminders } from './modules/subscription/renewal-reminders.ts';
import {
  createScheduledCallsService,
  type ScheduledCallsService,
} from './modules/scheduled-calls/scheduled-calls.service.ts';
import { createVoiceModule, type VoiceModule } from './modules/voice/voice-module.ts';
import { createAccountActivity } from './modules/auth/account-activity.ts';
import { createAdminAccountsService } from './modules/admin/admin-accounts.service.ts';
import { createInactiveAccounts, type InactiveAccounts } from './modules/retention/inactive-accounts.ts';
import { createRetentionService, type RetentionService } from './modules/retention/retention.service.ts';
import { isUsable } from './modules/subscription/subscription.service.ts';
import { PLANS } from '@santa/shared/plans';
import type { Providers } from './providers/providers.ts';
import type { PostToApp } from './providers/sandbox-webhooks.ts';

/** What the app is built from: settings, the database, outside services, background work. */
export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  providers: Providers;
  /** Background work (pg-boss in the same database); started by main.ts and the tests. */
  jobs: JobQueue;
  /** Prometheus figures; GET /metrics serves them when METRICS_TOKEN is set. */
  metrics?: Metrics;
  /** Directory of the built client; the SPA is not served when it is missing (API tests). */
  clientDist?: string;
  bcryptCost?: number;
  authRateLimits?: AuthRateLimits;
  /** How the sandboxes reach our webhooks: default POST to PUBLIC_URL (tests use supertest). */
  sandboxPost?: PostToApp;
  /** The retention schedule's clock: the wall clock, or the tests' own. */
  now?: () => Date;
}

export interface PaymentsServices {
  coupons: CouponsService;
  numbers: NumbersService;
  checkout: CheckoutService;
  fulfilment: FulfilmentService;
  billingPortal: BillingPortalService;
}

/** Every service, built once: routers, background jobs and tests all hold these same instances. */
export interface AppServices {
  auth: AuthService;
  /** Password reset and change, email change and confirmation. */
  account: AccountService;
  /** Transactional email: decided once per event, sent by the email job. */
  emails: EmailService;
  subscription: SubscriptionService;
  /** What an admin changed in a family's plan, for the family's dashboard. */
  planNotices: PlanNotices;
  profile: ProfileService;
  sample: SampleService;
  hotline: HotlineService;
  /** "Hear how Santa says it", in the voice provider's Santa voice (sandbox: the browser's). */
  pronunciation: PronunciationService;
  familyPhones: FamilyPhonesService;
  lineAccess: LineAccessService;
  payments: PaymentsServices;
  santaScript: SantaPromptService;
  voice: VoiceModule;
  /** The safety read after each call: the parent's banner, the admin's counts. */
  callSafety: CallSafetyService;
  /** Calls shared by expiring links, and the Nice List certificate. */
  keepsakes: KeepsakesService;
  memory: MemoryService;
  /** Plans bought as gifts, delivered by email on their day and redeemed once (decision 0022). */
  gifts: { service: GiftsService; upkeep: GiftUpkeep };
  /** The family's children after the first (decision 0024). */
  children: ChildrenService;
  /** Grandparents and other family invited to listen (decision 0026). */
  listeners: ListenersService;
  /** Santa calls the child at a time the parent picked (decision 0025). */
  scheduledCalls: ScheduledCallsService;
  /** What the admin acts through, in the admin module's words. */
  admin: AdminPorts;
  /** A week before a pass renews, its reminder (the hourly job). */
  renewalReminders: RenewalReminders;
  /** The published retention schedule and each family's choice for its recordings. */
  retention: { recordings: RetentionService; inactiveAccounts: InactiveAccounts };
  /** The privacy notice agreement, the family's download and the parent's own deletions. */
  privacy: { consent: ConsentService; exports: ExportService; erasure: ErasureService };
}

/** Who the audit log names for a deletion the retention schedule made. */
const RETENTION_ACTOR = { id: '', email: 'retention schedule' };

/**
 * The composition root: the one place that knows every module and wires them together. Modules
 * only see the narrow dependencies they declare, never this file.
 */
export function createServices(deps: AppDeps): AppServices {
  const { db, config, logger, providers } = deps;
  const subscription = createSubscriptionService(db);
  const consent = createConsentService(db);
  const profile = createProfileService(db, consent);
  const children = createChildrenService(db);
  const santaScript = createSantaPromptService(db);
  const lineAccess = createLineAccessService(db);
  const accountTokens = createAccountTokens(db, { publicUrl: config.publicUrl });
  // The download link is minted by the privacy module when its email is sent (built below).
  const late: { exports?: ExportService; gifts?: GiftsService; listeners?: ListenersService } = {};
  const emails = createEmailService({
    db,
    mailer: providers.mailer,
    jobs: deps.jobs,
    links: {
      passwordResetUrl: (userId) => accountTokens.passwordResetUrl(userId),
      verifyEmailUrl: (userId, email) => accountTokens.verifyEmailUrl(userId, email),
      exportDownloadUrl: (exportId) => late.exports!.downloadLink(exportId),
      giftRedeemLink: (giftId) => late.gifts!.redeemLink(giftId),
      listenerInviteLink: (inviteId) => late.listeners!.inviteLink(inviteId),
    },
    publicUrl: config.publicUrl,
    logger,
  });
  const planNotices = createPlanNotices(db, emails);
  const auth = createAuthService(db, {
    adminEmail: config.adminEmail,
    bcryptCost: deps.bcryptCost,
    emails,
  });
  const account = createAccountService({
    db,
    tokens: accountTokens,
    emails,
    adminEmail: config.adminEmail,
    hashPassword: auth.hashPassword,
    forgetUser: auth.forgetUser,
  });
  const coupons = createCouponsService(db);
  const numbers = createNumbersService({ db, telephony: providers.telephony, publicUrl: config.publicUrl });
  const memory = createMemoryService(db, { now: deps.now });
  const voice = createVoiceModule({
    db,
    children,
    logger,
    telephony: providers.telephony,
    voice: providers.voice,
    recordings: providers.recordings,
    summarizer: providers.summarizer,
    profiles: profile,
    subscriptions: subscription,
    prompts: santaScript,
    lineAccess,
    consents: consent,
    jobs: deps.jobs,
    numbers,
    accounts: auth,
    recaps: emails,
    memory,
    answerBudgetMs: config.inboundAnswerBudgetMs,
    maxConcurrentCalls: config.maxConcurrentCalls,
    publicUrl: config.publicUrl,
    deleteProviderCopies: config.retention.deleteProviderCopies,
  });
  const callSafety = createCallSafetyService({
    db,
    logger,
    moderation: providers.moderation,
    transcripts: voice.calls,
  });
  const keepsakes = createKeepsakesService({
    db,
    calls: voice.calls,
    children,
    publicUrl: config.publicUrl,
  });
  const gifts = {
    service: createGiftsService({
      db,
      stripe: providers.stripe,
      jobs: deps.jobs,
      subscription,
      emails,
      calls: voice.calls,
      numbers,
      accounts: auth,
      publicUrl: config.publicUrl,
      logger,
      now: deps.now,
    }),
    upkeep: createGiftUpkeep({ db, subscription, numbers, accounts: auth, emails, logger, now: deps.now }),
  };
  late.gifts = gifts.service;
  const listeners = createListenersService({
    db,
    calls: voice.calls,
    children,
    accounts: auth,
    emails,
    publicUrl: config.publicUrl,
  });
  late.listeners = listeners;
  const payments: PaymentsServices = {
    coupons,
    numbers,
    checkout: createCheckoutService({
      db,
      stripe: providers.stripe,
      coupons,
      subscription,
      calls: voice.calls,
      publicUrl: config.publicUrl,
    }),
    billingPortal: createBillingPortalService({
      stripe: providers.stripe,
      subscription,
      publicUrl: config.publicUrl,
    }),
    fulfilment: createFulfilmentService({
      db,
      stripe: providers.stripe,
      subscription,
      coupons,
      numbers,
      calls: voice.calls,
      accounts: auth,
      paymentEmails: emails,
      gifts: gifts.service,
      logger,
    }),
  };
  const admin: AdminPorts = {
    subscription,
    notices: planNotices,
    accounts: auth,
    calls: voice.calls,
    discounts: createDiscountHistoryService(db),
    coupons,
    numbers,
    santaScript,
    billing: providers.stripe,
    voice: providers.voice,
    storage: providers.recordings,
    safety: callSafety,
    keepsakes,
    children,
    listeners,
    // Built below, with the voice module's answer to an outbound call; asked only once running.
    scheduledCalls: { upcomingCountOf: (userId) => scheduledCalls.upcomingCountOf(userId) },
    gifts: gifts.upkeep,
  };
  const adminAccounts = createAdminAccountsService(db, admin);
  const retention = {
    recordings: createRetentionService({
      db,
      logger,
      settings: config.retention,
      calls: voice.retention,
      memory,
      now: deps.now,
      recordings: providers.recordings,
    }),
    inactiveAccounts: createInactiveAccounts({
      db,
      logger,
      settings: config.retention,
      now: deps.now,
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
  const exports = createExportService({
    db,
    logger,
    jobs: deps.jobs,
    storage: providers.recordings,
    emails,
    publicUrl: config.publicUrl,
  });
  late.exports = exports;
  const erasure = createErasureService(db, {
    accounts: auth,
    subscription,
    billing: providers.stripe,
    numbers,
    calls: voice.calls,
    storage: providers.recordings,
    voice: providers.voice,
    profiles: profile,
    gifts: gifts.upkeep,
    forgetUser: auth.forgetUser,
  });
  const familyPhones = createFamilyPhonesService({ db, telephony: providers.telephony });
  const scheduledCalls = createScheduledCallsService({
    db,
    logger,
    jobs: deps.jobs,
    telephony: providers.telephony,
    familyPhones,
    children,
    voice: { answerOutbound: voice.inbound.answerOutbound, handleStatus: voice.status.handleStatus },
    publicUrl: config.publicUrl,
    slotCapacity: config.scheduledCallsPerSlot,
    now: deps.now,
  });
  return {
    privacy: { consent, exports, erasure },
    scheduledCalls,
    auth,
    account,
    emails,
    subscription,
    planNotices,
    profile,
    sample: createSampleService(db, subscription),
    hotline: createHotlineService(numbers, subscription, providers.telephony.hotlineNumber),
    pronunciation: createPronunciationService(providers.voice, logger),
    familyPhones,
    lineAccess,
    payments,
    santaScript,
    voice,
    callSafety,
    keepsakes,
    memory,
    gifts,
    children,
    listeners,
    renewalReminders: createRenewalReminders({ subscriptions: subscription, emails, logger }),
    admin,
    retention,
  };
}
