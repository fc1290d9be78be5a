import { expect, test } from 'vitest';
import { PLANS } from '@santa/shared/plans';
import type { Subscription } from '@santa/shared/subscription';
import { offerFor } from './plan-offers';

function holding(plan: Subscription['plan'], billedByStripe = true): Subscription {
  return {
    plan,
    plan_name: PLANS[plan].name,
    status: 'active',
    minutes_limit: 180,
    minutes_used: 0,
    minutes_remaining: 180,
    seconds_limit: 10_800,
    seconds_used: 0,
    seconds_remaining: 10_800,
    amount: PLANS[plan].priceCents,
    discount_percent: null,
    discount_type: null,
    discount_source: null,
    current_period_end: '2027-02-24T00:00:00.000Z',
    cancel_at_period_end: false,
    payment_failed_at: null,
    payment_update_url: null,
    renewal_amount: PLANS[plan].priceCents,
    billed_by_stripe: billedByStripe,
  };
}

test('the plan held is shown as the current plan, never offered again', () => {
  expect(offerFor(PLANS.subscription_6month, holding('subscription_6month'), false)).toEqual({
    kind: 'current',
  });
});

test('a pass holder is offered neither the free sample nor Pay Per Call', () => {
  const pass = holding('subscription_3month');
  expect(offerFor(PLANS.free_sample, pass, false)).toEqual({
    kind: 'unavailable',
    note: 'Your 3-Month Pass already includes calls',
  });
  expect(offerFor(PLANS.pay_per_call, pass, false).kind).toBe('unavailable');
});

test('another pass changes the Stripe subscription: longer is an upgrade, shorter a switch', () => {
  const pass = holding('subscription_6month');
  expect(offerFor(PLANS.subscription_12month, pass, false)).toEqual({
    kind: 'change',
    label: 'Upgrade to Year-Round Magic',
  });
  expect(offerFor(PLANS.subscription_3month, pass, false)).toEqual({
    kind: 'change',
    label: 'Switch to 3-Month Pass',
  });
  // A pass not billed through Stripe (made by the admin) is bought through checkout as before.
  expect(offerFor(PLANS.subscription_12month, holding('subscription_6month', false), false)).toEqual({
    kind: 'buy',
  });
});

test('a family without a plan may buy anything; a used sample says so', () => {
  expect(offerFor(PLANS.free_sample, null, true)).toEqual({ kind: 'used' });
  expect(offerFor(PLANS.pay_per_call, null, false)).toEqual({ kind: 'buy' });
});

test('a family on its free sample sees it as used, not as a plan to take again', () => {
  expect(offerFor(PLANS.free_sample, holding('free_sample', false), true)).toEqual({ kind: 'used' });
});
