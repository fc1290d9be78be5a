import { AppError } from '../../http/errors.ts';
import type { StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import { createCheckoutCompleted } from './checkout-completed.ts';
import { createAfterCommit } from './fulfilment-after-commit.ts';
import { createFulfilmentContext, type FulfilmentDeps } from './fulfilment-context.ts';
import { CHECKOUT_EVENTS, HANDLED_EVENTS, INVOICE_EVENTS } from './fulfilment-terms.ts';
import { createPlanActivation } from './plan-activation.ts';
import { createSubscriptionConvergence } from './subscription-convergence.ts';

/**
 * Stripe webhook fulfilment (style: Documenso): verify, then dispatch. Signature first; unknown
 * types acknowledged at once; every event recorded by id inside the same transaction as its
 * effects, so a replay changes nothing; subscriptions are re-read from Stripe and upserted, so
 * order does not matter. Each kind of event is one flow in its own file.
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  const { stripe, logger } = deps;
  const ctx = createFulfilmentContext(deps);
  const activate = createPlanActivation(ctx);
  const convergence = createSubscriptionConvergence(ctx, activate);
  const onCheckoutCompleted = createCheckoutCompleted(ctx, activate, convergence);
  const afterCommit = createAfterCommit(deps);

  return {
    /** The webhook route and the Stripe sandbox both call this with the raw body and header. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: StripeEvent;
      try {
        event = stripe.constructEvent(rawBody, signature);
      } catch {
        throw new AppError('bad_request', 'Invalid Stripe signature');
      }
      if (!HANDLED_EVENTS.has(event.type)) return;
      const result = CHECKOUT_EVENTS.has(event.type)
        ? await onCheckoutCompleted(event)
        : INVOICE_EVENTS.has(event.type)
          ? await convergence.onInvoice(event)
          : await convergence.onSubscription(event, String(event.data.object.id));
      await afterCommit(result);
      // Only the delivery that recorded the failure (a replay commits no plan) asks for the email.
      const failed = result.plan?.next;
      if (event.type === 'invoice.payment_failed' && result.userId && failed?.payment_failed_at) {
        await deps.paymentEmails
          .paymentFailed({ eventId: event.id, userId: result.userId, updateUrl: failed.payment_update_url })
          .catch((error: unknown) => {
            // Stryker disable next-line ObjectLiteral,StringLiteral: the log's wording is not behaviour
            logger.error({ err: error, eventId: event.id }, 'could not queue the payment-failed email');
          });
      }
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
