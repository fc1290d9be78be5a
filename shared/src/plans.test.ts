import { expect, test } from 'vitest';
import { OFFERED_PLANS, PLANS, formatPrice, monthlyAmountCents } from './plans.ts';

test('the pricing page offers the five plans with their prices and badges', () => {
  expect(OFFERED_PLANS.map((p) => [p.name, formatPrice(p.priceCents), p.minutes, p.badge])).toEqual([
    ['Free Sample', '$0', 1, null],
    ['Pay Per Call', '$2.99', 5, null],
    ['3-Month Pass', '$89', 180, 'POPULAR'],
    ['6-Month Pass', '$159', 360, 'BEST VALUE'],
    ['Year-Round Magic', '$269', 720, 'ULTIMATE'],
  ]);
});

test('passes renew every 3, 6 and 12 months on a dedicated line', () => {
  expect(
    [PLANS.subscription_3month, PLANS.subscription_6month, PLANS.subscription_12month].map((p) => [
      p.periodMonths,
      p.line,
    ]),
  ).toEqual([
    [3, 'dedicated'],
    [6, 'dedicated'],
    [12, 'dedicated'],
  ]);
});

test('per-call caps: 1 minute for the sample, 5 for pay-per-call, the balance for passes', () => {
  expect(PLANS.free_sample.perCallCapMinutes).toBe(1);
  expect(PLANS.pay_per_call.perCallCapMinutes).toBe(5);
  expect(PLANS.subscription_3month.perCallCapMinutes).toBeNull();
});

test('the admin sees a pass amount as dollars per month', () => {
  expect(monthlyAmountCents(PLANS.subscription_3month)).toBe(2967);
  expect(monthlyAmountCents(PLANS.pay_per_call)).toBe(299);
});
