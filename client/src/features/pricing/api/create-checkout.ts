import { useMutation } from '@tanstack/react-query';
import { CHECKOUT_CANCEL_PARAM, checkoutReturnUrl } from '@santa/shared/checkout-links';
import type { PurchasablePlanId } from '@santa/shared/plans';
import { api } from '@/lib/api-client';
import { paths } from '@/lib/paths';

export interface CheckoutInput {
  plan: PurchasablePlanId;
  couponCode: string;
}

/** Spec §7: a form with plan, success_url, cancel_url and the coupon only when one was typed. */
export function createCheckout({ plan, couponCode }: CheckoutInput) {
  const origin = window.location.origin;
  const form = new FormData();
  form.set('plan', plan);
  form.set('success_url', checkoutReturnUrl(origin, plan));
  form.set(
    'cancel_url',
    `${origin}${paths.pricing}?${CHECKOUT_CANCEL_PARAM.name}=${CHECKOUT_CANCEL_PARAM.value}`,
  );
  if (couponCode) form.set('coupon_code', couponCode);
  return api.post<{ url: string }>('/stripe/create-checkout', form);
}

export function useCreateCheckout() {
  return useMutation({
    mutationFn: createCheckout,
    // Leaving the SPA for the checkout page; the pending state stays until the browser goes.
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
