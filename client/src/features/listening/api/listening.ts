import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/listening/accept', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listening }),
  });
}
