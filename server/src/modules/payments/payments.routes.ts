import express, { Router } from 'express';
import multer from 'multer';
import { createCheckoutRequestSchema } from '@santa/shared/payments';
import type { CreateCheckoutResponse } from '@santa/shared/payments';
import { AppError } from '../../http/errors.ts';
import { requireSignatureHeader } from '../../http/signed-webhook.ts';
import { parseInput } from '../../http/validate.ts';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS } from '../../providers/stripe/stripe-signature.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { CheckoutService } from './checkout.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';

// The pricing page posts FormData (multipart); plain urlencoded forms work too.
const formFields = multer({ limits: { fields: 10, fieldSize: 2048, files: 0, parts: 10 } }).none();

/** POST /api/stripe/create-checkout. */
export function createStripeRouter(deps: { checkout: CheckoutService }) {
  const router = Router();
  router.post('/create-checkout', requireUser, formFields, async (req, res) => {
    const input = parseInput(createCheckoutRequestSchema, req.body);
    const user = signedInUser(req);
    const body: CreateCheckoutResponse = await deps.checkout.createPlanCheckout(user, input);
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
