import Stripe from 'stripe';
import type { DiagnosisContext, Finding } from '../diagnosis.ts';
import { diagnoseStripe } from './stripe-diagnosis.ts';
import {
  parseSubscription,
  stripeEventSchema,
  type StripeEvent,
  type StripeSubscription,
} from './stripe-objects.ts';
import {
  StripeObjectMissingError,
  StripeSignatureError,
  type CheckoutSession,
  type CreateCheckoutSessionInput,
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
 * (README, "Sandboxes and real keys").
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
      maxNetworkRetries: 2,
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
            product_data: { name: lineItem.name },
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
            // A 100% coupon completes without asking for a card.
            payment_method_collection: 'if_required' as const,
          }
        : !input.customerId
          ? { customer_creation: 'always' as const }
          : {}),
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
}
