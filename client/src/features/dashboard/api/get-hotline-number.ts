import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HotlineNumber } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** Spec §4/§8: tried only with a plan, and a failure is only logged (no number card). */
export async function getHotlineNumber(): Promise<HotlineNumber | null> {
  try {
    return await api.get<HotlineNumber>('/santa/hotline-number');
  } catch (error) {
    console.warn('hotline number fetch failed', error);
    return null;
  }
}

export const hotlineNumberQueryOptions = queryOptions({
  queryKey: queryKeys.hotlineNumber,
  queryFn: getHotlineNumber,
});

export function useHotlineNumber({ enabled }: { enabled: boolean }) {
  return useQuery({ ...hotlineNumberQueryOptions, enabled });
}
