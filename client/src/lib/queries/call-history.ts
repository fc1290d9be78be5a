import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallHistory, CallItem } from '@santa/shared/calls';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * A failed fetch is an error the screen shows with "Try again", never an empty list: "No calls
 * yet!" would tell a parent whose child just called that the call was lost.
 */
export async function getCallHistory(): Promise<CallItem[]> {
  return (await api.get<CallHistory>('/calls/history')).calls;
}

export const callHistoryQueryOptions = queryOptions({
  queryKey: queryKeys.callHistory,
  queryFn: getCallHistory,
});

/**
 * Read by the dashboard's Call History and the calls page. `poll`: while a child may be on the
 * phone, so the call and its recap appear without a reload.
 */
export function useCallHistory({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ ...callHistoryQueryOptions, refetchInterval: poll ? 20_000 : false });
}
