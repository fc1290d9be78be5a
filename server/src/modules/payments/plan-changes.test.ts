/** A family's pass as Stripe changes it after the purchase: upgrades, late payments, renewals. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PurchasablePlanId } from '@santa/shared/plans';
import { buyPass } from '../../../test/fixtures/admin.ts';
import {
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestClient, type TestContext } from '../../../test/test-app.ts';

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
    minutes_used: number;
    cancel_at_period_end: boolean;
    stripe_subscription_id: string;
  }>(
    'select plan, status, minutes_used, cancel_at_period_end, stripe_subscription_id from subscriptions where user_id = $1',
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

test('moving to a longer pass cancels the old Stripe subscription at once and keeps one dedicated number', async () => {
  const { client, user } = await signUp(ctx.app);
  const first = await buy(client, 'subscription_3month');
  const second = await buy(client, 'subscription_12month');
  expect(second).not.toBe(first);
  expect(await planOf(client)).toMatchObject({ plan: 'subscription_12month', status: 'active' });
  expect((await ctx.providers.stripe.retrieveSubscription(first)).status).toBe('canceled');
  expect((await ctx.providers.stripe.retrieveSubscription(second)).status).toBe('active');
  const numbers = await ctx.db.query('select 1 from agent_configs where user_id = $1', [user.id]);
  expect(numbers.rows).toHaveLength(1);
});

test('a renewal of a subscription the family has moved away from credits nothing', async () => {
  const { client, user } = await signUp(ctx.app);
  const first = await buy(client, 'subscription_3month');
  await buy(client, 'subscription_6month');
  await ctx.db.query('update subscriptions set minutes_used = 40 where user_id = $1', [user.id]);
  const before = await planOf(client);
  await renewalPaid(first);
  expect(await planOf(client)).toEqual(before);
});

test('a late payment keeps the pass usable and says past_due; Stripe settling it makes it active', async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { status: 'past_due' });
  expect(await planOf(client)).toMatchObject({ status: 'past_due' });
  expect((await client.get('/api/santa/hotline-number')).status).toBe(200);
  await stripeChanges(sub, { status: 'active' });
  expect(await planOf(client)).toMatchObject({ status: 'active' });
});

test('a paid renewal of a past_due pass makes it active with the period minutes again', async () => {
  const { client, user } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { status: 'past_due' });
  await ctx.db.query('update subscriptions set minutes_used = 100 where user_id = $1', [user.id]);
  await sandboxStripe(ctx.providers).putSubscription({
    ...(
      await ctx.db.query<{ object: Json }>('select object from sandbox_stripe_subscriptions where id = $1', [
        sub,
      ])
    ).rows[0]!.object,
    status: 'active',
  });
  await renewalPaid(sub);
  expect(await planOf(client)).toMatchObject({ status: 'active', minutes_used: 0 });
});

test("Stripe's cancel at period end is mirrored, and so is taking it back", async () => {
  const { client } = await signUp(ctx.app);
  const sub = await buy(client, 'subscription_3month');
  await stripeChanges(sub, { cancel_at_period_end: true });
  expect(await planOf(client)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  await stripeChanges(sub, { cancel_at_period_end: false });
  expect(await planOf(client)).toMatchObject({ status: 'active', cancel_at_period_end: false });
});
