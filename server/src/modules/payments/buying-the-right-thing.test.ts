/** Checkout offers only what the family can sensibly buy, and says the terms where they pay. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import supertest from 'supertest';
import { passAlreadyActiveMessage, planAlreadyHeldMessage } from '@santa/shared/payments';
import type { PurchasablePlanId } from '@santa/shared/plans';
import { buyPass } from '../../../test/fixtures/admin.ts';
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

const checkout = (client: TestClient, plan: PurchasablePlanId, couponCode?: string) =>
  client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan,
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
      ...(couponCode ? { coupon_code: couponCode } : {}),
    });

test('no checkout is opened for the pass the family already has (409)', async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client);
  const res = await checkout(client, 'subscription_3month');
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ detail: planAlreadyHeldMessage('3-Month Pass'), code: 'conflict' });
  const { rows } = await ctx.db.query('select 1 from checkouts where user_id = $1', [user.id]);
  expect(rows).toHaveLength(1);
});

test('buying again a pass cancelled at period end points to taking the cancellation back', async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client);
  await ctx.db.query('update subscriptions set cancel_at_period_end = true where user_id = $1', [user.id]);
  const res = await checkout(client, 'subscription_3month');
  expect(res.status).toBe(409);
  expect(res.body.detail).toBe(planAlreadyHeldMessage('3-Month Pass', true));
  expect(res.body.detail).toContain('Manage billing');
});

test('an unspent Pay Per Call is not sold twice', async () => {
  const { client, user } = await signUp(ctx.app);
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'pay_per_call', amountCents: 299 }),
  );
  expect((await checkout(client, 'pay_per_call')).body.detail).toBe(planAlreadyHeldMessage('Pay Per Call'));
});

test('a pass holder is sold neither Pay Per Call nor the free sample', async () => {
  const { client } = await signUp(ctx.app);
  await buyPass(ctx, client);
  const ppc = await checkout(client, 'pay_per_call');
  expect(ppc.status).toBe(409);
  expect(ppc.body.detail).toBe(passAlreadyActiveMessage('3-Month Pass'));
  const sample = await client.post('/api/santa/use-sample-call');
  expect(sample.status).toBe(409);
  expect((await client.get('/api/subscription/status')).body.subscription.plan).toBe('subscription_3month');
});

test('an ended pass may be bought again', async () => {
  const { client, user } = await signUp(ctx.app);
  await ctx.db.transaction(async (tx) => {
    await ctx.services.subscription.activatePlan(tx, user.id, {
      plan: 'subscription_3month',
      amountCents: 8900,
    });
    await ctx.services.subscription.endPlan(tx, user.id);
  });
  expect((await checkout(client, 'subscription_3month')).status).toBe(200);
});

test("the checkout line says the pass's price, period, renewal and cancellation, with the coupon's effect", async () => {
  const { client } = await signUp(ctx.app);
  const plain = await checkout(client, 'subscription_6month');
  const page = await supertest(ctx.app).get(new URL(plain.body.url as string).pathname);
  expect(page.text).toContain('$159 every 6 months · renews automatically · cancel anytime');

  const coupon = await ctx.services.payments.coupons.generateCoupon({ percent: 50, type: 'first_month' });
  const other = await signUp(ctx.app);
  const discounted = await checkout(other.client, 'subscription_3month', coupon.code);
  const discountedPage = await supertest(ctx.app).get(new URL(discounted.body.url as string).pathname);
  expect(discountedPage.text).toContain(
    '$44.50 today, then $89 every 3 months · renews automatically · cancel anytime',
  );
  expect(discountedPage.text).toContain('Pay $44.50');
});
