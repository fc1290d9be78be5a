import type { Logger } from 'pino';
import { billingReturnUrl, PAYMENT_MESSAGES } from '@santa/shared/payments';
import { AppError } from '../../http/errors.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';

/**
 * "Manage billing": Stripe's customer portal for the parent's own Stripe customer, where they
 * cancel at period end (or take it back), change the card and see invoices. Every change comes
 * back to us as Stripe's webhooks, through fulfilment, like any other change Stripe makes.
 */
export function createBillingPortalService(deps: {
  stripe: StripeProvider;
  subscription: SubscriptionService;
  publicUrl: string;
  logger: Logger;
}) {
  const returnUrl = billingReturnUrl(new URL(deps.publicUrl).origin);
  return {
    async open(userId: string): Promise<{ url: string }> {
      const row = await deps.subscription.find(userId);
      // Only Stripe knows this customer: a gift, a sample or an admin-made plan has none.
      if (!row?.stripe_customer_id) throw new AppError('conflict', PAYMENT_MESSAGES.notBilledByStripe);
      try {
        return await deps.stripe.createBillingPortalSession({
          customerId: row.stripe_customer_id,
          returnUrl,
        });
      } catch (error) {
        // Stripe's own words say what to fix (often: no portal configuration saved in this mode).
        deps.logger.error(
          { err: error, stripeMessage: error instanceof Error ? error.message : String(error) },
          'could not open the Stripe customer portal',
        );
        throw new AppError('provider_failed', PAYMENT_MESSAGES.portalUnavailable);
      }
    },
  };
}

export type BillingPortalService = ReturnType<typeof createBillingPortalService>;
