import { PLANS, type PlanId } from '@santa/shared/plans';
import { STRIPE_WEBHOOK_EVENTS } from '../../providers/stripe/stripe-provider.ts';
import type { Discount } from '../subscription/subscription.service.ts';
import type { CheckoutRow } from './payments.repository.ts';

/* The words fulfilment reads Stripe's events in: which events, which statuses, what an invoice brings. */

/**
 * A delayed payment method (bank debit) completes the session unpaid and later sends
 * async_payment_succeeded with the same session, now paid: both fulfil through one path.
 */
export const CHECKOUT_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);
export const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_failed']);
/** A delayed payment for a checkout failed: the checkout is released and the parent told. */
export const CHECKOUT_FAILED_EVENT = 'checkout.session.async_payment_failed';
/** A payment given back or contested: what it bought ends (payment-reversals.ts). */
export const REFUND_EVENT = 'charge.refunded';
export const DISPUTE_EVENT = 'charge.dispute.created';
export const HANDLED_EVENTS: ReadonlySet<string> = new Set(STRIPE_WEBHOOK_EVENTS);
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
export const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** A paid renewal invoice (billing_reason subscription_cycle). */
export interface Renewal {
  invoiceId: string;
  amountPaid: number;
  periodEnd: Date | null;
}

/** A paid proration invoice (billing_reason subscription_update): a pass moved to a longer one. */
export interface UpgradeCharge {
  invoiceId: string;
  /** Stripe's invoice total: the new price less the unused part of the old period. */
  totalCents: number;
}

/** What Stripe charged for a plan's first payment: its word, not our arithmetic, is stored. */
export interface FirstCharge {
  amountCents: number;
  /** The first invoice's period: it describes the plan only while the subscription is still in it. */
  periodEnd?: Date | null;
}

/** A renewal Stripe could not charge (invoice.payment_failed): where the parent pays it instead. */
export interface FailedPayment {
  updateUrl: string | null;
}

/** Nothing is left to do for a completed checkout: its plan or recording is in, its number bought. */
export function isFulfilled(checkout: CheckoutRow): boolean {
  if (checkout.status !== 'complete') return false;
  if (checkout.kind === 'recording' || checkout.number_provisioned_at) return true;
  return PLANS[checkout.plan!].line !== 'dedicated';
}

export function discountedPrice(planId: PlanId, discount: Discount | null): number {
  const price = PLANS[planId].priceCents;
  return discount ? Math.round((price * (100 - discount.percent)) / 100) : price;
}
