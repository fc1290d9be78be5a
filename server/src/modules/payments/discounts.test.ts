/** What a discount costs and which discounts a coupon may carry. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PLANS } from '@santa/shared/plans';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { discountedPrice } from './fulfilment.service.ts';

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
    await expect(ctx.services.payments.coupons.generateCoupon({ percent, type: 'forever' })).rejects.toThrow(
      'discount_percent must be 25, 50 or 100',
    );
  }
  const coupon = await ctx.services.payments.coupons.generateCoupon({ percent: 25, type: 'forever' });
  expect(coupon.discount_percent).toBe(25);
});
