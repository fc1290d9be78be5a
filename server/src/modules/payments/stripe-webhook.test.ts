import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PLANS, type PurchasablePlanId } from '@santa/shared/plans';
import {
  createTestContext,
  PUBLIC_URL,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  checkoutIdOf,
  checkoutSession,
  invoice,
  postEvent,
  sandboxStripe,
  signStripe,
  stripeEvent,
  subscription,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';

let ctx: TestContext;
let secret: string;
beforeAll(async () => {
  ctx = await createTestContext();
  secret = webhookSecret(ctx.providers);
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function startCheckout(client: TestClient, plan: PurchasablePlanId, couponCode?: string) {
  const form: Record<string, string> = {
    plan,
    success_url: `${PUBLIC_URL}/dashboard`,
    cancel_url: `${PUBLIC_URL}/pricing`,
  };
  if (couponCode) form.coupon_code = couponCode;
  const res = await client.post('/api/stripe/create-checkout').type('form').send(form);
  expect(res.status).toBe(200);
  const checkoutId = await checkoutIdOf(ctx.db, res.body.url);
  const metadata: Record<string, string> = { checkout_id: checkoutId, kind: 'plan', plan };
  if (couponCode) metadata.coupon_code = couponCode;
  return { url: res.body.url as string, metadata };
}

/** A pass as Stripe would hold it after checkout, plus the events Stripe sends for it. */
async function passEvents(
  client: TestClient,
  userId: string,
  plan: PurchasablePlanId = 'subscription_3month',
) {
  const { metadata } = await startCheckout(client, plan);
  const meta = { ...metadata, user_id: userId };
  const sub = subscription({ metadata: meta }, PLANS[plan].periodMonths ?? 3);
  await sandboxStripe(ctx.providers).putSubscription(sub);
  const session = checkoutSession({
    metadata: meta,
    mode: 'subscription',
    subscription: sub.id,
    customer: sub.customer,
    amount_subtotal: PLANS[plan].priceCents,
    amount_total: PLANS[plan].priceCents,
  });
  return {
    sub,
    completed: stripeEvent('checkout.session.completed', session),
    created: stripeEvent('customer.subscription.created', sub),
    paid: stripeEvent('invoice.paid', invoice(sub, 'subscription_create', PLANS[plan].priceCents)),
  };
}

async function snapshot(userId: string) {
  const sub = await ctx.db.query('select * from subscriptions where user_id = $1', [userId]);
  const number = await ctx.db.query('select twilio_phone_number from agent_configs where user_id = $1', [
    userId,
  ]);
  const history = await ctx.db.query('select action from discount_history where user_id = $1', [userId]);
  const { updated_at: _u, ...row } = (sub.rows[0] ?? {}) as Json;
  return { row, numbers: number.rows, history: history.rows };
}

async function deliver(event: Json) {
  const res = await postEvent(ctx.app, event, secret);
  expect(res.status).toBe(200);
  return res;
}

describe('POST /api/stripe/webhook', () => {
  test.each(['subscription_3month', 'subscription_6month', 'subscription_12month'] as const)(
    'checkout.session.completed activates the %s pass with its minutes and a dedicated number',
    async (plan) => {
      const { client, user } = await signUp(ctx.app);
      const { completed } = await passEvents(client, user.id, plan);
      await deliver(completed);
      const status = await client.get('/api/subscription/status');
      expect(status.body.subscription).toMatchObject({
        plan,
        status: 'active',
        minutes_limit: PLANS[plan].minutes,
        minutes_used: 0,
        seconds_limit: PLANS[plan].minutes * 60,
        amount: PLANS[plan].priceCents,
        discount_percent: null,
      });
      expect(status.body.subscription.current_period_end).not.toBeNull();
      const { rows } = await ctx.db.query<{ twilio_phone_number: string; contact_email: string }>(
        'select twilio_phone_number, contact_email from agent_configs where user_id = $1',
        [user.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.twilio_phone_number).toMatch(/^\+1555\d{4}$/);
      expect(rows[0]!.contact_email).toBe(user.email);
    },
  );

  test('checkout.session.completed in payment mode activates pay-per-call on the common hotline', async () => {
    const { client, user } = await signUp(ctx.app);
    const { metadata } = await startCheckout(client, 'pay_per_call');
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({ metadata, amount_total: 299, amount_subtotal: 299 }),
      ),
    );
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({ plan: 'pay_per_call', minutes_limit: 5, amount: 299 });
    expect((await snapshot(user.id)).numbers).toEqual([]);
  });

  test('a delayed payment activates the plan only when Stripe reports it succeeded', async () => {
    const { client, user } = await signUp(ctx.app);
    const { metadata } = await startCheckout(client, 'pay_per_call');
    const session = checkoutSession({ metadata, amount_total: 299, amount_subtotal: 299 });
    await deliver(stripeEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }));
    expect((await client.get('/api/subscription/status')).body.has_subscription).toBe(false);
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', session));
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({ plan: 'pay_per_call', minutes_limit: 5, amount: 299 });
    expect((await snapshot(user.id)).row).toMatchObject({ status: 'active' });
  });

  test('a delayed payment that fails never activates the plan', async () => {
    const { client } = await signUp(ctx.app);
    const { metadata } = await startCheckout(client, 'pay_per_call');
    const session = { ...checkoutSession({ metadata }), payment_status: 'unpaid' };
    await deliver(stripeEvent('checkout.session.completed', session));
    await deliver(stripeEvent('checkout.session.async_payment_failed', session));
    expect((await client.get('/api/subscription/status')).body.has_subscription).toBe(false);
  });

  test('a delayed payment that fails releases the checkout and tells the parent once', async () => {
    const { client, user } = await signUp(ctx.app);
    const { metadata } = await startCheckout(client, 'pay_per_call');
    const session = { ...checkoutSession({ metadata }), payment_status: 'unpaid' };
    await deliver(stripeEvent('checkout.session.completed', session));
    const failed = stripeEvent('checkout.session.async_payment_failed', session);
    await deliver(failed);
    await deliver(failed);
    const { rows: checkouts } = await ctx.db.query<{ status: string }>(
      'select status from checkouts where id = $1',
      [metadata.checkout_id],
    );
    expect(checkouts).toEqual([{ status: 'expired' }]);
    const { rows: emails } = await ctx.db.query(
      `select 1 from emails where user_id = $1 and kind = 'checkout_payment_failed'`,
      [user.id],
    );
    expect(emails).toHaveLength(1);
    // Released: a new checkout for the same plan opens at once.
    expect((await startCheckout(client, 'pay_per_call')).metadata.checkout_id).not.toBe(metadata.checkout_id);
  });

  test('moving from the free sample to a pass carries the unspent seconds over', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction(async (tx) => {
      await ctx.services.subscription.activatePlan(tx, user.id, { plan: 'free_sample', amountCents: 0 });
      await ctx.services.subscription.update(tx, user.id, { seconds_used: 13 });
    });
    const { completed } = await passEvents(client, user.id);
    await deliver(completed);
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({
      plan: 'subscription_3month',
      seconds_limit: 180 * 60 + 47,
      minutes_limit: 180,
    });
  });

  test('concurrent, shuffled Stripe events for one pass buy exactly one number', async () => {
    const { client, user } = await signUp(ctx.app);
    const { completed, created, paid } = await passEvents(client, user.id);
    const telephony = ctx.providers.telephony;
    const purchase = telephony.purchaseNumber.bind(telephony);
    // A slow Twilio widens the window in which the three deliveries overlap.
    const spy = vi.spyOn(telephony, 'purchaseNumber').mockImplementation(async (options) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return purchase(options);
    });
    try {
      const answers = await Promise.all(
        [paid, completed, created].map((event) => postEvent(ctx.app, event, secret)),
      );
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      expect(spy).toHaveBeenCalledTimes(1);
      expect((await snapshot(user.id)).numbers).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  test('a replay of every event type leaves the state identical to one delivery', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed, created, paid } = await passEvents(client, user.id);
    const updated = stripeEvent('customer.subscription.updated', sub, { cancel_at_period_end: true });
    const renewal = stripeEvent('invoice.paid', invoice(sub, 'subscription_cycle', 8900));
    const events = [completed, created, paid, updated, renewal];
    for (const event of events) await deliver(event);
    const once = await snapshot(user.id);
    for (const event of events) await deliver(event);
    expect(await snapshot(user.id)).toEqual(once);
    const { rows } = await ctx.db.query('select 1 from stripe_events where id = any($1)', [
      events.map((e) => e.id),
    ]);
    expect(rows).toHaveLength(events.length);
  });

  test('out-of-order subscription events converge on what Stripe holds', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed, created } = await passEvents(client, user.id);
    // Stripe already has the later state: the parent asked to cancel at period end.
    const later = { ...sub, cancel_at_period_end: true };
    await sandboxStripe(ctx.providers).putSubscription(later);
    await deliver(stripeEvent('customer.subscription.updated', later, { cancel_at_period_end: false }));
    await deliver(created);
    await deliver(completed);
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({
      plan: 'subscription_3month',
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await snapshot(user.id)).numbers).toHaveLength(1);
  });

  test('a bad signature is refused with 400 and nothing changes', async () => {
    const { client, user } = await signUp(ctx.app);
    const { completed } = await passEvents(client, user.id);
    const payload = JSON.stringify(completed);
    const forged = signStripe(payload, 'whsec_not_our_secret');
    const res = await postEvent(ctx.app, completed, secret, forged);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Invalid Stripe signature', code: 'bad_request' });
    const missing = await postEvent(ctx.app, completed, secret, '');
    expect(missing.status).toBe(400);
    const stale = await postEvent(
      ctx.app,
      completed,
      secret,
      signStripe(payload, secret, Math.floor(Date.now() / 1000) - 3600),
    );
    expect(stale.status).toBe(400);
    expect((await snapshot(user.id)).row).toEqual({});
    expect((await ctx.db.query('select 1 from stripe_events where id = $1', [completed.id])).rows).toEqual(
      [],
    );
  });

  test('an unknown event type is acknowledged with 200 and not processed', async () => {
    const event = stripeEvent('charge.refund.updated', { id: 're_123', object: 'refund' });
    const res = await deliver(event);
    expect(res.body).toEqual({ received: true });
    expect((await ctx.db.query('select 1 from stripe_events where id = $1', [event.id])).rows).toEqual([]);
  });

  test('invoice.paid for a subscription_cycle renewal resets the seconds used', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    await ctx.db.transaction((tx) => ctx.services.subscription.update(tx, user.id, { seconds_used: 9000 }));
    await deliver(stripeEvent('invoice.paid', invoice(sub, 'subscription_create', 8900)));
    expect((await client.get('/api/subscription/status')).body.subscription.minutes_used).toBe(150);
    await deliver(stripeEvent('invoice.paid', invoice(sub, 'subscription_cycle', 8900)));
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({
      seconds_used: 0,
      minutes_used: 0,
      minutes_limit: 180,
      status: 'active',
    });
  });

  test('a renewal invoice delivered again under a new event id is credited once', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    const renewal = invoice(sub, 'subscription_cycle', 8900);
    await deliver(stripeEvent('invoice.paid', renewal));
    await ctx.db.transaction((tx) => ctx.services.subscription.update(tx, user.id, { seconds_used: 2400 }));
    await deliver(stripeEvent('invoice.paid', renewal));
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription.minutes_used).toBe(40);
  });

  test('customer.subscription.deleted ends the plan and releases the dedicated number', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    const [{ twilio_phone_number: number }] = (await snapshot(user.id)).numbers as [
      { twilio_phone_number: string },
    ];
    const canceled = { ...sub, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) };
    await sandboxStripe(ctx.providers).putSubscription(canceled);
    await deliver(stripeEvent('customer.subscription.deleted', canceled));
    expect((await client.get('/api/subscription/status')).body).toEqual({
      has_subscription: false,
      subscription: null,
    });
    expect((await snapshot(user.id)).row).toMatchObject({ status: 'ended' });
    expect((await snapshot(user.id)).numbers).toEqual([]);
    const pool = await ctx.db.query('select 1 from sandbox_twilio_numbers where phone_number = $1', [number]);
    expect(pool.rows).toEqual([]);
  });

  test('an unpaid subscription ends the plan', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    const unpaid = { ...sub, status: 'unpaid' };
    await sandboxStripe(ctx.providers).putSubscription(unpaid);
    await deliver(stripeEvent('customer.subscription.updated', unpaid, { status: 'past_due' }));
    expect((await snapshot(user.id)).row).toMatchObject({ status: 'ended' });
    expect((await snapshot(user.id)).numbers).toEqual([]);
  });

  test('cancelling a subscription now through the provider ends the plan (admin revoke)', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    await ctx.providers.stripe.cancelSubscriptionNow(String(sub.id));
    expect((await snapshot(user.id)).row).toMatchObject({ status: 'ended' });
    expect((await snapshot(user.id)).numbers).toEqual([]);
  });

  test('removing the discount lets the pass run to the end of its period', async () => {
    const { client, user } = await signUp(ctx.app);
    const { sub, completed } = await passEvents(client, user.id);
    await deliver(completed);
    await ctx.providers.stripe.removeDiscountAndCancelAtPeriodEnd(String(sub.id));
    expect((await snapshot(user.id)).row).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect((await ctx.providers.stripe.retrieveSubscription(String(sub.id))).cancelAtPeriodEnd).toBe(true);
  });
});
