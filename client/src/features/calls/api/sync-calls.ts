import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SyncCallsResponse } from '@santa/shared/voice';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** Pulls finished conversations whose webhook was missed. */
export const syncCalls = () => api.post<SyncCallsResponse>('/calls/sync-from-elevenlabs');

export function useSyncCalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCalls,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.callHistory }),
  });
}
