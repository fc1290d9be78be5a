import { useMutation } from '@tanstack/react-query';
import type { GiftCheckoutInput, GiftCheckoutResponse } from '@santa/shared/gifts';
import { api } from '@/lib/api-client';

/** POST /api/gifts/checkout, then off to Stripe's checkout page to pay once. */
export function useCreateGiftCheckout() {
  return useMutation({
    mutationFn: (input: GiftCheckoutInput) => api.post<GiftCheckoutResponse>('/gifts/checkout', { ...input }),
    // Leaving the SPA for the checkout page; the pending state stays until the browser goes.
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
