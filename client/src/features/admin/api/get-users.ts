import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AdminUser,
  AdminUserDetail,
  AdminUsersResponse,
  DiscountHistoryItem,
  DiscountHistoryResponse,
  GiftHistoryItem,
  GiftHistoryResponse,
} from '@santa/shared/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export const getUsers = async (): Promise<AdminUser[]> =>
  (await api.get<AdminUsersResponse>('/admin/users')).users;

// Another admin (or a webhook) may have changed anything: admin screens always reload on mount.
export const usersQueryOptions = queryOptions({ queryKey: adminKeys.users, queryFn: getUsers, staleTime: 0 });

export function useAdminUsers() {
  return useQuery(usersQueryOptions);
}

export function useAdminUserDetail(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.user(userId ?? ''),
    queryFn: () => api.get<AdminUserDetail>(`/admin/users/${encodeURIComponent(userId ?? '')}`),
    enabled: userId !== null,
    staleTime: 0,
    retry: false,
  });
}

/** Spec §8: history fetch failures are only logged and the list shows empty. */
export function useDiscountHistory(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.discountHistory(userId ?? ''),
    queryFn: async (): Promise<DiscountHistoryItem[]> => {
      try {
        return (
          await api.get<DiscountHistoryResponse>(
            `/admin/discount-history/${encodeURIComponent(userId ?? '')}`,
          )
        ).history;
      } catch (error) {
        console.warn('discount history fetch failed', error);
        return [];
      }
    },
    enabled: userId !== null,
    staleTime: 0,
  });
}

export function useGiftHistory(userId: string | null) {
  return useQuery({
    queryKey: adminKeys.giftHistory(userId ?? ''),
    queryFn: async (): Promise<GiftHistoryItem[]> => {
      try {
        return (await api.get<GiftHistoryResponse>(`/admin/gift-history/${encodeURIComponent(userId ?? '')}`))
          .gifts;
      } catch (error) {
        console.warn('gift history fetch failed', error);
        return [];
      }
    },
    enabled: userId !== null,
    staleTime: 0,
  });
}
