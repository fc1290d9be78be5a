import express, { type Express, type Router } from 'express';
import cookieParser from 'cookie-parser';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { createHealthRouter } from './http/health.ts';
import { requireSameOrigin } from './http/csrf.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { noStore } from './http/no-store.ts';
import { requestLogging } from './http/request-logging.ts';
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

export interface AppDeps {
  config: Config;
  db: Db;
  logger: Logger;
  providers: Providers;
  /** Directory of the built client; the SPA is not served when it is missing (API tests). */
  clientDist?: string;
  bcryptCost?: number;
  authRateLimits?: AuthRateLimits;
}

export interface AppServices {
  auth: AuthService;
  subscription: SubscriptionService;
}

export const JSON_BODY_LIMIT = '100kb';

export function createServices(deps: AppDeps): AppServices {
  return {
    auth: createAuthService(deps.db, { adminEmail: deps.config.adminEmail, bcryptCost: deps.bcryptCost }),
    subscription: createSubscriptionService(deps.db),
  };
}

/** Builds the whole app without listening (style rule 8); main.ts and tests both call it. */
export function createApp(deps: AppDeps, services: AppServices = createServices(deps)): Express {
  const { config, db } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);

  app.use(requestLogging(deps.logger));
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https:') }));
  app.get('/api/health', createHealthRouter(db));

  // Webhooks read their raw body and verify signatures, so they sit before the JSON parser and
  // the origin check.
  const webhooks: Router = express.Router();
  // ── webhook routes (each with express.raw and its own signature check) ──
  app.use('/api', webhooks);

  // Sandbox pages stand in for Stripe Checkout, Google's account chooser and a phone (design §3).
  // They are server-rendered, say plainly that they are a sandbox, and exist only for sandboxed
  // providers.
  const sandbox: Router = express.Router();
  sandbox.use(express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT }));
  sandbox.use(express.json({ limit: JSON_BODY_LIMIT }));
  sandbox.use(cookieParser());
  // ── sandbox pages ──
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

  api.use(apiNotFound);
  app.use('/api', api);

  if (deps.clientDist) app.use(serveSpa(deps.clientDist));
  app.use(errorHandler);
  return app;
}
