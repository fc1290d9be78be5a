import { planTerms } from '@santa/shared/billing-terms';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
import { PLANS, type PurchasablePlanId } from '@santa/shared/plans';
import { AppError } from '../../http/errors.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { SubscriptionRow } from '../subscription/subscription.repository.ts';

/**
 * Moving a pass to another pass on the family's own Stripe subscription, with proration, instead
 * of a second subscription (decision 0012). The plan itself changes only when Stripe says so:
 * fulfilment reads the new price from customer.subscription.updated.
 */
export function createPassChange(deps: { stripe: StripeProvider }) {
  return {
    /** A pass billed by a Stripe subscription that Stripe still charges. */
    applies(held: SubscriptionRow): boolean {
      return PLANS[held.plan].billing === 'subscription' && !!held.stripe_subscription_id;
    },

    /** Where the parent goes next: back to the dashboard, or to the invoice that needs them. */
    async change(held: SubscriptionRow, planId: PurchasablePlanId, successUrl: string): Promise<string> {
      // Stripe would charge the new price on top of an unpaid renewal; that one is settled first.
      if (held.status === 'past_due' || held.payment_failed_at)
        throw new AppError('conflict', PAYMENT_MESSAGES.renewalUnpaid);
      const plan = PLANS[planId];
      let result;
      try {
        result = await deps.stripe.changeSubscriptionPrice({
          subscriptionId: held.stripe_subscription_id!,
          lineItem: {
            name: plan.name,
            amountCents: plan.priceCents,
            intervalMonths: plan.periodMonths ?? undefined,
            description: planTerms(plan),
          },
        });
      } catch {
        throw new AppError('provider_failed', 'Failed to change your pass');
      }
      if (result.status === 'applied') return successUrl;
      if (!result.payUrl) throw new AppError('provider_failed', 'Failed to change your pass');
      return result.payUrl;
    },
  };
}
