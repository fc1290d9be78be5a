import { checkoutSessionSchema, type StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import type { AfterCommit } from './fulfilment-after-commit.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import * as repo from './payments.repository.ts';

/**
 * A delayed payment (a bank debit) for a checkout failed: nothing started, so the checkout is
 * released (the parent may open a new one at once) and the parent is told, once per event.
 */
export function createCheckoutPaymentFailed(ctx: FulfilmentContext) {
  return async function onCheckoutPaymentFailed(event: StripeEvent): Promise<AfterCommit> {
    const session = checkoutSessionSchema.parse(event.data.object);
    const checkout = await ctx.checkoutFor(session.metadata, session.id);
    if (!checkout || checkout.status !== 'open') {
      await ctx.once(event, undefined, async () => {});
      return {};
    }
    await ctx.once(event, checkout.user_id, async (tx) => {
      await repo.expireCheckout(tx, checkout.id);
    });
    if (checkout.kind === 'plan' && checkout.plan)
      await ctx.deps.paymentEmails.checkoutPaymentFailed(checkout.user_id, checkout.id, checkout.plan);
    return {};
  };
}
