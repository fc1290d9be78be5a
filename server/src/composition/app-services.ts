import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { AdminPorts } from '../modules/admin/admin.ports.ts';
import type { AuthRateLimits } from '../modules/auth/auth.routes.ts';
import type { AccountService } from '../modules/auth/account.service.ts';
import type { GoogleSignInService } from '../modules/auth/google.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { PasswordResetRequests } from '../modules/auth/password-reset-requests.ts';
import type { CallSafetyService } from '../modules/call-safety/call-safety.service.ts';
import type { EmailService } from '../modules/email/email.service.ts';
import type { GiftUpkeep } from '../modules/gifts/gift-upkeep.ts';
import type { GiftsService } from '../modules/gifts/gifts.service.ts';
import type { KeepsakesService } from '../modules/keepsakes/keepsakes.service.ts';
import type { MemoryService } from '../modules/memory/memory.service.ts';
import type { ChildrenService } from '../modules/children/children.service.ts';
import type { ListenersService } from '../modules/listeners/listeners.service.ts';
import type { ConsentService } from '../modules/privacy/consent.service.ts';
import type { ErasureService } from '../modules/privacy/erasure.service.ts';
import type { ExportService } from '../modules/privacy/export.service.ts';
import type { NumbersService } from '../modules/numbers/numbers.service.ts';
import type { BillingPortalService } from '../modules/payments/billing-portal.service.ts';
import type { CheckoutService } from '../modules/payments/checkout.service.ts';
import type { CouponsService } from '../modules/payments/coupons.service.ts';
import type { FulfilmentService } from '../modules/payments/fulfilment.service.ts';
import type { FamilyPhonesService } from '../modules/santa/family-phones.service.ts';
import type { HotlineService } from '../modules/santa/hotline.service.ts';
import type { PronunciationService } from '../modules/santa/pronunciation.service.ts';
import type { VoiceSamplesService } from '../modules/santa/voice-samples.service.ts';
import type { LineAccessService } from '../modules/santa/line-access.service.ts';
import type { ProfileService } from '../modules/santa/profile.service.ts';
import type { SampleService } from '../modules/santa/sample.service.ts';
import type { SantaPromptService } from '../modules/santa-script/santa-prompt.service.ts';
import type { SubscriptionService } from '../modules/subscription/subscription.service.ts';
import type { PlanNotices } from '../modules/subscription/plan-notices.ts';
import type { RenewalReminders } from '../modules/subscription/renewal-reminders.ts';
import type { ScheduledCallsService } from '../modules/scheduled-calls/scheduled-calls.service.ts';
import type { VoiceModule } from '../modules/voice/voice-module.ts';
import type { InactiveAccounts } from '../modules/retention/inactive-accounts.ts';
import type { RetentionService } from '../modules/retention/retention.service.ts';
import type { Providers } from '../providers/providers.ts';
import type { PostToApp } from '../providers/sandbox-webhooks.ts';

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
  /** "Forgot password", answered alike for every address and looked up by a job. */
  passwordResetRequests: PasswordResetRequests;
  /** Sign in with Google: the OIDC round trip and the account it lands on. */
  googleSignIn: GoogleSignInService;
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
  /** Each Santa's voice sample, heard before paying. */
  voiceSamples: VoiceSamplesService;
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
  /** The periodic upkeep of calls: deadlines hung up, provider copies and stray audio deleted. */
  callUpkeep: CallUpkeep;
  /** The sandbox phone's question: which dedicated line does this signed-in viewer's family have? */
  sandboxLineOf: (sessionToken: string | undefined) => Promise<string | undefined>;
}

export interface CallUpkeep {
  sweepDeadlines(): Promise<void>;
  deleteProviderCopies(): Promise<void>;
  /** Calls still missing their transcript or audio, fetched from the voice provider. */
  recoverCalls(): Promise<void>;
  deleteUnclaimedRecordings(): Promise<void>;
}
