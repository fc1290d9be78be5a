import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteListenerRequest, ListenersResponse } from '@santa/shared/listeners';
import { api } from '@/lib/api-client';

const listenersKey = ['listeners'] as const;

/** Whom the family invited to listen (decision 0026). */
export function useListeners() {
  return useQuery({ queryKey: listenersKey, queryFn: () => api.get<ListenersResponse>('/listeners') });
}

function useListenersMutation<I>(mutationFn: (input: I) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listenersKey }),
  });
}

export const useInviteListener = () =>
  useListenersMutation((invite: InviteListenerRequest) =>
    api.post<{ message: string }>('/listeners', invite),
  );

export const useRemoveListener = () =>
  useListenersMutation((id: string) =>
    api.delete<{ message: string }>(`/listeners/${encodeURIComponent(id)}`),
  );
