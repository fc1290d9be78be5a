import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@santa/shared/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/subscription/status');

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptionStatus,
  queryFn: getSubscriptionStatus,
});

export function useSubscriptionStatus() {
  return useQuery(subscriptionStatusQueryOptions);
}
