import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChildrenResponse } from '@santa/shared/children';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export const childrenQueryOptions = queryOptions({
  queryKey: queryKeys.children,
  queryFn: () => api.get<ChildrenResponse>('/children'),
});

/**
 * The family's children, first child first: the children page, the dashboard's profile card and
 * the call history's filter read the same list.
 */
export function useChildren({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...childrenQueryOptions, enabled });
}
