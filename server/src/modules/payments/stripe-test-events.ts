import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import Stripe from 'stripe';
import supertest from 'supertest';
import type { Db } from '../../db/db.ts';
import type { Providers } from '../../providers/providers.ts';
import { SandboxStripe } from '../../providers/stripe/sandbox-stripe.ts';

/**
 * Test-only builders of Stripe events in the shapes Stripe records them (API 2025-03-31+:
 * subscription periods on items, invoice.parent.subscription_details), signed with the stripe
 * package's own generateTestHeaderString.
 */
type Json = Record<string, unknown>;

const sdk = new Stripe('sk_test_only_for_signing');
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

export function signStripe(payload: string, secret: string, timestamp?: number): string {
  return sdk.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export function stripeEvent(type: string, object: Json, previousAttributes?: Json): Json {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2025-09-30.clover',
    created: now(),
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: id('req'), idempotency_key: randomBytes(16).toString('hex') },
    type,
  };
}

export function checkoutSession(overrides: Json & { metadata: Record<string, string> }): Json {
  return {
    id: id('cs_test'),
    object: 'checkout.session',
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: 8900,
    amount_total: 8900,
    automatic_tax: { enabled: false, liability: null, status: null },
    billing_address_collection: null,
    cancel_url: 'http://localhost:3000/pricing',
    client_reference_id: overrides.metadata.user_id ?? null,
    created: now(),
    currency: 'usd',
    customer: id('cus'),
    customer_creation: 'always',
    customer_details: {
      email: 'parent@example.com',
      name: null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
    customer_email: 'parent@example.com',
    discounts: [],
    expires_at: now() + 1800,
    invoice: null,
    livemode: false,
    locale: null,
    mode: 'payment',
    payment_intent: id('pi'),
    payment_method_collection: 'if_required',
    payment_method_types: ['card'],
    payment_status: 'paid',
    status: 'complete',
    subscription: null,
    success_url: 'http://localhost:3000/dashboard',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
    ...overrides,
  };
}

export function subscription(overrides: Json & { metadata: Record<string, string> }, periodMonths = 3): Json {
  const subId = (overrides.id as string | undefined) ?? id('sub');
  const start = now();
  const end = start + periodMonths * 30 * 86_400;
  return {
    id: subId,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    customer: id('cus'),
    default_payment_method: null,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: id('si'),
          object: 'subscription_item',
          created: start,
          current_period_end: end,
          current_period_start: start,
          metadata: {},
          price: {
            id: id('price'),
            object: 'price',
            currency: 'usd',
            recurring: { interval: 'month', interval_count: periodMonths, usage_type: 'licensed' },
            type: 'recurring',
            unit_amount: 8900,
          },
          quantity: 1,
          subscription: subId,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${subId}`,
    },
    latest_invoice: id('in'),
    livemode: false,
    start_date: start,
    status: 'active',
    ...overrides,
  };
}

export function invoice(
  sub: Json,
  billingReason: 'subscription_create' | 'subscription_cycle',
  amountPaid: number,
): Json {
  const start = now();
  return {
    id: id('in'),
    object: 'invoice',
    amount_due: amountPaid,
    amount_paid: amountPaid,
    amount_remaining: 0,
    billing_reason: billingReason,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    customer: sub.customer,
    lines: {
      object: 'list',
      data: [
        {
          id: id('il'),
          object: 'line_item',
          amount: amountPaid,
          currency: 'usd',
          period: { start, end: start + 90 * 86_400 },
          quantity: 1,
        },
      ],
      has_more: false,
      total_count: 1,
    },
    livemode: false,
    parent: {
      quote_details: null,
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
      type: 'subscription_details',
    },
    status: 'paid',
    total: amountPaid,
  };
}

export function webhookSecret(providers: Providers): string {
  return providers.sandboxSecrets.stripeWebhookSecret;
}

export function sandboxStripe(providers: Providers): SandboxStripe {
  if (!(providers.stripe instanceof SandboxStripe)) throw new Error('tests run on the Stripe sandbox');
  return providers.stripe;
}

/** Posts an event to the webhook exactly as Stripe does: raw JSON and a Stripe-Signature header. */
export function postEvent(app: Express, event: Json, secret: string, signature?: string) {
  const payload = JSON.stringify(event);
  return supertest(app)
    .post('/api/stripe/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Stripe-Signature', signature ?? signStripe(payload, secret))
    .send(payload);
}

export async function checkoutIdOf(db: Db, url: string): Promise<string> {
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const { rows } = await db.query<{ id: string }>('select id from checkouts where stripe_session_id = $1', [
    sessionId,
  ]);
  return rows[0]!.id;
}
