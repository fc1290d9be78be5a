/**
 * Stripe's word sent again, early, late, or changed at Stripe: a replayed checkout asks Stripe
 * nothing and gives nothing twice, a checkout whose payment is still on its way starts nothing, a
 * late invoice does not move the pass back, and a subscription that lost its metadata is still the
 * family's by its id.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { paidAtStripe } from '../../../test/fixtures/paid-at-stripe.ts';
import {
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  subscription,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function deliver(type: string, object: Json) {
  const res = await postEvent(ctx.app, stripeEvent(type, object), webhookSecret(ctx.providers));
  expect(res.status).toBe(200);
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    cancel_at_period_end: boolean;
    amount: number | null;
    current_period_end: Date | null;
  }>(
    'select plan, status, cancel_at_period_end, amount, current_period_end from subscriptions where user_id = $1',
    [userId],
  );
  return rows[0];
}

test('a checkout Stripe sends again once its pass has started is acknowledged without asking Stripe', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const started = await planOf(user.id);
  const read = vi.spyOn(ctx.providers.stripe, 'retrieveSubscription');
  try {
    // Stripe resends an event it thinks was not received, under a new event id.
    await deliver('checkout.session.completed', session);
    expect(read).not.toHaveBeenCalled();
  } finally {
    read.mockRestore();
  }
  expect(await planOf(user.id)).toEqual(started);
});

test('a subscription whose metadata was cleared at Stripe is still the family’s, found by its id', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  // Someone edits the subscription in Stripe's dashboard: its metadata goes, and it is set to end.
  const edited = { ...sub!, metadata: {}, cancel_at_period_end: true };
  await sandboxStripe(ctx.providers).putSubscription(edited);
  await deliver('customer.subscription.updated', edited);
  expect(await planOf(user.id)).toMatchObject({
    plan: 'subscription_3month',
    status: 'active',
    cancel_at_period_end: true,
  });
});

test('the first invoice of a pass whose metadata was cleared at Stripe still records what was paid', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const edited = { ...sub!, metadata: {} };
  await sandboxStripe(ctx.providers).putSubscription(edited);
  // The first payment came to less than the list price (a coupon applied at Stripe).
  await deliver('invoice.paid', invoice(edited, 'subscription_create', 4450));
  expect(await planOf(user.id)).toMatchObject({
    plan: 'subscription_3month',
    status: 'active',
    amount: 4450,
  });
});

test('a subscription that expired at Stripe before it was ever paid starts no pass', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  // The first payment never went through: Stripe gives the subscription up.
  const expired = { ...sub!, status: 'incomplete_expired' };
  await sandboxStripe(ctx.providers).putSubscription(expired);
  await deliver('customer.subscription.updated', expired);
  expect(await planOf(user.id)).toBeUndefined();
});

test('a pass whose first payment is still on its way (a bank debit) starts only when Stripe says it arrived, and Stripe is not asked before', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  const read = vi.spyOn(ctx.providers.stripe, 'retrieveSubscription');
  try {
    await deliver('checkout.session.completed', { ...session, payment_status: 'unpaid' });
    expect(read).not.toHaveBeenCalled();
  } finally {
    read.mockRestore();
  }
  expect(await planOf(user.id)).toBeUndefined();
  await deliver('checkout.session.async_payment_succeeded', session);
  expect(await planOf(user.id)).toMatchObject({ plan: 'subscription_3month', status: 'active' });
});

test('a Pay Per Call checkout Stripe sends again after the call was made gives no second call', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(ctx, client, user.id, 'pay_per_call');
  await deliver('checkout.session.completed', session);
  // The child made the paid call: the plan's one call is spent.
  await ctx.db.query(
    "update subscriptions set seconds_used = seconds_limit, status = 'ended' where user_id = $1",
    [user.id],
  );
  await deliver('checkout.session.completed', session);
  expect(await planOf(user.id)).toMatchObject({ plan: 'pay_per_call', status: 'ended' });
});

/** `sub` as Stripe holds it once its period ends at `end`. */
function withPeriodEnd(sub: Json, end: number | null): Json {
  const items = sub.items as { data: Json[] };
  return {
    ...sub,
    current_period_end: end,
    items: { ...items, data: items.data.map((item) => ({ ...item, current_period_end: end })) },
  };
}

test('a renewal invoice that arrives after Stripe has moved the pass on keeps the period Stripe says now', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const items = sub!.items as { data: { current_period_end: number }[] };
  const later = items.data[0]!.current_period_end + 90 * 24 * 60 * 60;
  await sandboxStripe(ctx.providers).putSubscription(withPeriodEnd(sub!, later));
  // The invoice of the period Stripe has since closed, delivered late.
  await deliver('invoice.paid', invoice(sub!, 'subscription_cycle', 8900));
  expect((await planOf(user.id))?.current_period_end).toEqual(new Date(later * 1000));
});

test('a pass change’s proration invoice is not taken for the price of the pass', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const proration = invoice(sub!, 'subscription_update', 1500);
  await deliver('invoice.paid', proration);
  expect(await planOf(user.id)).toMatchObject({ plan: 'subscription_3month', amount: 8900 });
});

test('an event about a subscription no family has (made in Stripe’s dashboard) is acknowledged and changes nothing', async () => {
  const stranger = subscription({ metadata: {} });
  await sandboxStripe(ctx.providers).putSubscription(stranger);
  await deliver('customer.subscription.updated', stranger);
  const { rows } = await ctx.db.query('select 1 from subscriptions where stripe_subscription_id = $1', [
    stranger.id,
  ]);
  expect(rows).toEqual([]);
});

test('a first invoice of a subscription whose period Stripe does not give is acknowledged and keeps what the checkout charged', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  await sandboxStripe(ctx.providers).putSubscription(withPeriodEnd(sub!, null));
  await deliver('invoice.paid', invoice(sub!, 'subscription_create', 4450));
  expect(await planOf(user.id)).toMatchObject({ status: 'active', amount: 8900 });
});

test('a family that paid for Pay Per Call checks out its pass as the same Stripe customer', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(ctx, client, user.id, 'pay_per_call');
  await deliver('checkout.session.completed', session);
  const open = vi.spyOn(ctx.providers.stripe, 'createCheckoutSession');
  try {
    await paidAtStripe(ctx, client, user.id, 'subscription_3month');
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ customerId: session.customer }));
  } finally {
    open.mockRestore();
  }
});
