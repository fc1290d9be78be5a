import { planTerms } from '@santa/shared/billing-terms';
import { formatPrice, PLANS, type Plan } from '@santa/shared/plans';
import type { Subscription } from '@santa/shared/subscription';
import type { PlanOffer } from './plan-card';

/**
 * What each card offers this parent, following the server's rules (it refuses the same things):
 * the plan they hold is "Current plan"; a pass holder is offered neither the sample nor Pay Per
 * Call; another pass changes their own subscription rather than adding one.
 */
export function offerFor(plan: Plan, current: Subscription | null, isSampleUsed: boolean): PlanOffer {
  // The sample is once per family: once claimed it reads "Used", even while its minute lasts.
  if (plan.billing === 'free' && isSampleUsed) return { kind: 'used' };
  if (current?.plan === plan.id) return { kind: 'current' };
  const held = current ? PLANS[current.plan] : null;
  if (plan.billing === 'free') {
    return held ? { kind: 'unavailable', note: `Your ${held.name} already includes calls` } : { kind: 'buy' };
  }
  if (plan.billing === 'one_time' && held?.billing === 'subscription')
    return { kind: 'unavailable', note: `Your ${held.name} already includes calls` };
  if (plan.billing === 'subscription' && held?.billing === 'subscription' && current?.billed_by_stripe) {
    const longer = (plan.periodMonths ?? 0) > (held.periodMonths ?? 0);
    return { kind: 'change', label: `${longer ? 'Upgrade' : 'Switch'} to ${plan.name}` };
  }
  return { kind: 'buy' };
}

/** What the parent agrees to before their subscription changes without a checkout page. */
export function changeConfirmation(plan: Plan, current: Subscription): string {
  return (
    `Your ${current.plan_name} becomes the ${plan.name} now (${planTerms(plan)}). ` +
    `Today your card on file pays ${formatPrice(plan.priceCents)} less the unused part of your ${current.plan_name}, ` +
    `and a new ${plan.periodMonths}-month period starts with ${plan.minutes} minutes plus the minutes you have left.`
  );
}
