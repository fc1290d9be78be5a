import Stripe from 'stripe';
import { VENDOR_TIMEOUTS } from '../vendor-timeouts.ts';
import type { DiagnosisContext, Finding } from '../diagnosis.ts';
import { diagnoseStripe } from './stripe-diagnosis.ts';
import {
  chargeSchema,
  checkoutSessionSchema,
  parseSubscription,
  stripeEventSchema,
  type StripeCharge,
  type StripeCheckoutSession,
  type StripeEvent,
  type StripeSubscription,
} from './stripe-objects.ts';
import {
  StripeObjectMissingError,
  StripeSignatureError,
  type CheckoutLineItem,
  type CheckoutSession,
  type CreateCheckoutSessionInput,
  type PriceChange,
  type StripeProvider,
} from './stripe-provider.ts';

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Tests point the SDK at a local stand-in for api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** The real Stripe, on the official SDK: the only file that imports it, one client instance. */
/**
 * The Stripe API version every request names, so a Stripe account's default version (set in its
 * dashboard, and upgraded by Stripe over time) can never change the shape of what we read. It is
 * the version the installed `stripe` SDK was built for; the webhook endpoint must use the same
 * (docs/going-live.md, "Sandboxes and real keys").
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

export class StripeAdapter implements StripeProvider {
  readonly isSandbox = false;
  private readonly client: Stripe;

  constructor(private readonly options: StripeAdapterOptions) {
    this.client = new Stripe(options.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 1,
      timeout: VENDOR_TIMEOUTS.requestMs,
      appInfo: { name: 'santa-calls' },
    });
  }

  diagnose(context: DiagnosisContext): Promise<Finding[]> {
    return diagnoseStripe(this.client, {
      secretKey: this.options.secretKey,
      publicUrl: context.publicUrl,
      apiVersion: STRIPE_API_VERSION,
    });
  }

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
    const { lineItem, discount } = input;
    // A fresh single-use Stripe coupon per checkout: our coupon table is the source of truth.
    const coupon = discount
      ? await this.client.coupons.create({
          percent_off: discount.percent,
          duration: discount.duration,
          max_redemptions: 1,
          name: discount.code,
          metadata: { code: discount.code, checkout_id: input.checkoutId },
        })
      : undefined;
    const isSubscription = input.mode === 'subscription';
    const session = await this.client.checkout.sessions.create({
      mode: input.mode,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: lineItem.amountCents,
            product_data: {
              name: lineItem.name,
              ...(lineItem.description ? { description: lineItem.description } : {}),
            },
            ...(lineItem.intervalMonths
              ? { recurring: { interval: 'month', interval_count: lineItem.intervalMonths } }
              : {}),
          },
        },
      ],
      ...(coupon ? { discounts: [{ coupon: coupon.id }] } : {}),
      ...(input.customerId ? { customer: input.customerId } : { customer_email: input.customerEmail }),
      client_reference_id: input.userId,
      metadata: input.metadata,
      ...(isSubscription
        ? {
            subscription_data: { metadata: input.metadata },
            // Even a 100% first-payment coupon collects a card: the pass renews at full price.
            payment_method_collection: 'always' as const,
          }
        : !input.customerId
          ? { customer_creation: 'always' as const }
          : {}),
      ...(input.submitMessage ? { custom_text: { submit: { message: input.submitMessage } } } : {}),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { id: session.id, url: session.url };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const session = await this.client.checkout.sessions.retrieve(id);
    if (session.status === 'expired') return;
    await this.client.checkout.sessions.expire(id);
  }

  constructEvent(rawBody: Buffer, signature: string | undefined): StripeEvent {
    if (!signature) throw new StripeSignatureError('No Stripe-Signature header');
    let event: unknown;
    try {
      event = this.client.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      throw new StripeSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    return stripeEventSchema.parse(event);
  }

  async checkoutSessionForPayment(paymentIntentId: string): Promise<StripeCheckoutSession | null> {
    const page = await this.client.checkout.sessions.list({ payment_intent: paymentIntentId, limit: 1 });
    const session = page.data[0];
    return session ? checkoutSessionSchema.parse(session) : null;
  }

  async retrieveCharge(chargeId: string): Promise<StripeCharge> {
    return chargeSchema.parse(await this.client.charges.retrieve(chargeId));
  }

  async retrieveSubscription(id: string): Promise<StripeSubscription> {
    try {
      return parseSubscription(await this.client.subscriptions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        throw new StripeObjectMissingError(error.message);
      }
      throw error;
    }
  }

  async cancelSubscriptionNow(id: string): Promise<void> {
    await this.client.subscriptions.cancel(id);
  }

  async removeDiscountAndCancelAtPeriodEnd(id: string): Promise<void> {
    await this.client.subscriptions.update(id, { discounts: '', cancel_at_period_end: true });
  }

  async changeSubscriptionPrice(input: {
    subscriptionId: string;
    lineItem: CheckoutLineItem;
  }): Promise<PriceChange> {
    const { subscriptionId, lineItem } = input;
    const current = await this.client.subscriptions.retrieve(subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item to change`);
    // pending_if_incomplete accepts only the price change itself, so a pending cancellation is
    // taken back first: a parent who upgrades wants the pass to go on.
    if (current.cancel_at_period_end) {
      await this.client.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    }
    // price_data on a subscription item names a product; each pass gets its own name on invoices.
    const product = await this.client.products.create({
      name: lineItem.name,
      ...(lineItem.description ? { description: lineItem.description } : {}),
    });
    const updated = await this.client.subscriptions.update(subscriptionId, {
      items: [
        {
          id: item.id,
          price_data: {
            currency: 'usd',
            product: product.id,
            unit_amount: lineItem.amountCents,
            recurring: { interval: 'month', interval_count: lineItem.intervalMonths ?? 1 },
          },
        },
      ],
      // A new period length resets the billing cycle: Stripe invoices the new price now, less
      // the unused part of the old period.
      proration_behavior: 'create_prorations',
      // The new price applies only once that invoice is paid; a failed charge changes nothing.
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    if (!updated.pending_update) return { status: 'applied' };
    const invoice = updated.latest_invoice;
    return {
      status: 'payment_required',
      payUrl: invoice && typeof invoice === 'object' ? (invoice.hosted_invoice_url ?? null) : null,
    };
  }

  async createBillingPortalSession(input: {
    customerId: string;
    returnUrl: string;
  }): Promise<{ url: string }> {
    const session = await this.client.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
    });
    return { url: session.url };
  }
}
