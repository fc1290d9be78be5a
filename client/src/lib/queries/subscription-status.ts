import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@santa/shared/subscription';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export const getSubscriptionStatus = () => api.get<SubscriptionStatus>('/subscription/status');

export const subscriptionStatusQueryOptions = queryOptions({
  queryKey: queryKeys.subscriptionStatus,
  queryFn: getSubscriptionStatus,
});

/** The dashboard's plan; the pricing page reads it too, when someone is signed in. */
export function useSubscriptionStatus({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionStatusQueryOptions, enabled });
}
