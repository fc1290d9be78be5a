import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordingRetention, RecordingRetentionChoice } from '@santa/shared/retention-policy';
import { api } from '@/lib/api-client';

const retentionKey = ['privacy', 'retention'] as const;

export function useRecordingRetention() {
  return useQuery({
    queryKey: retentionKey,
    queryFn: () => api.get<RecordingRetention>('/privacy/retention'),
  });
}

export function useSaveRecordingRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: RecordingRetentionChoice) =>
      api.put<RecordingRetention>('/privacy/retention', choice),
    onSuccess: (saved) => queryClient.setQueryData(retentionKey, saved),
  });
}
