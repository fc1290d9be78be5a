import { ZodError } from 'zod';
import { AppError } from '../../http/errors.ts';
import { reasonOf, recordUnreadableWebhook } from '../../http/unreadable-webhook.ts';
import type { StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import { createCheckoutCompleted } from './checkout-completed.ts';
import { createAfterCommit, type AfterCommit } from './fulfilment-after-commit.ts';
import * as repo from './payments.repository.ts';
import { createFulfilmentContext, type FulfilmentDeps } from './fulfilment-context.ts';
import {
  CHECKOUT_EVENTS,
  CHECKOUT_FAILED_EVENT,
  DISPUTE_EVENT,
  REFUND_EVENT,
  HANDLED_EVENTS,
  INVOICE_EVENTS,
} from './fulfilment-terms.ts';
import { createCheckoutPaymentFailed } from './checkout-payment-failed.ts';
import { createPaymentReversals } from './payment-reversals.ts';
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
  const onCheckoutPaymentFailed = createCheckoutPaymentFailed(ctx);
  const reversals = createPaymentReversals(ctx);
  const afterCommit = createAfterCommit(deps);

  /** Recorded once per event id, so a replay of it is as quiet as a replay of any other. */
  async function unreadable(event: StripeEvent | undefined, reason: string): Promise<void> {
    await deps.db.transaction(async (tx) => {
      if (event && !(await repo.recordEvent(tx, event.id, event.type))) return;
      await recordUnreadableWebhook(tx, logger, {
        provider: 'stripe',
        eventId: event?.id,
        eventType: event?.type,
        reason,
      });
    });
  }

  return {
    /** The webhook route and the Stripe sandbox both call this with the raw body and header. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: StripeEvent;
      try {
        event = stripe.constructEvent(rawBody, signature);
      } catch (error) {
        // Signed, but not an event we can read: acknowledged, or Stripe retries it for days.
        if (error instanceof ZodError || error instanceof SyntaxError)
          return unreadable(undefined, error instanceof ZodError ? reasonOf(error) : 'not JSON');
        throw new AppError('bad_request', 'Invalid Stripe signature');
      }
      if (!HANDLED_EVENTS.has(event.type)) return;
      let result: AfterCommit;
      try {
        result = CHECKOUT_EVENTS.has(event.type)
          ? await onCheckoutCompleted(event)
          : event.type === CHECKOUT_FAILED_EVENT
            ? await onCheckoutPaymentFailed(event)
            : event.type === REFUND_EVENT
              ? await reversals.onRefund(event)
              : event.type === DISPUTE_EVENT
                ? await reversals.onDispute(event)
                : INVOICE_EVENTS.has(event.type)
                  ? await convergence.onInvoice(event)
                  : await convergence.onSubscription(event, String(event.data.object.id));
      } catch (error) {
        if (!(error instanceof ZodError)) throw error;
        return unreadable(event, reasonOf(error));
      }
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
