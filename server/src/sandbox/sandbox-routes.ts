import cookieParser from 'cookie-parser';
import { requireSandboxToken } from './sandbox-token.ts';
import express, { type Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { requireSameOrigin } from '../http/csrf.ts';
import { SandboxGoogle } from '../providers/google/sandbox-google.ts';
import type { Providers } from '../providers/providers.ts';
import { postWithFetch, type PostToApp } from '../providers/sandbox-webhooks.ts';
import { SandboxStripe } from '../providers/stripe/sandbox-stripe.ts';
import { createSandboxCheckoutRouter } from './checkout/checkout.routes.ts';
import { createSandboxGoogleRouter } from './google/google.routes.ts';
import { SandboxMailer } from '../providers/email/sandbox-mailer.ts';
import { createSandboxMailRouter } from './mail/mail.routes.ts';
import { createSandboxPortalRouter } from './portal/portal.routes.ts';
import { createSandboxPhone, type FamilyLineOf } from './phone/phone.routes.ts';

const FORM_LIMIT = '100kb';

/**
 * The pages that stand in for Stripe Checkout, Google's account chooser, a phone and a mailbox: server-
 * rendered, saying plainly that they are a sandbox, each mounted only while its provider is the
 * sandbox. Null when no provider is (production), so /sandbox does not exist there.
 */
export function createSandboxRouter(
  deps: { config: Config; providers: Providers; logger: Logger; sandboxPost?: PostToApp },
  familyLineOf: FamilyLineOf,
  ringScheduledNow?: (phone: string) => Promise<boolean>,
): Router | null {
  const { config, providers } = deps;
  const sandbox: Router = express.Router();
  sandbox.use(express.urlencoded({ extended: false, limit: FORM_LIMIT }));
  sandbox.use(express.json({ limit: FORM_LIMIT }));
  sandbox.use(cookieParser());
  if (config.sandboxPagesToken)
    sandbox.use(requireSandboxToken(config.sandboxPagesToken, config.publicUrl.startsWith('https:')));
  let mounted = false;
  if (providers.google instanceof SandboxGoogle) {
    sandbox.use('/google', createSandboxGoogleRouter(providers.google));
    mounted = true;
  }
  if (providers.stripe instanceof SandboxStripe) {
    // The sandbox posts its signed events to /api/stripe/webhook over HTTP, as Stripe does.
    providers.stripe.connectWebhook(deps.sandboxPost ?? postWithFetch(config.publicUrl));
    // Pay is a state change a page on another site must not be able to post.
    sandbox.use(
      '/checkout',
      requireSameOrigin(config.allowedOrigins),
      createSandboxCheckoutRouter(providers.stripe),
    );
    sandbox.use(
      '/portal',
      requireSameOrigin(config.allowedOrigins),
      createSandboxPortalRouter(providers.stripe),
    );
    mounted = true;
  }
  if (providers.mailer instanceof SandboxMailer) {
    sandbox.use('/mail', createSandboxMailRouter(providers.mailer));
    mounted = true;
  }
  const phone = createSandboxPhone(deps, familyLineOf, ringScheduledNow);
  if (phone) {
    sandbox.use('/phone', phone);
    mounted = true;
  }
  return mounted ? sandbox : null;
}
