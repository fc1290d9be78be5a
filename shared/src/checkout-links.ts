/**
 * Where checkout and Stripe's billing portal send the parent back, and what the pages say then.
 * Free of zod, so the prerendered pricing page can import it without the validation library.
 */

/** Added to the dashboard's URL when Stripe's customer portal sends the parent back. */
export const BILLING_RETURN_PARAM = { name: 'billing', value: 'portal' } as const;

export function billingReturnUrl(origin: string): string {
  return `${origin}/dashboard?${BILLING_RETURN_PARAM.name}=${BILLING_RETURN_PARAM.value}`;
}

/** Added to the pricing page's URL when the parent cancels checkout. */
export const CHECKOUT_CANCEL_PARAM = { name: 'checkout', value: 'cancelled' } as const;

/** Added to the dashboard's URL when checkout sends the parent back after paying. */
export const CHECKOUT_RETURN_PARAM = { name: 'checkout', value: 'success' } as const;
/** Which plan was bought, so the dashboard can say when that plan is active. */
export const CHECKOUT_PLAN_PARAM = 'plan';

/** The dashboard's address checkout returns to after payment (with the plan, for a plan). */
export function checkoutReturnUrl(origin: string, plan?: string): string {
  const base = `${origin}/dashboard?${CHECKOUT_RETURN_PARAM.name}=${CHECKOUT_RETURN_PARAM.value}`;
  return plan ? `${base}&${CHECKOUT_PLAN_PARAM}=${encodeURIComponent(plan)}` : base;
}

/** Said on the pricing page when the parent comes back from a cancelled checkout. */
export const CHECKOUT_CANCELLED_MESSAGE = 'Checkout cancelled. Nothing was charged.';
