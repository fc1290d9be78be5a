import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { STRIPE_API_VERSION, StripeAdapter } from './stripe-adapter.ts';
import { StripeObjectMissingError, StripeSignatureError } from './stripe-provider.ts';

interface Recorded {
  method: string;
  path: string;
  params: URLSearchParams;
  authorization: string | undefined;
  version: string | string[] | undefined;
}

/** A local stand-in for api.stripe.com that records what the SDK sends. */
let server: http.Server;
let requests: Recorded[] = [];
const periodEnd = 1_767_225_600;

function answer(method: string, path: string): Record<string, unknown> {
  if (method === 'POST' && path === '/v1/coupons') return { id: 'coupon_abc', object: 'coupon' };
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return {
      id: 'cs_test_123',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_123',
    };
  }
  if (path === '/v1/checkout/sessions/cs_test_123')
    return { id: 'cs_test_123', object: 'checkout.session', status: 'open' };
  if (path.startsWith('/v1/checkout/sessions/cs_test_123/expire'))
    return { id: 'cs_test_123', object: 'checkout.session', status: 'expired' };
  if (path === '/v1/subscriptions/sub_123') {
    return {
      id: 'sub_123',
      object: 'subscription',
      status: method === 'DELETE' ? 'canceled' : 'active',
      customer: 'cus_123',
      cancel_at_period_end: false,
      items: {
        object: 'list',
        data: [{ id: 'si_1', object: 'subscription_item', current_period_end: periodEnd }],
      },
      metadata: { checkout_id: 'c1' },
    };
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return {
      id: 'bps_123',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.com/p/session/test_123',
    };
  }
  if (method === 'POST' && path === '/v1/products') return { id: 'prod_new', object: 'product' };
  if (path === '/v1/subscriptions/sub_declined') {
    return {
      id: 'sub_declined',
      object: 'subscription',
      status: 'active',
      customer: 'cus_123',
      cancel_at_period_end: method === 'GET',
      items: {
        object: 'list',
        data: [{ id: 'si_9', object: 'subscription_item', current_period_end: periodEnd }],
      },
      metadata: {},
      ...(method === 'POST'
        ? {
            pending_update: { expires_at: periodEnd, subscription_items: [] },
            latest_invoice: {
              id: 'in_9',
              object: 'invoice',
              hosted_invoice_url: 'https://invoice.stripe.com/i/in_9',
            },
          }
        : {}),
    };
  }
  if (path === '/v1/subscriptions/sub_gone') {
    return {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'id',
        message: "No such subscription: 'sub_gone'",
      },
    };
  }
  return {
    error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
  };
}

let adapter: StripeAdapter;
const webhookSecret = 'whsec_test_secret';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        params: new URLSearchParams(body || url.search),
        authorization: req.headers.authorization,
        version: req.headers['stripe-version'],
      });
      const json = answer(req.method ?? '', url.pathname);
      res.writeHead('error' in json ? 404 : 200, {
        'Content-Type': 'application/json',
        'Request-Id': 'req_1',
      });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  adapter = new StripeAdapter({
    secretKey: 'sk_test_123',
    webhookSecret,
    host: '127.0.0.1',
    port,
    protocol: 'http',
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = [];
});

const base = {
  checkoutId: 'c1',
  userId: 'u1',
  customerEmail: 'parent@example.com',
  metadata: { checkout_id: 'c1', user_id: 'u1', kind: 'plan', plan: 'subscription_3month' },
  successUrl: 'http://localhost:3000/dashboard',
  cancelUrl: 'http://localhost:3000/pricing',
  expiresAt: new Date(1_767_000_000_000),
};

describe('StripeAdapter request shapes', () => {
  test('a pass is a subscription checkout renewing every 3 months with a once-off coupon', async () => {
    const session = await adapter.createCheckoutSession({
      ...base,
      mode: 'subscription',
      lineItem: { name: '3-Month Pass', amountCents: 8900, intervalMonths: 3 },
      discount: { percent: 50, duration: 'once', code: 'ABCDEFGHJK' },
      submitMessage: 'By paying you agree to the Santa Calls terms (http://localhost:3000/terms).',
    });
    expect(session).toEqual({ id: 'cs_test_123', url: 'https://checkout.stripe.com/c/pay/cs_test_123' });
    const [coupon, create] = requests;
    expect(coupon!.authorization).toBe('Bearer sk_test_123');
    // The API version is pinned in code, whatever the account's default.
    expect(requests.map((request) => request.version)).toEqual([STRIPE_API_VERSION, STRIPE_API_VERSION]);
    expect(coupon!.path).toBe('/v1/coupons');
    expect(Object.fromEntries(coupon!.params)).toMatchObject({
      percent_off: '50',
      duration: 'once',
      max_redemptions: '1',
      name: 'ABCDEFGHJK',
    });
    expect(create!.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(create!.params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '8900',
      'line_items[0][price_data][product_data][name]': '3-Month Pass',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '3',
      'discounts[0][coupon]': 'coupon_abc',
      'metadata[checkout_id]': 'c1',
      'metadata[plan]': 'subscription_3month',
      'subscription_data[metadata][checkout_id]': 'c1',
      payment_method_collection: 'always',
      'custom_text[submit][message]':
        'By paying you agree to the Santa Calls terms (http://localhost:3000/terms).',
      customer_email: 'parent@example.com',
      client_reference_id: 'u1',
      success_url: 'http://localhost:3000/dashboard',
      cancel_url: 'http://localhost:3000/pricing',
      expires_at: '1767000000',
    });
  });

  test('pay-per-call is a one-time payment without recurring price or coupon', async () => {
    await adapter.createCheckoutSession({
      ...base,
      customerId: 'cus_123',
      mode: 'payment',
      lineItem: { name: 'Pay Per Call', amountCents: 299 },
    });
    expect(requests).toHaveLength(1);
    const params = Object.fromEntries(requests[0]!.params);
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '299',
      customer: 'cus_123',
    });
    expect(Object.keys(params).some((key) => key.includes('recurring') || key.startsWith('discounts'))).toBe(
      false,
    );
  });

  test('a forever coupon becomes a Stripe coupon with duration forever', async () => {
    await adapter.createCheckoutSession({
      ...base,
      mode: 'subscription',
      lineItem: { name: 'Year-Round Magic', amountCents: 26900, intervalMonths: 12 },
      discount: { percent: 25, duration: 'forever', code: 'ZZZZZZZZZZ' },
    });
    expect(requests[0]!.params.get('duration')).toBe('forever');
    expect(requests[1]!.params.get('line_items[0][price_data][recurring][interval_count]')).toBe('12');
  });

  test('retrieves, cancels and removes the discount of a subscription', async () => {
    expect(await adapter.retrieveSubscription('sub_123')).toEqual({
      id: 'sub_123',
      status: 'active',
      customerId: 'cus_123',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date(periodEnd * 1000),
      intervalMonths: null,
      metadata: { checkout_id: 'c1' },
    });
    await adapter.cancelSubscriptionNow('sub_123');
    await adapter.removeDiscountAndCancelAtPeriodEnd('sub_123');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_123',
      'DELETE /v1/subscriptions/sub_123',
      'POST /v1/subscriptions/sub_123',
    ]);
    expect(Object.fromEntries(requests[2]!.params)).toEqual({ discounts: '', cancel_at_period_end: 'true' });
  });

  test('a customer portal session is asked for the customer and the return page, and its URL answered', async () => {
    const session = await adapter.createBillingPortalSession({
      customerId: 'cus_123',
      returnUrl: 'http://localhost:3000/dashboard?billing=portal',
    });
    expect(session).toEqual({ url: 'https://billing.stripe.com/p/session/test_123' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/billing_portal/sessions']);
    expect(Object.fromEntries(requests[0]!.params)).toEqual({
      customer: 'cus_123',
      return_url: 'http://localhost:3000/dashboard?billing=portal',
    });
    expect(requests[0]!.version).toBe(STRIPE_API_VERSION);
  });

  test('an upgrade changes the price of the existing subscription item with proration, applied only once paid', async () => {
    const result = await adapter.changeSubscriptionPrice({
      subscriptionId: 'sub_123',
      lineItem: { name: '6-Month Pass', amountCents: 15900, intervalMonths: 6, description: 'terms' },
    });
    expect(result).toEqual({ status: 'applied' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_123',
      'POST /v1/products',
      'POST /v1/subscriptions/sub_123',
    ]);
    expect(Object.fromEntries(requests[1]!.params)).toEqual({ name: '6-Month Pass', description: 'terms' });
    expect(Object.fromEntries(requests[2]!.params)).toEqual({
      'items[0][id]': 'si_1',
      'items[0][price_data][currency]': 'usd',
      'items[0][price_data][product]': 'prod_new',
      'items[0][price_data][unit_amount]': '15900',
      'items[0][price_data][recurring][interval]': 'month',
      'items[0][price_data][recurring][interval_count]': '6',
      proration_behavior: 'create_prorations',
      payment_behavior: 'pending_if_incomplete',
      'expand[0]': 'latest_invoice',
    });
  });

  test('an upgrade whose charge needs the parent answers the invoice page, after taking a cancellation back', async () => {
    const result = await adapter.changeSubscriptionPrice({
      subscriptionId: 'sub_declined',
      lineItem: { name: 'Year-Round Magic', amountCents: 26900, intervalMonths: 12 },
    });
    expect(result).toEqual({ status: 'payment_required', payUrl: 'https://invoice.stripe.com/i/in_9' });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/subscriptions/sub_declined',
      'POST /v1/subscriptions/sub_declined',
      'POST /v1/products',
      'POST /v1/subscriptions/sub_declined',
    ]);
    expect(Object.fromEntries(requests[1]!.params)).toEqual({ cancel_at_period_end: 'false' });
  });

  test("a subscription Stripe no longer has is told apart from Stripe's other errors", async () => {
    await expect(adapter.retrieveSubscription('sub_gone')).rejects.toBeInstanceOf(StripeObjectMissingError);
    await expect(adapter.retrieveSubscription('sub_unknown_route')).rejects.not.toBeInstanceOf(
      StripeObjectMissingError,
    );
  });

  test('verifies webhook signatures made the way Stripe makes them', () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_1' } },
    });
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
    });
    expect(adapter.constructEvent(Buffer.from(payload), header).id).toBe('evt_1');
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_other',
    });
    expect(() => adapter.constructEvent(Buffer.from(payload), forged)).toThrow(StripeSignatureError);
  });
});
