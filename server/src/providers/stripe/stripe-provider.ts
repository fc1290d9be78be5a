import type { Diagnosable } from '../diagnosis.ts';
import type {
  StripeCharge,
  StripeCheckoutSession,
  StripeEvent,
  StripeSubscription,
} from './stripe-objects.ts';

/** Stripe in our words: checkout, subscriptions, verified webhook events. */
export interface CheckoutLineItem {
  name: string;
  amountCents: number;
  /** Set for a subscription: it renews every this many months. */
  intervalMonths?: number;
  /** The terms shown under the item on the checkout page ("$89 every 3 months · renews …"). */
  description?: string;
}

export interface CheckoutDiscount {
  percent: number;
  /** Stripe coupon duration: first_month = once, forever = forever. */
  duration: 'once' | 'forever';
  /** Our coupon code, shown as the Stripe coupon's name. */
  code: string;
}

export interface CreateCheckoutSessionInput {
  mode: 'payment' | 'subscription';
  lineItem: CheckoutLineItem;
  discount?: CheckoutDiscount;
  /** Our checkout id; also copied to the subscription's metadata. */
  checkoutId: string;
  /** The buyer's account; a gift may be bought signed out. */
  userId?: string;
  customerEmail: string;
  /** Reused when the user already paid us once, so Stripe keeps one customer per parent. */
  customerId?: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Beside the pay button (Stripe's `custom_text.submit`): where the terms and privacy notice are. */
  submitMessage?: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** Every event the webhook acts on: the endpoint at PUBLIC_URL must be sent each of them. */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
] as const;

/** A pass moved to another price on its own subscription (an upgrade). */
export type PriceChange =
  /** Stripe charged the prorated difference; customer.subscription.updated carries the new price. */
  | { status: 'applied' }
  /** The charge needs the parent (3-D Secure, a declined card): nothing changed until they pay here. */
  | { status: 'payment_required'; payUrl: string | null };

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export class StripeSignatureError extends Error {}

/** Stripe has no such object (its `resource_missing`): deleted, or from another account or mode. */
export class StripeObjectMissingError extends Error {}

export interface StripeProvider extends Diagnosable {
  readonly isSandbox: boolean;
  createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession>;
  /** Closes an open session so it can no longer be paid; throws when it is already complete. */
  expireCheckoutSession(id: string): Promise<void>;
  /** Verifies Stripe-Signature over the raw body; throws StripeSignatureError when it fails. */
  constructEvent(rawBody: Buffer, signature: string | undefined): StripeEvent;
  /**
   * Stripe's current view of a subscription (webhooks re-read it so out-of-order events
   * converge); throws StripeObjectMissingError when Stripe has none by that id.
   */
  retrieveSubscription(id: string): Promise<StripeSubscription>;
  /** Ends the subscription now: no refund, no further charges. */
  cancelSubscriptionNow(id: string): Promise<void>;
  /** Drops the coupon from future invoices and ends the subscription when the paid period ends. */
  removeDiscountAndCancelAtPeriodEnd(id: string): Promise<void>;
  /**
   * Moves the subscription to another price now, crediting the unused part of the period
   * (proration) and charging the rest at once; a pending cancellation is taken back. The change
   * only takes effect once paid.
   */
  changeSubscriptionPrice(input: {
    subscriptionId: string;
    lineItem: CheckoutLineItem;
  }): Promise<PriceChange>;
  /**
   * The Checkout session a payment was made through (GET /v1/checkout/sessions?payment_intent=…),
   * or null: a pass's payments come through its invoices, not a session's payment intent.
   */
  checkoutSessionForPayment(paymentIntentId: string): Promise<StripeCheckoutSession | null>;
  /** GET /v1/charges/{id}: a disputed payment's customer and payment intent. */
  retrieveCharge(chargeId: string): Promise<StripeCharge>;
  /** A customer portal session (cancel at period end, payment method, invoices): its URL. */
  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
