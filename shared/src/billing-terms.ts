import type { DiscountType } from './constants.ts';
import { formatPrice, PLANS, type Plan, type PlanId } from './plans.ts';

/**
 * The words a parent reads where they decide to pay (pricing cards, the checkout line, the
 * dashboard): one source, so the pricing page, Stripe's checkout and the plan card never
 * disagree about what renews, how often and for how much.
 */

export interface TermsDiscount {
  percent: number;
  /** first_month: the first payment only (Stripe duration once); forever: every payment. */
  type: DiscountType;
}

/** Cents after a percent discount, rounded as Stripe rounds a percent_off coupon. */
export function discountedCents(priceCents: number, percent: number | null | undefined): number {
  return percent ? Math.round((priceCents * (100 - percent)) / 100) : priceCents;
}

/** "50% off the first payment" / "25% off every payment". */
export function discountLabel(discount: TermsDiscount): string {
  return `${discount.percent}% off ${discount.type === 'forever' ? 'every payment' : 'the first payment'}`;
}

/** "every 3 months"; a 12-month period is still said in months so it matches the plan table. */
export function periodLabel(periodMonths: number): string {
  return periodMonths === 1 ? 'every month' : `every ${periodMonths} months`;
}

/**
 * "$89 every 3 months · renews automatically · cancel anytime", with a discount
 * "$44.50 today, then $89 every 3 months · …" (first payment) or "$66.75 every 3 months · …"
 * (every payment). One-off plans: "$2.99 once · no subscription".
 */
export function billingTerms(item: {
  priceCents: number;
  periodMonths: number | null;
  discount?: TermsDiscount | null;
}): string {
  const { priceCents, periodMonths, discount } = item;
  const first = discountedCents(priceCents, discount?.percent);
  if (!periodMonths) {
    return priceCents === 0 ? 'Free · no card needed' : `${formatPrice(first)} once · no subscription`;
  }
  const recurring = discount?.type === 'forever' ? first : priceCents;
  const price =
    first === recurring
      ? `${formatPrice(recurring)} ${periodLabel(periodMonths)}`
      : `${formatPrice(first)} today, then ${formatPrice(recurring)} ${periodLabel(periodMonths)}`;
  return `${price} · renews automatically · cancel anytime`;
}

export function planTerms(plan: Plan, discount?: TermsDiscount | null): string {
  return billingTerms({ priceCents: plan.priceCents, periodMonths: plan.periodMonths, discount });
}

/**
 * What the next renewal of a pass will charge: a first-payment coupon is spent, an every-payment
 * coupon stays. Null for plans that do not renew.
 */
export function renewalCents(planId: PlanId, discount: TermsDiscount | null): number | null {
  const plan = PLANS[planId];
  if (!plan.periodMonths) return null;
  return discount?.type === 'forever' ? discountedCents(plan.priceCents, discount.percent) : plan.priceCents;
}

/** "December 24, 2025" in the reader's own time zone: how a renewal or end date is written. */
export function formatBillingDate(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/**
 * Said once the bought plan is live: "Your 3-Month Pass is active — renews on December 24, 2026"
 * (or "— ends on …" when it will not renew).
 */
export function planActiveMessage(plan: Plan, periodEnd: string | null, endsAtPeriodEnd = false): string {
  const base = `Your ${plan.name} is active`;
  if (!plan.periodMonths || !periodEnd) return `${base}.`;
  return `${base} — ${endsAtPeriodEnd ? 'ends' : 'renews'} on ${formatBillingDate(periodEnd)}`;
}
