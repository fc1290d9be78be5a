import type { Db } from '../../db/db.ts';
import {
  chargeObject,
  couponObject,
  discountedCents,
  discountObject,
  eventObject,
  invoiceObject,
  nowSeconds,
  stripeId,
  subscriptionObject,
  type Json,
} from './sandbox-stripe-objects.ts';
import { StripeObjectMissingError } from './stripe-provider.ts';
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
  STRIPE_WEBHOOK_PATH,
  type CheckoutDiscount,
  type CheckoutLineItem,
  type CheckoutSession,
  type CreateCheckoutSessionInput,
  type PriceChange,
  type StripeProvider,
} from './stripe-provider.ts';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { shuffled, type PostToApp } from '../sandbox-webhooks.ts';
import { signStripePayload, verifyStripeSignature } from './stripe-signature.ts';
import * as store from './sandbox-stripe-store.ts';
import { priceChanged } from './sandbox-stripe-changes.ts';
import { SandboxStripePortal } from './sandbox-stripe-portal.ts';

/** Stripe retries a failed delivery for days; the sandbox tries a few times, quickly. */
const DELIVERY_ATTEMPTS = 4;
const RETRY_DELAY_MS = 100;

export class SandboxStripeError extends Error {}

export interface SandboxCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  lineItem: CheckoutLineItem;
  discount: CheckoutDiscount | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  submitMessage: string | null;
}

interface SessionRow {
  id: string;
  object: Json;
  line_item: CheckoutLineItem;
  discount: CheckoutDiscount | null;
}

/**
 * Plays Stripe's part on a fresh machine: checkout sessions, customers and
 * subscriptions live in sandbox tables in Stripe's JSON shapes; paying sends the events Stripe
 * would send, signed exactly as Stripe signs, to the same webhook handler.
 */
export class SandboxStripe implements StripeProvider {
  readonly isSandbox = true;

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/going-live.md, "Sandboxes and real keys").',
    );
  }
  private post: PostToApp | undefined;
  /** The customer portal's page and actions (sandbox/portal). */
  readonly portal: SandboxStripePortal;

  constructor(
    private readonly db: Db,
    private readonly webhookSecret: string,
    private readonly publicUrl: string,
  ) {
    this.portal = new SandboxStripePortal(db, (event) => this.deliver(event), publicUrl);
  }

  /** How events reach the app's webhook route (an HTTP POST to PUBLIC_URL by default). */
  connectWebhook(post: PostToApp): void {
    this.post = post;
  }

  async createCheckoutSession(input: CreateCheckoutSessionInput): Promise<CheckoutSession> {
    const id = stripeId('cs_test');
    const customer = input.customerId ?? (await this.createCustomer(input.customerEmail));
    const subtotal = input.lineItem.amountCents;
    const total = discountedCents(subtotal, input.discount);
    const url = `${this.publicUrl}/sandbox/checkout/${id}`;
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: total,
      cancel_url: input.cancelUrl,
      client_reference_id: input.userId ?? null,
      created: nowSeconds(),
      currency: 'usd',
      customer,
      customer_email: input.customerEmail,
      custom_text: {
        after_submit: null,
        shipping_address: null,
        submit: input.submitMessage ? { message: input.submitMessage } : null,
        terms_of_service_acceptance: null,
      },
      discounts: input.discount ? [{ coupon: stripeId('sandbox_coupon'), promotion_code: null }] : [],
      expires_at: Math.floor(input.expiresAt.getTime() / 1000),
      invoice: null,
      livemode: false,
      metadata: input.metadata,
      mode: input.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: subtotal - total, amount_shipping: 0, amount_tax: 0 },
      url,
    };
    await this.db.query(
      `insert into sandbox_stripe_checkout_sessions (id, object, line_item, discount) values ($1, $2, $3, $4)`,
      [
        id,
        JSON.stringify(session),
        JSON.stringify(input.lineItem),
        input.discount ? JSON.stringify(input.discount) : null,
      ],
    );
    return { id, url };
  }

  async expireCheckoutSession(id: string): Promise<void> {
    const { rows } = await this.db.query<{ status: string }>(
      `update sandbox_stripe_checkout_sessions
       set object = jsonb_set(object, '{status}', '"expired"')
       where id = $1 and object->>'status' in ('open', 'expired')
       returning object->>'status' as status`,
      [id],
    );
    if (rows.length === 0) throw new SandboxStripeError('Only an open checkout session can be expired');
  }

  private async createCustomer(email: string): Promise<string> {
    const id = stripeId('cus');
    await this.db.query('insert into sandbox_stripe_customers (id, email) values ($1, $2)', [id, email]);
    return id;
  }

  async getCheckout(id: string): Promise<SandboxCheckoutView | undefined> {
    const row = await this.findSession(this.db, id);
    if (!row) return undefined;
    const s = row.object;
    const expired = s.status === 'open' && Number(s.expires_at) < nowSeconds();
    return {
      id: row.id,
      status: expired ? 'expired' : (s.status as SandboxCheckoutView['status']),
      lineItem: row.line_item,
      discount: row.discount,
      subtotalCents: Number(s.amount_subtotal),
      discountCents: Number(s.amount_subtotal) - Number(s.amount_total),
      totalCents: Number(s.amount_total),
      successUrl: String(s.success_url).replace('{CHECKOUT_SESSION_ID}', row.id),
      expiresAt: new Date(Number(s.expires_at) * 1000),
      cancelUrl: String(s.cancel_url),
      submitMessage:
        (s.custom_text as { submit?: { message?: string } | null } | undefined)?.submit?.message ?? null,
    };
  }

  private async findSession(q: Pick<Db, 'query'>, id: string, lock = false): Promise<SessionRow | undefined> {
    const { rows } = await q.query<SessionRow>(
      `select id, object, line_item, discount from sandbox_stripe_checkout_sessions where id = $1${lock ? ' for update' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** The Pay button: completes the session once and sends what Stripe would send. */
  async pay(id: string): Promise<void> {
    const events = await this.db.transaction(async (tx) => {
      const row = await this.findSession(tx, id, true);
      if (!row) throw new SandboxStripeError('No such checkout session');
      const session = { ...row.object };
      if (session.status === 'complete')
        throw new SandboxStripeError('This checkout session is already paid');
      if (session.status !== 'open' || Number(session.expires_at) < nowSeconds()) {
        throw new SandboxStripeError('This checkout session has expired');
      }
      const customer = String(session.customer);
      const coupon = row.discount ? couponObject(stripeId('sandbox_coupon'), row.discount) : null;
      const total = Number(session.amount_total);
      session.status = 'complete';
      session.payment_status = total === 0 ? 'no_payment_required' : 'paid';
      const sent: Json[] = [];
      if (session.mode === 'subscription') {
        const subscription = subscriptionObject({
          customer,
          lineItem: row.line_item,
          metadata: session.metadata as Record<string, string>,
          discount: coupon ? discountObject(coupon, customer) : null,
        });
        const invoice = invoiceObject({
          subscription,
          customer,
          billingReason: 'subscription_create',
          amountPaid: total,
          subtotal: Number(session.amount_subtotal),
        });
        subscription.latest_invoice = invoice.id;
        session.subscription = subscription.id;
        session.invoice = invoice.id;
        await this.saveSubscription(tx, subscription);
        await store.saveInvoice(tx, invoice);
        sent.push(
          eventObject('checkout.session.completed', session),
          eventObject('customer.subscription.created', subscription),
          eventObject('invoice.paid', invoice),
        );
      } else {
        session.payment_intent = total === 0 ? null : stripeId('pi');
        if (session.payment_intent) {
          const charge = chargeObject({
            paymentIntent: String(session.payment_intent),
            customer,
            amount: total,
          });
          await tx.query('insert into sandbox_stripe_charges (id, object) values ($1, $2)', [
            charge.id,
            JSON.stringify(charge),
          ]);
        }
        sent.push(eventObject('checkout.session.completed', session));
      }
      await tx.query('update sandbox_stripe_checkout_sessions set object = $2 where id = $1', [
        id,
        JSON.stringify(session),
      ]);
      return sent;
    });
    await Promise.all(shuffled(events).map((event) => this.deliver(event)));
  }

  private saveSubscription(q: Pick<Db, 'query'>, subscription: Json): Promise<void> {
    return store.saveSubscription(q, subscription);
  }

  private findSubscriptionJson(id: string): Promise<Json> {
    return store.findSubscription(this.db, id);
  }

  /** Sandbox-only: sets Stripe's side of a subscription (tests play Stripe's state changes). */
  async putSubscription(subscription: Json): Promise<void> {
    await this.saveSubscription(this.db, subscription);
  }

  /**
   * Signs an event as Stripe does and POSTs it to the webhook route, retrying an answer other
   * than 2xx as Stripe would; throws when the app never accepts it.
   */
  async deliver(event: Json): Promise<void> {
    if (!this.post) throw new SandboxStripeError('The Stripe sandbox has no webhook receiver');
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * attempt));
      const answer = await this.post(STRIPE_WEBHOOK_PATH, {
        contentType: 'application/json; charset=utf-8',
        // Signed at each attempt, as Stripe signs each delivery with its own timestamp.
        headers: { 'stripe-signature': signStripePayload(this.webhookSecret, payload) },
        body: payload,
      }).catch(() => ({ status: 0, body: '' }));
      status = answer.status;
      if (status >= 200 && status < 300) return;
    }
    throw new SandboxStripeError(
      `The webhook did not accept ${String(event.type)} (last answer ${status || 'none'})`,
    );
  }

  constructEvent(rawBody: Buffer, signature: string | undefined): StripeEvent {
    const payload = rawBody.toString('utf8');
    verifyStripeSignature(this.webhookSecret, payload, signature);
    return stripeEventSchema.parse(JSON.parse(payload));
  }

  async checkoutSessionForPayment(paymentIntentId: string): Promise<StripeCheckoutSession | null> {
    const { rows } = await this.db.query<{ object: Record<string, unknown> }>(
      `select object from sandbox_stripe_checkout_sessions where object->>'payment_intent' = $1 limit 1`,
      [paymentIntentId],
    );
    return rows[0] ? checkoutSessionSchema.parse(rows[0].object) : null;
  }

  async retrieveCharge(chargeId: string): Promise<StripeCharge> {
    const { rows } = await this.db.query<{ object: Json }>(
      'select object from sandbox_stripe_charges where id = $1',
      [chargeId],
    );
    if (!rows[0]) throw new StripeObjectMissingError(`No such charge: ${chargeId}`);
    return chargeSchema.parse(rows[0].object);
  }

  /** Sandbox-only: a charge as Stripe holds it (tests refund and dispute it). */
  async putCharge(charge: Json): Promise<void> {
    await this.db.query(
      `insert into sandbox_stripe_charges (id, object) values ($1, $2)
       on conflict (id) do update set object = excluded.object`,
      [String(charge.id), JSON.stringify(charge)],
    );
  }

  async retrieveSubscription(id: string): Promise<StripeSubscription> {
    return parseSubscription(await this.findSubscriptionJson(id));
  }

  async cancelSubscriptionNow(id: string): Promise<void> {
    const subscription = await this.findSubscriptionJson(id);
    if (subscription.status === 'canceled') return;
    const now = nowSeconds();
    const canceled = {
      ...subscription,
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at_period_end: false,
    };
    await this.saveSubscription(this.db, canceled);
    await this.deliver(eventObject('customer.subscription.deleted', canceled));
  }

  async removeDiscountAndCancelAtPeriodEnd(id: string): Promise<void> {
    const subscription = await this.findSubscriptionJson(id);
    const updated = { ...subscription, discounts: [], cancel_at_period_end: true, cancel_at: null };
    await this.saveSubscription(this.db, updated);
    await this.deliver(
      eventObject('customer.subscription.updated', updated, {
        discounts: subscription.discounts,
        cancel_at_period_end: subscription.cancel_at_period_end,
      }),
    );
  }

  async changeSubscriptionPrice(input: {
    subscriptionId: string;
    lineItem: CheckoutLineItem;
  }): Promise<PriceChange> {
    // The sandbox's cards are always charged, so the change applies at once.
    const events = await this.db.transaction(async (tx) => {
      const current = await store.findSubscription(tx, input.subscriptionId, true);
      if (current.status === 'canceled') throw new SandboxStripeError('This subscription has ended');
      const { subscription, invoice, previous } = priceChanged(current, input.lineItem);
      await store.saveSubscription(tx, subscription);
      await store.saveInvoice(tx, invoice);
      return [
        eventObject('customer.subscription.updated', subscription, previous),
        eventObject('invoice.paid', invoice),
      ];
    });
    await Promise.all(shuffled(events).map((event) => this.deliver(event)));
    return { status: 'applied' };
  }

  createBillingPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    return this.portal.createSession(input);
  }
}
