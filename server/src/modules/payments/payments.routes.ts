import express, { Router } from 'express';
import multer from 'multer';
import {
  couponCodeSchema,
  createCheckoutRequestSchema,
  PAYMENT_MESSAGES,
  type BillingPortalResponse,
  type CouponPreview,
  type CreateCheckoutResponse,
} from '@santa/shared/payments';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { limitByIp, limitByUser, type LimitRule } from '../../http/rate-limit.ts';
import { requireSignatureHeader } from '../../http/signed-webhook.ts';
import { parseInput } from '../../http/validate.ts';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS } from '../../providers/stripe/stripe-signature.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { BillingPortalService } from './billing-portal.service.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { CouponsService } from './coupons.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';

// The pricing page posts FormData (multipart); plain urlencoded forms work too.
const formFields = multer({ limits: { fields: 10, fieldSize: 2048, files: 0, parts: 10 } }).none();

/**
 * The preview answers as the parent types (debounced), so a few a second is normal; the limit is
 * far above that and far below guessing codes (10 characters of 32: 2^50 of them).
 */
const COUPON_PREVIEWS_PER_IP: LimitRule = { limit: 60, windowMs: 60_000 };
/** Each portal session is a Stripe request; a parent opens a handful. */
const PORTAL_SESSIONS_PER_USER: LimitRule = { limit: 10, windowMs: 60_000 };

/** POST /api/stripe/create-checkout, POST /api/stripe/billing-portal, GET /api/stripe/coupons/:code/preview. */
export function createStripeRouter(deps: {
  db: Db;
  checkout: CheckoutService;
  billingPortal: BillingPortalService;
  coupons: CouponsService;
  couponPreviewLimit?: LimitRule;
}) {
  const router = Router();
  router.post('/create-checkout', requireUser, formFields, async (req, res) => {
    const input = parseInput(createCheckoutRequestSchema, req.body);
    const user = signedInUser(req);
    const body: CreateCheckoutResponse = await deps.checkout.createPlanCheckout(user, input);
    res.json(body);
  });

  const portalLimit = limitByUser(
    deps.db,
    'billing-portal',
    PORTAL_SESSIONS_PER_USER,
    'Too many requests. Please wait a minute and try again.',
  );
  router.post('/billing-portal', requireUser, portalLimit, async (req, res) => {
    const body: BillingPortalResponse = await deps.billingPortal.open(signedInUser(req).id);
    res.json(body);
  });

  // Open to visitors too: the pricing page shows the discount before anyone signs in.
  const previewLimit = limitByIp(
    deps.db,
    'coupon-preview',
    deps.couponPreviewLimit ?? COUPON_PREVIEWS_PER_IP,
    PAYMENT_MESSAGES.tooManyCouponChecks,
  );
  router.get('/coupons/:code/preview', previewLimit, async (req, res) => {
    const code = parseInput(couponCodeSchema, req.params.code);
    const body: CouponPreview = await deps.coupons.preview(code, req.user?.id);
    res.json(body);
  });
  return router;
}

/** POST /api/stripe/webhook: raw body, Stripe-Signature verified before anything else. */
export function createStripeWebhookRouter(deps: { fulfilment: FulfilmentService }) {
  const router = Router();
  const signed = requireSignatureHeader('Stripe-Signature', {
    toleranceSeconds: STRIPE_SIGNATURE_TOLERANCE_SECONDS,
    refusal: () => new AppError('bad_request', 'Invalid Stripe signature'),
  });
  router.post('/stripe/webhook', signed, express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await deps.fulfilment.handleWebhook(rawBody, req.get('stripe-signature') ?? undefined);
    res.json({ received: true });
  });
  return router;
}
