import type { AdminPorts } from './modules/admin/admin.ports.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { createAccountTokens } from './modules/auth/account-tokens.ts';
import { createPasswordResetRequests } from './modules/auth/password-reset-requests.ts';
import { createGoogleSignInService } from './modules/auth/google.service.ts';
import { GOOGLE_CALLBACK_PATH } from './providers/google/google-provider.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createCallSafetyService } from './modules/call-safety/call-safety.service.ts';
import { createKeepsakesService } from './modules/keepsakes/keepsakes.service.ts';
import { createMemoryService } from './modules/memory/memory.service.ts';
import { createChildrenService } from './modules/children/children.service.ts';
import { createListenersService } from './modules/listeners/listeners.service.ts';
import { createConsentService } from './modules/privacy/consent.service.ts';
import { createNumbersService } from './modules/numbers/numbers.service.ts';
import { createDiscountHistoryService } from './modules/payments/discount-history.service.ts';
import { createReversalHistory } from './modules/payments/reversal-history.ts';
import { createFamilyPhonesService } from './modules/santa/family-phones.service.ts';
import { createHotlineService } from './modules/santa/hotline.service.ts';
import { createPronunciationService } from './modules/santa/pronunciation.service.ts';
import { createVoiceSamplesService } from './modules/santa/voice-samples.service.ts';
import { santaWarbleWav } from './providers/voice/santa-warble.ts';
import { createLineAccessService } from './modules/santa/line-access.service.ts';
import { createProfileService } from './modules/santa/profile.service.ts';
import { createSampleService } from './modules/santa/sample.service.ts';
import { createSantaPromptService } from './modules/santa-script/santa-prompt.service.ts';
import { createSubscriptionService } from './modules/subscription/subscription.service.ts';
import { createPlanNotices } from './modules/subscription/plan-notices.ts';
import { createRenewalReminders } from './modules/subscription/renewal-reminders.ts';
import { createScheduledCallsService } from './modules/scheduled-calls/scheduled-calls.service.ts';
import { createVoiceModule } from './modules/voice/voice-module.ts';
import { createAdminAccountsService } from './modules/admin/admin-accounts.service.ts';

import type { AppDeps, AppServices } from './composition/app-services.ts';
import { buildCallUpkeep } from './composition/call-upkeep.ts';
import { buildEmails } from './composition/emails.ts';
import { buildGifts, buildPayments } from './composition/money.ts';
import { buildPrivacy, buildRetention } from './composition/privacy-and-retention.ts';

export type { AppDeps, AppServices, CallUpkeep, PaymentsServices } from './composition/app-services.ts';

/**
 * The composition root: the one place that knows every module and wires them together, top-down,
 * each service built once after everything it asks. Modules only see the narrow dependencies they
 * declare, never this file.
 */
export function createServices(deps: AppDeps): AppServices {
  const { db, config, logger, providers } = deps;
  const subscription = createSubscriptionService(db);
  const consent = createConsentService(db);
  const profile = createProfileService(db, consent);
  const children = createChildrenService(db);
  const santaScript = createSantaPromptService(db);
  const accountTokens = createAccountTokens(db, { publicUrl: config.publicUrl });
  const emails = buildEmails(deps, accountTokens);
  const planNotices = createPlanNotices(db, emails);
  const lineAccess = createLineAccessService(db, { emails });
  const auth = createAuthService(db, { adminEmail: config.adminEmail, bcryptCost: deps.bcryptCost, emails });
  const passwordResetRequests = createPasswordResetRequests({ db, jobs: deps.jobs, emails });
  const account = createAccountService({
    db,
    tokens: accountTokens,
    emails,
    resetRequests: passwordResetRequests,
    adminEmail: config.adminEmail,
    hashPassword: auth.hashPassword,
    forgetUser: auth.forgetUser,
  });
  const numbers = createNumbersService({ db, telephony: providers.telephony, publicUrl: config.publicUrl });
  const memory = createMemoryService(db, { now: deps.now });
  const callSafety = createCallSafetyService({
    db,
    logger,
    moderation: providers.moderation,
  });
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
    recordingNotices: emails,
    memory,
    safety: callSafety,
    answerBudgetMs: config.inboundAnswerBudgetMs,
    maxConcurrentCalls: config.maxConcurrentCalls,
    publicUrl: config.publicUrl,
    deleteProviderCopies: config.retention.deleteProviderCopies,
  });
  const keepsakes = createKeepsakesService({ db, calls: voice.calls, children, publicUrl: config.publicUrl });
  const gifts = buildGifts(deps, { subscription, emails, calls: voice.calls, numbers, accounts: auth });
  const listeners = createListenersService({
    db,
    calls: voice.calls,
    children,
    accounts: auth,
    emails,
    publicUrl: config.publicUrl,
  });
  const payments = buildPayments(deps, { subscription, numbers, voice, auth, emails, gifts: gifts.service });
  const familyPhones = createFamilyPhonesService({
    db,
    verifier: providers.phoneVerifier,
    limits: config.phoneProof,
    logger,
  });
  const scheduledCalls = createScheduledCallsService({
    db,
    logger,
    jobs: deps.jobs,
    telephony: providers.telephony,
    familyPhones,
    plans: subscription,
    children,
    voice: {
      answerOutbound: voice.inbound.answerOutbound,
      handleStatus: voice.status.handleStatus,
      releaseCall: voice.status.releaseCall,
    },
    publicUrl: config.publicUrl,
    slotCapacity: config.scheduledCallsPerSlot,
    now: deps.now,
  });
  const admin: AdminPorts = {
    subscription,
    notices: planNotices,
    accounts: auth,
    calls: voice.calls,
    reversals: createReversalHistory(db),
    discounts: createDiscountHistoryService(db),
    coupons: payments.coupons,
    numbers,
    santaScript,
    billing: providers.stripe,
    voice: providers.voice,
    storage: providers.recordings,
    safety: callSafety,
    keepsakes,
    children,
    listeners,
    scheduledCalls,
    callPreview: voice.preview,
    gifts: gifts.upkeep,
  };
  const adminAccounts = createAdminAccountsService(db, admin);
  const hotline = createHotlineService(numbers, subscription, providers.telephony.hotlineNumber);
  return {
    privacy: buildPrivacy(deps, { consent, emails, auth, subscription, numbers, voice, profile, gifts }),
    scheduledCalls,
    auth,
    account,
    passwordResetRequests,
    googleSignIn: createGoogleSignInService({
      db,
      auth,
      google: providers.google,
      redirectUri: `${config.publicUrl}${GOOGLE_CALLBACK_PATH}`,
    }),
    emails,
    subscription,
    planNotices,
    profile,
    sample: createSampleService(db, subscription),
    hotline,
    pronunciation: createPronunciationService(providers.voice, logger),
    voiceSamples: createVoiceSamplesService({
      speech: providers.voice,
      storage: providers.recordings,
      standIn: santaWarbleWav,
      logger,
    }),
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
    retention: buildRetention(deps, { voice, memory, subscription, emails, adminAccounts }),
    callUpkeep: buildCallUpkeep(deps, { subscription, profile, voice }),
    async sandboxLineOf(sessionToken) {
      const viewer = await auth.authenticate(sessionToken);
      if (!viewer) return undefined;
      const line = await hotline.getHotlineNumber(viewer.id).catch(() => undefined);
      return line?.type === 'dedicated' ? line.phone_number : undefined;
    },
  };
}
