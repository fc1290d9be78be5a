import { randomBytes } from 'node:crypto';
import type { CheckoutDiscount, CheckoutLineItem } from './stripe-provider.ts';

/**
 * Stripe-shaped JSON for the sandbox: the same fields, nesting and id prefixes as Stripe's
 * objects and events (API 2025-03-31 and later: periods on subscription items, invoice parent).
 */
export type Json = Record<string, unknown>;

export const SANDBOX_API_VERSION = '2026-10-28.endive';

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function addMonths(seconds: number, months: number): number {
  const date = new Date(seconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}

export function discountedCents(amountCents: number, discount: CheckoutDiscount | null | undefined): number {
  return discount ? Math.round((amountCents * (100 - discount.percent)) / 100) : amountCents;
}

export function couponObject(id: string, discount: CheckoutDiscount): Json {
  return {
    id,
    object: 'coupon',
    amount_off: null,
    currency: null,
    duration: discount.duration,
    duration_in_months: null,
    livemode: false,
    max_redemptions: 1,
    metadata: { code: discount.code },
    name: discount.code,
    percent_off: discount.percent,
    times_redeemed: 1,
    valid: true,
  };
}

export function discountObject(coupon: Json, customer: string, extra: Json = {}): Json {
  return {
    id: stripeId('di'),
    object: 'discount',
    checkout_session: null,
    customer,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: null,
    source: { coupon, type: 'coupon' },
    start: nowSeconds(),
    subscription: null,
    ...extra,
  };
}

export function subscriptionObject(args: {
  customer: string;
  lineItem: CheckoutLineItem;
  metadata: Record<string, string>;
  discount: Json | null;
}): Json {
  const id = stripeId('sub');
  const start = nowSeconds();
  const end = addMonths(start, args.lineItem.intervalMonths ?? 1);
  const price = {
    id: stripeId('price'),
    object: 'price',
    active: false,
    currency: 'usd',
    nickname: args.lineItem.name,
    product: stripeId('prod'),
    recurring: {
      interval: 'month',
      interval_count: args.lineItem.intervalMonths ?? 1,
      usage_type: 'licensed',
    },
    type: 'recurring',
    unit_amount: args.lineItem.amountCents,
  };
  return {
    id,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: start,
    currency: 'usd',
    customer: args.customer,
    discounts: args.discount ? [String(args.discount.id)] : [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: end,
          price,
          quantity: 1,
          subscription: id,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: args.metadata,
    start_date: start,
    status: 'active',
  };
}

export function invoiceObject(args: {
  subscription: Json;
  customer: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  amountPaid: number;
  subtotal: number;
}): Json {
  const item = ((args.subscription.items as Json).data as Json[])[0]!;
  return {
    id: stripeId('in'),
    object: 'invoice',
    amount_due: args.amountPaid,
    amount_paid: args.amountPaid,
    amount_remaining: 0,
    billing_reason: args.billingReason,
    collection_method: 'charge_automatically',
    created: nowSeconds(),
    currency: 'usd',
    customer: args.customer,
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: args.subtotal,
          currency: 'usd',
          period: { start: item.current_period_start, end: item.current_period_end },
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    parent: {
      quote_details: null,
      subscription_details: { metadata: args.subscription.metadata, subscription: args.subscription.id },
      type: 'subscription_details',
    },
    status: 'paid',
    subtotal: args.subtotal,
    total: args.amountPaid,
  };
}

export function eventObject(type: string, object: Json, previousAttributes?: Json): Json {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: SANDBOX_API_VERSION,
    created: nowSeconds(),
    data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** A succeeded charge in Stripe's shape (a payment a refund or dispute can name). */
export function chargeObject(args: {
  paymentIntent: string;
  customer: string;
  amount: number;
  id?: string;
}): Json {
  return {
    id: args.id ?? stripeId('ch'),
    object: 'charge',
    amount: args.amount,
    amount_captured: args.amount,
    amount_refunded: 0,
    captured: true,
    currency: 'usd',
    customer: args.customer,
    livemode: false,
    paid: true,
    payment_intent: args.paymentIntent,
    refunded: false,
    status: 'succeeded',
    created: Math.floor(Date.now() / 1000),
  };
}
