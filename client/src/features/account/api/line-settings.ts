import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LineSettings } from '@santa/shared/santa';
import { api } from '@/lib/api-client';

const lineSettingsKey = ['santa', 'line'] as const;

export function useLineSettings() {
  return useQuery({ queryKey: lineSettingsKey, queryFn: () => api.get<LineSettings>('/santa/line') });
}

export function useSaveLineSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LineSettings) => api.put<LineSettings>('/santa/line', input),
    onSuccess: (saved) => queryClient.setQueryData(lineSettingsKey, saved),
  });
}
