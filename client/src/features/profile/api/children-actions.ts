import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChildRequest, ChildrenResponse } from '@santa/shared/children';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

const childPath = (id: string) => `/children/${encodeURIComponent(id)}`;

/** Every change answers the whole list, which replaces the cached one. */
function useChildrenMutation<I>(mutationFn: (input: I) => Promise<ChildrenResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (children) => {
      queryClient.setQueryData(queryKeys.children, children);
      // The history names each call's child; a removed child's calls no longer do.
      void queryClient.invalidateQueries({ queryKey: queryKeys.callHistory });
    },
  });
}

export const useAddChild = () =>
  useChildrenMutation((child: ChildRequest) => api.post<ChildrenResponse>('/children', child));

export const useUpdateChild = () =>
  useChildrenMutation(({ id, child }: { id: string; child: ChildRequest }) =>
    api.patch<ChildrenResponse>(childPath(id), child),
  );

export const useRemoveChild = () =>
  useChildrenMutation((id: string) => api.delete<ChildrenResponse>(childPath(id)));

export const useSetUsualCaller = () =>
  useChildrenMutation((childId: string | null) =>
    api.put<ChildrenResponse>('/children/usual-caller', { child_id: childId }),
  );
