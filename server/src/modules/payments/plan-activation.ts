import { recordingsIncluded } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import type { StripeSubscription } from '../../providers/stripe/stripe-objects.ts';
import { planActivated, type Discount } from '../subscription/subscription.service.ts';
import type { PlanChange } from './fulfilment-after-commit.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { discountedPrice, type FirstCharge } from './fulfilment-terms.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';

/** A paid checkout starts its plan: one path for a Pay Per Call's session and a pass's subscription. */
export function createPlanActivation(ctx: FulfilmentContext) {
  const { coupons, logger } = ctx.deps;
  /**
   * Redeems the checkout's coupon (if any) and starts its plan; answers a pass it replaces. The
   * amount is what Stripe charged when the event says (the session's amount_total); an event that
   * does not (customer.subscription.created first) stores the plan table's price less the coupon,
   * and the first invoice's amount_paid corrects it when it lands.
   */
  return async function activate(
    tx: Queryable,
    checkout: CheckoutRow,
    ids: { customerId: string | null; sub?: StripeSubscription },
    plan: PlanChange,
    charged?: FirstCharge,
  ): Promise<string | null> {
    let discount: Discount | null = null;
    if (checkout.coupon_code) {
      const coupon = await coupons.redeem(tx, checkout.coupon_code, checkout.user_id);
      if (coupon) {
        discount = { percent: coupon.discount_percent, type: coupon.discount_type, source: coupon.code };
        await repo.insertDiscountApplied(tx, { userId: checkout.user_id, ...discount });
      } else {
        // Stryker disable ObjectLiteral,StringLiteral: the log's wording is not behaviour
        logger.warn(
          { checkoutId: checkout.id },
          'coupon was already redeemed; plan activated without discount',
        );
        // Stryker restore ObjectLiteral,StringLiteral
      }
    }
    const previous = plan.current;
    if (recordingsIncluded(checkout.plan!)) await ctx.deps.calls.includeRecordings(tx, checkout.user_id);
    plan.next = planActivated(previous, {
      plan: checkout.plan!,
      amountCents: charged?.amountCents ?? discountedPrice(checkout.plan!, discount),
      discount,
      stripeCustomerId: ids.customerId,
      stripeSubscriptionId: ids.sub?.id ?? null,
      currentPeriodEnd: ids.sub?.currentPeriodEnd ?? null,
    });
    // Without Stripe's total (customer.subscription.created came first) the first invoice sends it.
    if (charged) await ctx.purchaseReceipt(tx, checkout.id, plan.userId, plan.next, charged.amountCents);
    // Never this event's own subscription: converge takes a live one that is ours before activating.
    const replaced = previous?.stripe_subscription_id;
    return replaced && previous.status !== 'ended' ? replaced : null;
  };
}

export type Activate = ReturnType<typeof createPlanActivation>;
