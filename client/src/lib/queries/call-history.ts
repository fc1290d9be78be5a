import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallHistory, CallItem } from '@santa/shared/calls';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** Spec §8: a failed history fetch is only logged and the list is shown empty. */
export async function getCallHistory(): Promise<CallItem[]> {
  try {
    return (await api.get<CallHistory>('/calls/history')).calls;
  } catch (error) {
    console.warn('call history fetch failed', error);
    return [];
  }
}

export const callHistoryQueryOptions = queryOptions({
  queryKey: queryKeys.callHistory,
  queryFn: getCallHistory,
});

/** Read by the dashboard's Call History and the calls page. */
export function useCallHistory() {
  return useQuery(callHistoryQueryOptions);
}
