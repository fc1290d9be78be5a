import type { StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import { checkoutSessionSchema } from '../../providers/stripe/stripe-objects.ts';
import type { AfterCommit } from './fulfilment-after-commit.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createGiftFulfilment } from './fulfilment-gifts.ts';
import { isFulfilled } from './fulfilment-terms.ts';
import * as repo from './payments.repository.ts';
import type { Activate } from './plan-activation.ts';
import type { SubscriptionConvergence } from './subscription-convergence.ts';

/**
 * A paid Checkout session: a gift, a pass (its subscription converges), a Pay Per Call or a
 * recording; each started once, whichever of completed and async_payment_succeeded comes first.
 */
export function createCheckoutCompleted(
  ctx: FulfilmentContext,
  activate: Activate,
  convergence: SubscriptionConvergence,
) {
  const onGiftPaid = createGiftFulfilment(ctx.deps);
  return async function onCheckoutCompleted(event: StripeEvent): Promise<AfterCommit> {
    const session = checkoutSessionSchema.parse(event.data.object);
    if (session.metadata.kind === 'gift') return onGiftPaid(event, session);
    const checkout = await ctx.checkoutFor(session.metadata, session.id);
    // Nothing to start, so nothing to ask Stripe: a checkout Santa Calls did not open, one whose
    // payment is still on its way (a bank debit: async_payment_succeeded follows), a replay, or the
    // second of completed and async_payment_succeeded.
    if (!checkout || session.payment_status === 'unpaid' || isFulfilled(checkout)) {
      await ctx.once(event, undefined, async () => {});
      return {};
    }
    // Only a pass's checkout has a subscription (mode "subscription").
    if (session.subscription) {
      return convergence.onSubscription(event, session.subscription, {
        checkout,
        firstCharge: { amountCents: session.amount_total },
      });
    }
    let replacedSubscriptionId: string | null = null;
    const plan = await ctx.once(event, checkout.user_id, async (tx, plan) => {
      if (!(await repo.completeCheckout(tx, checkout.id))) return;
      if (checkout.kind === 'recording') {
        await ctx.deps.calls.markRecordingPurchased(tx, checkout.call_id!, checkout.user_id);
      } else {
        replacedSubscriptionId = await activate(tx, checkout, { customerId: session.customer }, plan, {
          amountCents: session.amount_total,
        });
      }
    });
    return { userId: checkout.user_id, plan, replacedSubscriptionId };
  };
}
