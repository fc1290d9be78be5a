import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SantaPromptResponse } from '@santa/shared/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function useSantaPrompt() {
  return useQuery({
    queryKey: adminKeys.santaPrompt,
    queryFn: () => api.get<SantaPromptResponse>('/admin/santa-prompt'),
    retry: false,
    staleTime: 0,
  });
}

export function useSaveSantaPrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prompt: string) => {
      const form = new FormData();
      form.append('prompt', prompt);
      return api.post<SantaPromptResponse>('/admin/santa-prompt', form);
    },
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.santaPrompt, saved),
  });
}
