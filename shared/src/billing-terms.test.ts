import { expect, test } from 'vitest';
import { billingTerms, discountLabel, planTerms, renewalCents } from './billing-terms.ts';
import { PLANS } from './plans.ts';

test('a pass says its price, its period, that it renews and that it can be cancelled', () => {
  expect(planTerms(PLANS.subscription_3month)).toBe(
    '$89 every 3 months · renews automatically · cancel anytime',
  );
  expect(planTerms(PLANS.subscription_12month)).toBe(
    '$269 every 12 months · renews automatically · cancel anytime',
  );
});

test('a first-payment coupon lowers today only; an every-payment coupon lowers each renewal', () => {
  expect(planTerms(PLANS.subscription_3month, { percent: 50, type: 'first_month' })).toBe(
    '$44.50 today, then $89 every 3 months · renews automatically · cancel anytime',
  );
  expect(planTerms(PLANS.subscription_6month, { percent: 25, type: 'forever' })).toBe(
    '$119.25 every 6 months · renews automatically · cancel anytime',
  );
  expect(discountLabel({ percent: 50, type: 'first_month' })).toBe('50% off the first payment');
  expect(discountLabel({ percent: 25, type: 'forever' })).toBe('25% off every payment');
});

test('one-off plans never say they renew', () => {
  expect(planTerms(PLANS.pay_per_call)).toBe('$2.99 once · no subscription');
  expect(planTerms(PLANS.free_sample)).toBe('Free · no card needed');
  expect(
    billingTerms({ priceCents: 299, periodMonths: null, discount: { percent: 100, type: 'forever' } }),
  ).toBe('$0 once · no subscription');
});

test('the next renewal charges full price after a first-payment coupon, the discounted price with a forever one', () => {
  expect(renewalCents('subscription_3month', { percent: 50, type: 'first_month' })).toBe(8900);
  expect(renewalCents('subscription_3month', { percent: 50, type: 'forever' })).toBe(4450);
  expect(renewalCents('subscription_3month', null)).toBe(8900);
  expect(renewalCents('pay_per_call', null)).toBeNull();
});
