/** What a discount costs and which discounts a coupon may carry. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PLANS } from '@santa/shared/plans';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import {
  COUPON_ALPHABET,
  COUPON_CODE_LENGTH,
  createCouponsService,
  generateCouponCode,
} from './coupons.service.ts';
import { discountedPrice } from './fulfilment-terms.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

test('a discounted pass costs its price less the percent, rounded to the cent', () => {
  const price = PLANS.subscription_3month.priceCents;
  expect(discountedPrice('subscription_3month', null)).toBe(price);
  expect(discountedPrice('subscription_3month', { percent: 25, type: 'forever', source: 'X' })).toBe(
    Math.round(price * 0.75),
  );
  expect(discountedPrice('subscription_3month', { percent: 50, type: 'first_month', source: 'X' })).toBe(
    Math.round(price / 2),
  );
  expect(discountedPrice('subscription_12month', { percent: 100, type: 'forever', source: 'X' })).toBe(0);
});

test('a coupon can only be 25, 50 or 100 percent off, whoever asks the service', async () => {
  for (const percent of [0, 10, 99, 101]) {
    // A 400 for the admin's form, never a 500.
    await expect(
      ctx.services.payments.coupons.generateCoupon({ percent, type: 'forever' }),
    ).rejects.toMatchObject({ status: 400, detail: 'discount_percent must be 25, 50 or 100' });
  }
  const coupon = await ctx.services.payments.coupons.generateCoupon({ percent: 25, type: 'forever' });
  expect(coupon.discount_percent).toBe(25);
});

test('a generated code that collides with an existing coupon is drawn again', async () => {
  const existing = await ctx.services.payments.coupons.generateCoupon({ percent: 50, type: 'forever' });
  const draws = [existing.code, existing.code, 'FRESHCODE2'];
  const coupons = createCouponsService(ctx.db, () => draws.shift()!);
  const coupon = await coupons.generateCoupon({ percent: 25, type: 'first_month' });
  expect(coupon).toMatchObject({ code: 'FRESHCODE2', discount_percent: 25, discount_type: 'first_month' });
  expect(draws).toHaveLength(0);
});

test('after five colliding codes in a row the admin is told, and no coupon is made', async () => {
  const existing = await ctx.services.payments.coupons.generateCoupon({ percent: 50, type: 'forever' });
  let draws = 0;
  const coupons = createCouponsService(ctx.db, () => {
    draws += 1;
    return existing.code;
  });
  const before = (await coupons.listCoupons()).length;
  await expect(coupons.generateCoupon({ percent: 25, type: 'forever' })).rejects.toThrow();
  expect(draws).toBe(5);
  expect(await coupons.listCoupons()).toHaveLength(before);
});

test('a generated code is ten characters a parent cannot misread', () => {
  for (let i = 0; i < 200; i += 1) {
    const code = generateCouponCode();
    expect(code).toHaveLength(COUPON_CODE_LENGTH);
    expect([...code].every((c) => COUPON_ALPHABET.includes(c))).toBe(true);
  }
  expect(COUPON_ALPHABET).not.toMatch(/[01IO]/);
});
