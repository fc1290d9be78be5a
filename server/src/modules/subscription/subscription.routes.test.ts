import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClient, createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/subscription/status', () => {
  test('needs sign-in (401)', async () => {
    const res = await new TestClient(ctx.app).get('/api/subscription/status');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
  });

  test('answers has_subscription false without a plan, with no-store', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.get('/api/subscription/status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ has_subscription: false, subscription: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('answers the active plan with its minutes', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction(async (tx) => {
      await ctx.services.subscription.activatePlan(tx, user.id, {
        plan: 'subscription_3month',
        amountCents: 8900,
      });
      await ctx.services.subscription.update(tx, user.id, { seconds_used: 1800 });
    });
    const res = await client.get('/api/subscription/status');
    expect(res.body).toEqual({
      has_subscription: true,
      subscription: {
        plan: 'subscription_3month',
        plan_name: '3-Month Pass',
        status: 'active',
        minutes_limit: 180,
        minutes_used: 30,
        minutes_remaining: 150,
        seconds_limit: 10800,
        seconds_used: 1800,
        seconds_remaining: 9000,
        amount: 8900,
        discount_percent: null,
        discount_type: null,
        discount_source: null,
        current_period_end: null,
        cancel_at_period_end: false,
        payment_failed_at: null,
        payment_update_url: null,
        renewal_amount: null,
        billed_by_stripe: false,
      },
    });
  });

  test.each([
    // [seconds used of the 3-Month Pass's 10,800, minutes_used, minutes_remaining]
    [1, 1, 179],
    [59, 1, 179],
    [60, 1, 179],
    [61, 2, 178],
    [10_753, 180, 0],
  ])(
    'the minute fields round as documented: %i seconds used reads %i minutes used and %i remaining',
    async (secondsUsed, minutesUsed, minutesRemaining) => {
      const { client, user } = await signUp(ctx.app);
      await ctx.db.transaction(async (tx) => {
        await ctx.services.subscription.activatePlan(tx, user.id, {
          plan: 'subscription_3month',
          amountCents: 8900,
        });
        await ctx.services.subscription.update(tx, user.id, { seconds_used: secondsUsed });
      });
      const { subscription } = (await client.get('/api/subscription/status')).body;
      expect(subscription).toMatchObject({
        minutes_limit: 180,
        minutes_used: minutesUsed,
        minutes_remaining: minutesRemaining,
        seconds_used: secondsUsed,
        seconds_remaining: 10_800 - secondsUsed,
      });
    },
  );

  test('a limit with a part minute carried over reads its whole minutes', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction(async (tx) => {
      await ctx.services.subscription.activatePlan(tx, user.id, { plan: 'free_sample', amountCents: 0 });
      await ctx.services.subscription.update(tx, user.id, { seconds_used: 13 });
      // The 47 seconds left of the sample come along to the pass.
      await ctx.services.subscription.activatePlan(tx, user.id, {
        plan: 'subscription_3month',
        amountCents: 8900,
      });
    });
    const { subscription } = (await client.get('/api/subscription/status')).body;
    expect(subscription).toMatchObject({
      seconds_limit: 10_847,
      seconds_remaining: 10_847,
      minutes_limit: 180,
      minutes_remaining: 180,
      minutes_used: 0,
    });
  });

  test('an ended plan is no subscription', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction(async (tx) => {
      await ctx.services.subscription.activatePlan(tx, user.id, { plan: 'pay_per_call', amountCents: 299 });
      await ctx.services.subscription.endPlan(tx, user.id);
    });
    expect((await client.get('/api/subscription/status')).body).toEqual({
      has_subscription: false,
      subscription: null,
    });
  });

  test("another user never sees a parent's plan", async () => {
    const owner = await signUp(ctx.app);
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, owner.user.id, {
        plan: 'subscription_12month',
        amountCents: 26900,
      }),
    );
    const other = await signUp(ctx.app);
    expect((await other.client.get('/api/subscription/status')).body).toEqual({
      has_subscription: false,
      subscription: null,
    });
  });
});
