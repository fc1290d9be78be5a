import { priceChanged } from '../../src/providers/stripe/sandbox-stripe-changes.ts';
import { createHmac } from 'node:crypto';
import {
  couponObject,
  discountObject,
  eventObject,
  invoiceObject,
  stripeId,
  subscriptionObject,
  type Json,
} from '../../src/providers/stripe/sandbox-stripe-objects.ts';
import { matchPath, nowSeconds, startFakeServer, type FakeRequest, type FakeResponse } from './fake-http.ts';

/** An event as Stripe POSTs it to a webhook endpoint: the raw JSON and its Stripe-Signature. */
export interface StripeDelivery {
  type: string;
  payload: string;
  signature: string;
}

/** The flat `a[b]=v` form keys under `prefix[…]`, one level deep (metadata). */
function under(form: URLSearchParams, prefix: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^(.+)\[([^\]]+)\]$/.exec(key);
    if (match && match[1] === prefix) found[match[2]!] = value;
  }
  return found;
}

const missing = (id: string): FakeResponse => ({
  status: 404,
  json: {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such object: '${id}'`,
    },
  },
});

/**
 * api.stripe.com for the calls StripeAdapter makes: the SDK's form-encoded requests, Stripe's
 * JSON objects back (the Stripe sandbox's builders), and signed events once a session is paid.
 */
export class FakeStripe {
  readonly secretKey = 'sk_test_fake_stripe';
  readonly webhookSecret = 'whsec_fake_stripe_endpoint';
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  private readonly coupons = new Map<string, Json>();
  /** What each session was created with that Stripe keeps off the session object itself. */
  private readonly created = new Map<string, { form: URLSearchParams }>();
  /** Events Stripe has sent to the webhook endpoint and the test has not yet delivered. */
  private readonly outbox: StripeDelivery[] = [];

  private constructor(private readonly server: Awaited<ReturnType<typeof startFakeServer>>) {}

  static async start(): Promise<FakeStripe> {
    const holder: { fake?: FakeStripe } = {};
    const server = await startFakeServer((req) => holder.fake!.answer(req));
    holder.fake = new FakeStripe(server);
    return holder.fake;
  }

  get requests(): FakeRequest[] {
    return this.server.requests;
  }

  /** StripeAdapter's host/port/protocol options. */
  get endpoint() {
    return { host: '127.0.0.1', port: this.server.port, protocol: 'http' as const };
  }

  close = () => this.server.close();

  private answer(req: FakeRequest): FakeResponse {
    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key' } } };
    }
    const form = new URLSearchParams(req.body);
    if (req.method === 'POST' && req.path === '/v1/coupons') return { json: this.createCoupon(form) };
    if (req.method === 'POST' && req.path === '/v1/products')
      return { json: { id: stripeId('prod'), object: 'product', name: form.get('name'), active: true } };
    if (req.method === 'POST' && req.path === '/v1/billing_portal/sessions') {
      const id = stripeId('bps');
      return {
        json: {
          id,
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.com/p/session/test_${id}`,
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions')
      return { json: this.createSession(form) };
    const session = matchPath(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/, req.path);
    if (session) {
      const [id, expire] = session as [string, string | undefined];
      const found = this.sessions.get(id);
      if (!found) return missing(id);
      if (!expire && req.method === 'GET') return { json: found };
      if (expire && req.method === 'POST') {
        if (found.status !== 'open') {
          return {
            status: 400,
            json: {
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
              },
            },
          };
        }
        found.status = 'expired';
        return { json: found };
      }
    }
    const subscription = matchPath(/^\/v1\/subscriptions\/([^/]+)$/, req.path);
    if (subscription) {
      const id = subscription[0]!;
      const found = this.subscriptions.get(id);
      if (!found) return missing(id);
      if (req.method === 'GET') return { json: found };
      if (req.method === 'DELETE') {
        if (found.status !== 'canceled') {
          Object.assign(found, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
          this.send(eventObject('customer.subscription.deleted', { ...found }));
        }
        return { json: found };
      }
      if (req.method === 'POST' && form.has('items[0][price_data][unit_amount]')) {
        // A price change: Stripe prorates, invoices the difference at once and, once paid, moves
        // the subscription (the sandbox's own model of it).
        const {
          subscription: changed,
          invoice,
          previous,
        } = priceChanged(found, {
          name: '',
          amountCents: Number(form.get('items[0][price_data][unit_amount]')),
          intervalMonths: Number(form.get('items[0][price_data][recurring][interval_count]')),
        });
        this.subscriptions.set(id, changed);
        this.send(eventObject('customer.subscription.updated', { ...changed }, previous));
        this.send(eventObject('invoice.paid', invoice));
        return { json: { ...changed, pending_update: null, latest_invoice: invoice } };
      }
      if (req.method === 'POST') {
        const previous = { discounts: found.discounts, cancel_at_period_end: found.cancel_at_period_end };
        // The SDK sends `discounts: ''` as an empty value: Stripe's way of clearing a list.
        if (form.get('discounts') === '') found.discounts = [];
        if (form.has('cancel_at_period_end'))
          found.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        this.send(eventObject('customer.subscription.updated', { ...found }, previous));
        return { json: found };
      }
    }
    return {
      status: 404,
      json: {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${req.method}: ${req.path}).`,
        },
      },
    };
  }

  private createCoupon(form: URLSearchParams): Json {
    const coupon = couponObject(stripeId('coupon'), {
      percent: Number(form.get('percent_off')),
      duration: form.get('duration') === 'forever' ? 'forever' : 'once',
      code: form.get('name') ?? '',
    });
    coupon.times_redeemed = 0;
    coupon.metadata = under(form, 'metadata');
    this.coupons.set(String(coupon.id), coupon);
    return coupon;
  }

  private createSession(form: URLSearchParams): Json {
    const id = stripeId('cs_test');
    const subtotal = Number(form.get('line_items[0][price_data][unit_amount]'));
    const coupon = this.coupons.get(form.get('discounts[0][coupon]') ?? '');
    const total = coupon ? Math.round((subtotal * (100 - Number(coupon.percent_off))) / 100) : subtotal;
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: subtotal,
      amount_total: total,
      cancel_url: form.get('cancel_url'),
      client_reference_id: form.get('client_reference_id'),
      created: nowSeconds(),
      currency: form.get('line_items[0][price_data][currency]'),
      customer: form.get('customer'),
      customer_email: form.get('customer_email'),
      discounts: coupon ? [{ coupon: coupon.id, promotion_code: null }] : [],
      expires_at: Number(form.get('expires_at')),
      invoice: null,
      livemode: false,
      metadata: under(form, 'metadata'),
      mode: form.get('mode'),
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: form.get('success_url'),
      total_details: { amount_discount: subtotal - total, amount_shipping: 0, amount_tax: 0 },
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.created.set(id, { form });
    return session;
  }

  /**
   * The parent pays on Stripe's hosted page: the session completes and Stripe sends its events
   * (takeDeliveries), in the order Stripe usually sends them (it promises none).
   */
  pay(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    const created = this.created.get(sessionId);
    if (!session || !created) throw new Error(`FakeStripe: no checkout session ${sessionId}`);
    if (session.status !== 'open')
      throw new Error(`FakeStripe: session ${sessionId} is ${String(session.status)}`);
    const { form } = created;
    const events: Json[] = [];
    let customer = session.customer as string | null;
    if (!customer) {
      customer = stripeId('cus');
      events.push(
        eventObject('customer.created', { id: customer, object: 'customer', email: session.customer_email }),
      );
    }
    const total = Number(session.amount_total);
    Object.assign(session, {
      customer,
      status: 'complete',
      payment_status: total === 0 ? 'no_payment_required' : 'paid',
    });
    if (session.mode !== 'subscription') {
      session.payment_intent = total === 0 ? null : stripeId('pi');
      events.push(eventObject('checkout.session.completed', session));
      events.forEach((event) => this.send(event));
      return;
    }
    const coupon = (session.discounts as Json[])[0]
      ? this.coupons.get(String((session.discounts as Json[])[0]!.coupon))
      : undefined;
    const subscription = subscriptionObject({
      customer,
      lineItem: {
        name: form.get('line_items[0][price_data][product_data][name]') ?? '',
        amountCents: Number(session.amount_subtotal),
        intervalMonths: Number(form.get('line_items[0][price_data][recurring][interval_count]')),
      },
      metadata: under(form, 'subscription_data[metadata]'),
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
    Object.assign(session, { subscription: subscription.id, invoice: invoice.id });
    this.subscriptions.set(String(subscription.id), subscription);
    events.push(
      eventObject('checkout.session.completed', session),
      eventObject('customer.subscription.created', subscription),
      eventObject('invoice.paid', invoice),
    );
    events.forEach((event) => this.send(event));
  }

  /** Stripe-Signature as Stripe computes it: `t=<seconds>,v1=<HMAC-SHA256(secret, "t.payload")>`. */
  sign(payload: string, timestamp = nowSeconds()): string {
    const v1 = createHmac('sha256', this.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** Hands the test what Stripe sent the webhook endpoint since it last asked, oldest first. */
  takeDeliveries(): StripeDelivery[] {
    return this.outbox.splice(0);
  }

  private send(event: Json): void {
    const payload = JSON.stringify(event, null, 2);
    this.outbox.push({ type: String(event.type), payload, signature: this.sign(payload) });
  }
}
