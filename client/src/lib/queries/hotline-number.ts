import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HotlineNumber } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * Tried only with a plan. A failure is an error the screen shows with "Try again": the number is
 * what the parent came for, and must never just vanish.
 */
export const getHotlineNumber = () => api.get<HotlineNumber>('/santa/hotline-number');

export const hotlineNumberQueryOptions = queryOptions({
  queryKey: queryKeys.hotlineNumber,
  queryFn: getHotlineNumber,
});

export function useHotlineNumber({ enabled }: { enabled: boolean }) {
  return useQuery({ ...hotlineNumberQueryOptions, enabled });
}
