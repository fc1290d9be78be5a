/**
 * Stripe's word sent again, early, or changed at Stripe: a replayed checkout asks Stripe nothing, a
 * checkout whose payment is still on its way starts nothing, and a subscription that lost its
 * metadata is still the family's by its id.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { paidAtStripe } from '../../../test/fixtures/paid-at-stripe.ts';
import {
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function deliver(type: string, object: Record<string, unknown>) {
  const res = await postEvent(ctx.app, stripeEvent(type, object), webhookSecret(ctx.providers));
  expect(res.status).toBe(200);
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    cancel_at_period_end: boolean;
    amount: number | null;
  }>('select plan, status, cancel_at_period_end, amount from subscriptions where user_id = $1', [userId]);
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
