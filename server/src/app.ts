import cookieParser from 'cookie-parser';
import express, { type Express, type Router } from 'express';
import { requireSameOrigin } from './http/csrf.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { createHealthRouter } from './http/health.ts';
import { metricsRoute, timeWebhooks } from './http/metrics-routes.ts';
import { noStore } from './http/no-store.ts';
import { useRequestLogging } from './http/request-logging.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveSpa } from './http/spa.ts';
import { createAdminRouter } from './modules/admin/admin.routes.ts';
import { createVoiceSamplesRouter } from './modules/santa/voice-samples.routes.ts';
import { loadUser } from './modules/auth/auth.middleware.ts';
import { createAuthRouter, DEFAULT_AUTH_RATE_LIMITS } from './modules/auth/auth.routes.ts';
import { createEmailRouter } from './modules/email/email.routes.ts';
import { createAdminGiftsRouter, createGiftsRouter } from './modules/gifts/gifts.routes.ts';
import { createKeepsakeRouter, createShareLinksRouter } from './modules/keepsakes/keepsakes.routes.ts';
import { createMemoryRouter } from './modules/memory/memory.routes.ts';
import { createScheduledCallsRouter } from './modules/scheduled-calls/scheduled-calls.routes.ts';
import { createChildrenRouter } from './modules/children/children.routes.ts';
import { createListenersRouter, createListeningRouter } from './modules/listeners/listeners.routes.ts';
import { createRetentionRouter } from './modules/retention/retention.routes.ts';
import { createPrivacyRouter } from './modules/privacy/privacy.routes.ts';
import { createStripeRouter, createStripeWebhookRouter } from './modules/payments/payments.routes.ts';
import { createFamilyPhonesRouter } from './modules/santa/family-phones.routes.ts';
import { createLineAccessRouter } from './modules/santa/line-access.routes.ts';
import { createSantaRouter } from './modules/santa/santa.routes.ts';
import { createSubscriptionRouter } from './modules/subscription/subscription.routes.ts';
import { createCallsRouter } from './modules/voice/calls.routes.ts';
import { registerVoiceWebhooks } from './modules/voice/voice.routes.ts';
import { recapRenders } from './modules/email/templates/render-email.tsx';
import { statementsSent } from './db/statements-sent.ts';
import { createSandboxRouter } from './sandbox/sandbox-routes.ts';
import { createServices, type AppDeps, type AppServices } from './services.ts';

export const JSON_BODY_LIMIT = '100kb';

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
      phoneCodes: () => services.familyPhones.codesToday(),
      recapRenders,
      statementsSent,
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
    outbound: services.scheduledCalls,
    db,
    logger: deps.logger,
  });
  const webhooks: Router = express.Router();
  // ── webhook routes (each with express.raw and its own signature check) ──
  webhooks.use(createStripeWebhookRouter({ fulfilment: services.payments.fulfilment }));
  app.use('/api', webhooks);

  app.use(securityHeaders({ https: config.publicUrl.startsWith('https:') }));
  app.get('/api/health', createHealthRouter(db));

  const sandbox = createSandboxRouter(
    deps,
    (req) => {
      const token: unknown = req.cookies?.session_token;
      return services.sandboxLineOf(typeof token === 'string' ? token : undefined);
    },
    (phone) => services.scheduledCalls.placeNextNow(phone),
  );
  if (sandbox) app.use('/sandbox', sandbox);

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
      account: services.account,
      google: services.googleSignIn,
      publicUrl: config.publicUrl,
      secureCookies: config.secureCookies,
      rateLimits: deps.authRateLimits ?? {
        ...DEFAULT_AUTH_RATE_LIMITS,
        perIp: { ...DEFAULT_AUTH_RATE_LIMITS.perIp, limit: config.authRateLimitPerIp },
      },
    }),
  );

  // ── API modules ──
  api.use('/email', createEmailRouter({ emails: services.emails }));
  api.use('/privacy/retention', createRetentionRouter({ retention: services.retention.recordings }));
  api.use('/admin', createAdminGiftsRouter({ upkeep: services.gifts.upkeep }));
  api.use('/admin', createAdminRouter(db, services.admin));
  api.use(
    '/subscription',
    createSubscriptionRouter({ subscription: services.subscription, notices: services.planNotices }),
  );
  api.use('/santa/phones', createFamilyPhonesRouter({ db, familyPhones: services.familyPhones }));
  api.use('/santa/line', createLineAccessRouter({ lineAccess: services.lineAccess }));
  api.use(
    '/santa',
    createSantaRouter({
      profile: services.profile,
      sample: services.sample,
      hotline: services.hotline,
      callConsent: services.privacy.consent,
      db,
      pronunciation: services.pronunciation,
      publicUrl: config.publicUrl,
    }),
  );
  api.use('/voice-samples', createVoiceSamplesRouter({ voiceSamples: services.voiceSamples }));
  api.use(
    '/privacy',
    createPrivacyRouter({
      db,
      ...services.privacy,
      confirmIdentity: (user, token, input, client) =>
        services.account.confirmIdentity(user, token, input, client),
      secureCookies: config.secureCookies,
    }),
  );
  api.use('/calls', createShareLinksRouter({ db, keepsakes: services.keepsakes }));
  api.use('/keepsakes', createKeepsakeRouter({ db, keepsakes: services.keepsakes }));
  api.use('/memory', createMemoryRouter(services.memory));
  api.use('/scheduled-calls', createScheduledCallsRouter({ scheduledCalls: services.scheduledCalls }));
  api.use('/gifts', createGiftsRouter({ db, gifts: services.gifts.service }));
  api.use('/children', createChildrenRouter({ children: services.children }));
  api.use('/listeners', createListenersRouter({ db, listeners: services.listeners }));
  api.use('/listening', createListeningRouter({ listeners: services.listeners }));
  api.use(
    '/calls',
    createCallsRouter({
      calls: services.voice.calls,
      browserCalls: services.voice.browser,
      safety: services.callSafety,
      purchaseRecording: (user, callId) => services.payments.checkout.purchaseRecording(user, callId),
      children: services.children,
      db,
    }),
  );
  api.use(
    '/stripe',
    createStripeRouter({
      db,
      checkout: services.payments.checkout,
      billingPortal: services.payments.billingPortal,
      coupons: services.payments.coupons,
    }),
  );

  api.use(apiNotFound);
  app.use('/api', api);

  // A keepsake's and a gift's address are their secret: the page is kept by no cache and indexed by no robot.
  if (deps.clientDist)
    app.use(serveSpa(deps.clientDist, config.publicUrl, { privatePages: /^\/(keepsake|gift)\/./ }));
  app.use(errorHandler);
  return app;
}
