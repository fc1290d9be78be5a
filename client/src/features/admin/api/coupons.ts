import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponListResponse, GenerateCouponResponse } from '@santa/shared/admin';
import type { DiscountType } from '@santa/shared/constants';
import type { SubscriptionStatus } from '@santa/shared/subscription';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useCoupons(enabled = true) {
  return useQuery({
    queryKey: adminKeys.coupons,
    staleTime: 0,
    queryFn: async () => (await api.get<CouponListResponse>('/admin/coupons/list')).coupons,
    enabled,
  });
}

export function useGenerateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { percent: number; type: DiscountType }) => {
      const query = new URLSearchParams({
        discount_percent: String(input.percent),
        discount_type: input.type,
      });
      return (await api.post<GenerateCouponResponse>(`/admin/coupons/generate?${query}`)).coupon;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.coupons }),
  });
}

/** /admin/coupons has no route guard: the page asks for the subscription status itself. */
export function useCouponPageAccess() {
  return useQuery({
    queryKey: ['admin', 'coupon-page-access'],
    queryFn: () => api.get<SubscriptionStatus>('/subscription/status'),
    retry: false,
  });
}
