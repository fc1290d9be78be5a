/** The pricing page's coupon check as it is typed: what it says about each kind of code. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
import { generateCoupon, openCheckout } from '../../../test/fixtures/admin.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signInAsAdmin,
  signUp,
  TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newCoupon = (percent: 25 | 50 | 100, type: 'first_month' | 'forever' = 'first_month') =>
  ctx.services.payments.coupons.generateCoupon({ percent, type });

const preview = (code: string, client = new TestClient(ctx.app)) =>
  client.get(`/api/stripe/coupons/${encodeURIComponent(code)}/preview`);

describe('GET /api/stripe/coupons/:code/preview', () => {
  test('a valid code, typed in lower case, answers its discount to a visitor not yet signed in', async () => {
    const coupon = await newCoupon(50, 'first_month');
    const res = await preview(` ${coupon.code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: coupon.code, discount_percent: 50, discount_type: 'first_month' });
  });

  test('an unknown code is a 404 with the message the page shows in red', async () => {
    const res = await preview('NOSUCHCODE');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: PAYMENT_MESSAGES.invalidCoupon, code: 'not_found' });
    expect((await preview('<script>')).status).toBe(400);
  });

  test('a used code is refused (409)', async () => {
    const coupon = await newCoupon(25, 'forever');
    await ctx.db.query('update coupons set used = true where id = $1', [coupon.id]);
    const res = await preview(coupon.code);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.usedCoupon);
  });

  test('an expired code is refused at the preview and at checkout', async () => {
    const coupon = await newCoupon(50);
    await ctx.db.query("update coupons set expires_at = now() - interval '1 minute' where id = $1", [
      coupon.id,
    ]);
    const res = await preview(coupon.code);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.expiredCoupon);
    const { client } = await signUp(ctx.app);
    const checkout = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send({
        plan: 'subscription_3month',
        success_url: `${PUBLIC_URL}/dashboard`,
        cancel_url: `${PUBLIC_URL}/pricing`,
        coupon_code: coupon.code,
      });
    expect(checkout.status).toBe(400);
    expect(checkout.body.detail).toBe(PAYMENT_MESSAGES.expiredCoupon);
  });

  test("a code held by another parent's open checkout is in use; the holder still sees it as theirs", async () => {
    const coupon = await newCoupon(50);
    const holder = await signUp(ctx.app);
    await openCheckout(holder.client, 'subscription_3month', coupon.code);
    expect((await preview(coupon.code)).body.detail).toBe(PAYMENT_MESSAGES.couponInCheckout);
    expect((await preview(coupon.code, holder.client)).status).toBe(200);
  });

  test("a code held by another parent's open checkout is in use for a signed-in parent too", async () => {
    const coupon = await newCoupon(50);
    const holder = await signUp(ctx.app);
    await openCheckout(holder.client, 'subscription_3month', coupon.code);
    const other = await signUp(ctx.app);
    const res = await preview(coupon.code, other.client);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.couponInCheckout);
  });

  test('a code whose checkout hold has lapsed is free to use again', async () => {
    const coupon = await newCoupon(25);
    const holder = await signUp(ctx.app);
    await openCheckout(holder.client, 'subscription_3month', coupon.code);
    await ctx.db.query("update coupons set reserved_until = now() - interval '1 minute' where id = $1", [
      coupon.id,
    ]);
    const other = await signUp(ctx.app);
    expect((await preview(coupon.code, other.client)).status).toBe(200);
    expect((await preview(coupon.code)).status).toBe(200);
  });

  test('an admin may give a code a number of days, after which it expires', async () => {
    const admin = await signInAsAdmin(ctx.app);
    const res = await admin.post(
      '/api/admin/coupons/generate?discount_percent=25&discount_type=forever&valid_days=7',
    );
    expect(res.status).toBe(201);
    const { rows } = await ctx.db.query<{ expires_at: Date }>(
      'select expires_at from coupons where code = $1',
      [res.body.coupon.code],
    );
    const days = (rows[0]!.expires_at.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await preview(res.body.coupon.code as string)).status).toBe(200);
    const forever = await generateCoupon(admin, 25, 'forever');
    const { rows: never } = await ctx.db.query('select expires_at from coupons where code = $1', [forever]);
    expect(never[0]).toEqual({ expires_at: null });
  });

  test('is rate-limited per address (429 with Retry-After)', async () => {
    const client = new TestClient(ctx.app);
    let last = await preview('LIMITCHECK', client);
    for (let i = 0; i < 60 && last.status !== 429; i += 1) last = await preview('LIMITCHECK', client);
    expect(last.status).toBe(429);
    expect(last.body.detail).toBe(PAYMENT_MESSAGES.tooManyCouponChecks);
    expect(last.headers['retry-after']).toBe('60');
  });
});
