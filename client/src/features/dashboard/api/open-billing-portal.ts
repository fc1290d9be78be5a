import { useMutation } from '@tanstack/react-query';
import type { BillingPortalResponse } from '@santa/shared/payments';
import { api } from '@/lib/api-client';

export const openBillingPortal = () => api.post<BillingPortalResponse>('/stripe/billing-portal');

/** "Manage billing": Stripe's customer portal, which sends the parent back to the dashboard. */
export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => {
      window.location.href = url;
    },
  });
}
