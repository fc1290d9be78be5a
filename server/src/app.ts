import express, { type Express, type Router } from 'express';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import { metricsRoute, timeWebhooks } from './http/metrics-routes.ts';
import type { Metrics } from './metrics/metrics.ts';
import { createHealthRouter } from './http/health.ts';
import { requireSameOrigin } from './http/csrf.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { noStore } from './http/no-store.ts';
import { useRequestLogging } from './http/request-logging.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import { loadUser } from './modules/auth/auth.middleware.ts';
import {
  createAuthRouter,
  DEFAULT_AUTH_RATE_LIMITS,
  type AuthRateLimits,
} from './modules/auth/auth.routes.ts';
import { createAuthService, type AuthService } from './modules/auth/auth.service.ts';
import {
  createSubscriptionService,
  type SubscriptionService,
} from './modules/subscription/subscription.service.ts';
import type { Providers } from './providers/providers.ts';
import { createAdminRouter } from './modules/admin/admin.routes.ts';
import { adminPorts } from './modules/admin/admin.wiring.ts';
import { createCallsRouter } from './modules/calls/calls.routes.ts';
import { createCallMediaRouter } from './modules/voice/call-media.routes.ts';
import { createVoiceModule, type VoiceModule } from './modules/voice/voice-module.ts';
import { registerVoiceWebhooks } from './modules/voice/voice.routes.ts';
import { createCallsService, type CallsService } from './modules/calls/calls.service.ts';
import {
  createFamilyPhonesService,
  type FamilyPhonesService,
} from './modules/santa/family-phones.service.ts';
import { createHotlineService, type HotlineService } from './modules/santa/hotline.service.ts';
import { createLineAccessService, type LineAccessService } from './modules/santa/line-access.service.ts';
import { createProfileService, type ProfileService } from './modules/santa/profile.service.ts';
import { createSampleService, type SampleService } from './modules/santa/sample.service.ts';
import { createFamilyPhonesRouter } from './modules/santa/family-phones.routes.ts';
import { createLineAccessRouter } from './modules/santa/line-access.routes.ts';
import { createSantaRouter } from './modules/santa/santa.routes.ts';
import {
  createSantaPromptService,
  type SantaPromptService,
} from './modules/santa-script/santa-prompt.service.ts';
import { createSubscriptionRouter } from './modules/subscription/subscription.routes.ts';
import { createGoogleAuthRouter } from './modules/auth/google.routes.ts';
import { createGoogleSignInService } from './modules/auth/google.service.ts';
import { createSandboxGoogleRouter } from './providers/google/sandbox-google.routes.ts';
import { SandboxGoogle } from './providers/google/sandbox-google.ts';
import {
  createRecordingPurchaseRouter,
  createStripeRouter,
  createStripeWebhookRouter,
} from './modules/payments/payments.routes.ts';
import { createPaymentsServices, type PaymentsServices } from './modules/payments/payments.wiring.ts';
import { createSandboxCheckoutRouter } from './providers/stripe/sandbox-checkout.routes.ts';
import { SandboxStripe } from './providers/stripe/sandbox-stripe.ts';
import { createSandboxPhone } from './providers/voice/sandbox-phone/phone.routes.ts';
import { postWithFetch, type PostToApp } from './providers/sandbox-webhooks.ts';

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
}

export interface AppServices {
  auth: AuthService;
  subscription: SubscriptionService;
  profile: ProfileService;
  sample: SampleService;
  hotline: HotlineService;
  familyPhones: FamilyPhonesService;
  lineAccess: LineAccessService;
  calls: CallsService;
  payments: PaymentsServices;
  santaScript: SantaPromptService;
  voice: VoiceModule;
}

export const JSON_BODY_LIMIT = '100kb';

export function createServices(deps: AppDeps): AppServices {
  const subscription = createSubscriptionService(deps.db);
  const services: Omit<AppServices, 'voice'> = {
    auth: createAuthService(deps.db, { adminEmail: deps.config.adminEmail, bcryptCost: deps.bcryptCost }),
    subscription,
    profile: createProfileService(deps.db),
    sample: createSampleService(deps.db, subscription),
    hotline: createHotlineService(deps.db, subscription, deps.providers.telephony.hotlineNumber),
    familyPhones: createFamilyPhonesService({ db: deps.db, telephony: deps.providers.telephony }),
    lineAccess: createLineAccessService(deps.db),
    calls: createCallsService(deps.db),
    payments: createPaymentsServices(deps),
    santaScript: createSantaPromptService(deps.db),
  };
  return { ...services, voice: createVoiceModule(deps, services) };
}

/** Builds the whole app without listening; main.ts and tests both call it. */
export function createApp(deps: AppDeps, services: AppServices = createServices(deps)): Express {
  const { config, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  // API answers are no-store, so an ETag would only cost a hash per response; the SPA's static
  // files keep theirs (express.static sets its own).
  app.disable('etag');
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);

  useRequestLogging(app, deps.logger);
  if (deps.metrics) {
    const { metrics } = deps;
    metrics.readFrom({
      callsInProgress: () => services.voice.callsInProgress(),
      jobQueueDepth: () => deps.jobs.depth(),
    });
    app.use(timeWebhooks(metrics));
    if (config.metricsToken) app.get('/metrics', metricsRoute(metrics, config.metricsToken));
  }

  // Webhooks read their raw body and verify signatures, so they sit before the JSON parser and
  // the origin check. They answer Twilio's, ElevenLabs' and Stripe's servers, never a browser, so
  // they also sit before the browser security headers: a dozen headers no provider reads cost
  // every ringing call about a fifteenth of its server time (npm run bench).
  const voiceModule = services.voice;
  registerVoiceWebhooks(app, {
    publicUrl: config.publicUrl,
    telephony: deps.providers.telephony,
    voice: deps.providers.voice,
    module: voiceModule,
  });
  const webhooks: Router = express.Router();
  // ── webhook routes (each with express.raw and its own signature check) ──
  webhooks.use(createStripeWebhookRouter({ fulfilment: services.payments.fulfilment }));
  app.use('/api', webhooks);

  app.use(securityHeaders({ https: config.publicUrl.startsWith('https:') }));
  app.get('/api/health', createHealthRouter(db));

  // Sandbox pages stand in for Stripe Checkout, Google's account chooser and a phone.
  // They are server-rendered, say plainly that they are a sandbox, and exist only for sandboxed
  // providers.
  const sandbox: Router = express.Router();
  sandbox.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  sandbox.use(express.json({ limit: JSON_BODY_LIMIT }));
  sandbox.use(cookieParser());
  // ── sandbox pages ──
  if (deps.providers.google instanceof SandboxGoogle)
    sandbox.use('/google', createSandboxGoogleRouter(deps.providers.google));
  if (deps.providers.stripe instanceof SandboxStripe) {
    // The sandbox posts its signed events to /api/stripe/webhook over HTTP, as Stripe does.
    deps.providers.stripe.connectWebhook(deps.sandboxPost ?? postWithFetch(config.publicUrl));
    // Pay is a state change a page on another site must not be able to post.
    sandbox.use(
      '/checkout',
      requireSameOrigin(config.allowedOrigins),
      createSandboxCheckoutRouter(deps.providers.stripe),
    );
  }
  const phone = createSandboxPhone(deps, async (req) => {
    const token: unknown = req.cookies?.session_token;
    const viewer = await services.auth.authenticate(typeof token === 'string' ? token : undefined);
    if (!viewer) return undefined;
    const line = await services.hotline.getHotlineNumber(viewer.id).catch(() => undefined);
    return line?.type === 'dedicated' ? line.phone_number : undefined;
  });
  if (phone) sandbox.use('/phone', phone);
  app.use('/sandbox', sandbox);

  const api: Router = express.Router();
  api.use(noStore);
  api.use(requireSameOrigin(config.allowedOrigins));
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  api.use(cookieParser());
  api.use(loadUser(services.auth));

  api.use(
    '/auth',
    createAuthRouter({
      db,
      auth: services.auth,
      secureCookies: config.secureCookies,
      rateLimits: deps.authRateLimits ?? {
        ...DEFAULT_AUTH_RATE_LIMITS,
        perIp: { ...DEFAULT_AUTH_RATE_LIMITS.perIp, limit: config.authRateLimitPerIp },
      },
    }),
  );

  // ── API modules ──
  api.use('/admin', createAdminRouter(db, adminPorts(deps, services)));
  api.use('/subscription', createSubscriptionRouter({ subscription: services.subscription }));
  api.use('/santa/phones', createFamilyPhonesRouter({ db, familyPhones: services.familyPhones }));
  api.use('/santa/line', createLineAccessRouter({ lineAccess: services.lineAccess }));
  api.use(
    '/santa',
    createSantaRouter({ profile: services.profile, sample: services.sample, hotline: services.hotline }),
  );
  api.use('/calls', createCallsRouter({ calls: services.calls }));
  api.use('/calls', createRecordingPurchaseRouter({ checkout: services.payments.checkout }));
  api.use('/calls', createCallMediaRouter(voiceModule.media, db));
  api.use('/stripe', createStripeRouter({ checkout: services.payments.checkout }));
  api.use(
    '/auth',
    createGoogleAuthRouter({
      db,
      publicUrl: config.publicUrl,
      secureCookies: config.secureCookies,
      google: createGoogleSignInService({
        db,
        auth: services.auth,
        google: deps.providers.google,
        redirectUri: `${config.publicUrl}/api/auth/google/callback`,
      }),
    }),
  );

  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.clientDist) app.use(serveSpa(deps.clientDist));
  app.use(errorHandler);
  return app;
}
