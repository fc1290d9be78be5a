import { agreeToNotice } from '../../../test/fixtures/santa.ts';
/** A family's pass as Stripe changes it after the purchase: upgrades, late payments, renewals. */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { PurchasablePlanId } from '@santa/shared/plans';
import { buyPass, openCheckout } from '../../../test/fixtures/admin.ts';
import {
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
import {
  createTestContext,
  PUBLIC_URL,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

/** Buys a pass the way a parent does (checkout, then Pay on the sandbox page): its Stripe id. */
async function buy(client: TestClient, plan: PurchasablePlanId): Promise<string> {
  await buyPass(ctx, client, undefined, plan);
  return (await planOf(client)).stripe_subscription_id;
}

async function planOf(client: TestClient) {
  const me = (await client.get('/api/auth/me')).body as { user: { id: string } };
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    seconds_used: number;
    cancel_at_period_end: boolean;
    stripe_subscription_id: string;
  }>(
    'select plan, status, seconds_used, cancel_at_period_end, stripe_subscription_id from subscriptions where user_id = $1',
    [me.user.id],
  );
  return rows[0]!;
}

/** Stripe changes the subscription on its side and tells us, as it does. */
async function stripeChanges(subscriptionId: string, change: Json): Promise<void> {
  const stripe = sandboxStripe(ctx.providers);
  const { rows } = await ctx.db.query<{ object: Json }>(
    'select object from sandbox_stripe_subscriptions where id = $1',
    [subscriptionId],
  );
  const changed = { ...rows[0]!.object, ...change };
  await stripe.putSubscription(changed);
  const res = await postEvent(
    ctx.app,
    stripeEvent('customer.subscription.updated', changed),
    webhookSecret(ctx.providers),
  );
  expect(res.status).toBe(200);
}

async function renewalPaid(subscriptionId: string): Promise<void> {
  const { rows } = await ctx.db.query<{ object: Json }>(
    'select object from sandbox_stripe_subscriptions where id = $1',
    [subscriptionId],
  );
  const event = stripeEvent('invoice.paid', invoice(rows[0]!.object, 'subscription_cycle', 8900));
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
}

/** What the pricing page does for a pass holder choosing another pass. */
function choosePass(client: TestClient, plan: PurchasablePlanId, extra: Record<string, string> = {}) {
  return client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan,
      success_url: `${PUBLIC_URL}/dashboard?checkout=success`,
      cancel_url: `${PUBLIC_URL}/pricing`,
      ...extra,
    });
}

async function stripeObject(subscriptionId: string): Promise<Json> {
  const { rows } = await ctx.db.query<{ object: Json }>(
    'select object from sandbox_stripe_subscriptions where id = $1',
    [subscriptionId],
  );
  return rows[0]!.object;
}

test('moving to a longer pass changes the price of the same Stripe subscription, prorated, with no second checkout', async () => {
  const { client, user } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await ctx.db.query('update subscriptions set seconds_used = 1813 where user_id = $1', [user.id]);
  const res = await choosePass(client, 'subscription_6month');
  expect(res.status).toBe(200);
  // No checkout page: straight back to the dashboard, the change already paid by the card on file.
  expect(res.body.url).toBe(`${PUBLIC_URL}/dashboard?checkout=success`);
  const { rows: checkouts } = await ctx.db.query('select plan from checkouts where user_id = $1', [user.id]);
  expect(checkouts).toEqual([{ plan: 'subscription_3month' }]);
  const plan = await planOf(client);
  expect(plan).toMatchObject({ plan: 'subscription_6month', status: 'active', stripe_subscription_id: sub });
  const { rows } = await ctx.db.query<{ seconds_limit: number; seconds_used: number; amount: number }>(
    'select seconds_limit, seconds_used, amount from subscriptions where user_id = $1',
    [user.id],
  );
  // The new pass's minutes plus the 8,987 unspent seconds, to the second, as when any plan starts.
  expect(rows[0]).toEqual({ seconds_limit: 360 * 60 + 8987, seconds_used: 0, amount: 15900 });
  const stripeSide = await stripeObject(sub);
  expect(stripeSide.status).toBe('active');
  const item = ((stripeSide.items as Json).data as Json[])[0]! as {
    price: { unit_amount: number; recurring: { interval_count: number } };
  };
  expect([item.price.unit_amount, item.price.recurring.interval_count]).toEqual([15900, 6]);
  // The proration invoice charged the new price less (almost all of) the unused 3-month period.
  const { rows: invoices } = await ctx.db.query<{ object: Json }>(
    `select object from sandbox_stripe_invoices where object->>'billing_reason' = 'subscription_update' and customer = $1`,
    [stripeSide.customer],
  );
  expect(invoices).toHaveLength(1);
  expect(Number(invoices[0]!.object.amount_paid)).toBeLessThanOrEqual(15900 - 8800);
  const numbers = await ctx.db.query('select 1 from agent_configs where user_id = $1', [user.id]);
  expect(numbers.rows).toHaveLength(1);
});

test('an upgrade replayed by Stripe (the same event twice) gives the new minutes once', async () => {
  const { client, user } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  expect((await choosePass(client, 'subscription_12month')).status).toBe(200);
  await ctx.db.query('update subscriptions set seconds_used = 6000 where user_id = $1', [user.id]);
  const replay = stripeEvent('customer.subscription.updated', await stripeObject(sub));
  expect((await postEvent(ctx.app, replay, webhookSecret(ctx.providers))).status).toBe(200);
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_12month', seconds_used: 6000 });
});

test('a pass holder with an unpaid renewal must settle it before changing pass', async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { status: 'past_due' });
  const res = await choosePass(client, 'subscription_6month');
  expect(res.status).toBe(409);
  expect(res.body.detail).toBe(PAYMENT_MESSAGES.renewalUnpaid);
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_3month' });
});

test('a coupon is refused on a change of pass rather than silently ignored', async () => {
  const { client } = await signUp(ctx.app);
  await buy(client, 'subscription_3month');
  const res = await choosePass(client, 'subscription_6month', { coupon_code: 'ANYCODE' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(PAYMENT_MESSAGES.couponOnPassChange);
});

test('upgrading a pass that was cancelled at period end takes the cancellation back', async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { cancel_at_period_end: true });
  expect((await choosePass(client, 'subscription_6month')).status).toBe(200);
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_6month', cancel_at_period_end: false });
  expect((await stripeObject(sub)).cancel_at_period_end).toBe(false);
});

test('two checkouts opened side by side and both paid: the second pass replaces the first, whose subscription ends', async () => {
  const { client, user } = await signUp(ctx.app);
  const shorter = await openCheckout(client, 'subscription_3month');
  const longer = await openCheckout(client, 'subscription_12month');
  await sandboxStripe(ctx.providers).pay(shorter);
  const first = (await planOf(client)).stripe_subscription_id;
  await sandboxStripe(ctx.providers).pay(longer);
  const second = (await planOf(client)).stripe_subscription_id;
  expect(second).not.toBe(first);
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_12month', status: 'active' });
  expect((await ctx.providers.stripe.retrieveSubscription(first)).status).toBe('canceled');
  const numbers = await ctx.db.query('select 1 from agent_configs where user_id = $1', [user.id]);
  expect(numbers.rows).toHaveLength(1);
  // A renewal of the replaced subscription credits nothing.
  await ctx.db.query('update subscriptions set seconds_used = 2400 where user_id = $1', [user.id]);
  const before = await planOf(client);
  await renewalPaid(first);
  expect(await planOf(client)).toEqual(before);
});

test('a late payment keeps the pass usable and says past_due; Stripe settling it makes it active', async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { status: 'past_due' });
  expect(await planOf(client)).toMatchObject({ status: 'past_due' });
  await agreeToNotice(client);
  expect((await client.get('/api/santa/hotline-number')).status).toBe(200);
  await stripeChanges(sub, { status: 'active' });
  expect(await planOf(client)).toMatchObject({ status: 'active' });
});

test('a pass whose renewal is late keeps its dedicated Santa number while Stripe retries', async () => {
  const { client, user } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  const numberOf = async () =>
    (
      await ctx.db.query<{ n: string }>(
        'select twilio_phone_number as n from agent_configs where user_id = $1',
        [user.id],
      )
    ).rows[0]?.n;
  const number = await numberOf();
  expect(number).toBeDefined();
  await stripeChanges(sub, { status: 'past_due' });
  expect(await numberOf()).toBe(number);
});

test('a first pass replaces no Stripe subscription, so none is cancelled', async () => {
  const { client } = await signUp(ctx.app);
  const cancel = vi.spyOn(ctx.providers.stripe, 'cancelSubscriptionNow');
  try {
    await buy(client, 'subscription_3month');
    expect(cancel).not.toHaveBeenCalled();
  } finally {
    cancel.mockRestore();
  }
});

test('when Stripe will not cancel the subscription a new pass replaced, the new pass still stands and an operator is told', async () => {
  const { client } = await signUp(ctx.app);
  // Two tabs: a second checkout paid while the first pass is live (the replace path).
  const shorter = await openCheckout(client, 'subscription_3month');
  const longer = await openCheckout(client, 'subscription_12month');
  await sandboxStripe(ctx.providers).pay(shorter);
  const first = (await planOf(client)).stripe_subscription_id;
  const refusal = new Error('Stripe is unreachable');
  const cancel = vi.spyOn(ctx.providers.stripe, 'cancelSubscriptionNow').mockRejectedValueOnce(refusal);
  const logged = vi.spyOn(ctx.deps.logger, 'error');
  try {
    await sandboxStripe(ctx.providers).pay(longer);
    expect(cancel).toHaveBeenCalledWith(first);
    // Two subscriptions now bill the family: somebody must cancel the old one by hand.
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: refusal }), expect.any(String));
  } finally {
    cancel.mockRestore();
    logged.mockRestore();
  }
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_12month', status: 'active' });
});

test('a paid renewal of a past_due pass makes it active with the period minutes again', async () => {
  const { client, user } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { status: 'past_due' });
  await ctx.db.query('update subscriptions set seconds_used = 6000 where user_id = $1', [user.id]);
  await sandboxStripe(ctx.providers).putSubscription({
    ...(
      await ctx.db.query<{ object: Json }>('select object from sandbox_stripe_subscriptions where id = $1', [
        sub,
      ])
    ).rows[0]!.object,
    status: 'active',
  });
  await renewalPaid(sub);
  expect(await planOf(client)).toMatchObject({ status: 'active', seconds_used: 0 });
});

test("Stripe's cancel at period end is mirrored, and so is taking it back", async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { cancel_at_period_end: true });
  expect(await planOf(client)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  await stripeChanges(sub, { cancel_at_period_end: false });
  expect(await planOf(client)).toMatchObject({ status: 'active', cancel_at_period_end: false });
});
