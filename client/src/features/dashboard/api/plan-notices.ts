import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanNoticesResponse } from '@santa/shared/notices';
import { api } from '@/lib/api-client';

const planNoticesKey = ['subscription', 'notices'] as const;

export function usePlanNotices() {
  return useQuery({
    queryKey: planNoticesKey,
    queryFn: () => api.get<PlanNoticesResponse>('/subscription/notices'),
  });
}

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`/subscription/notices/${id}/dismiss`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planNoticesKey }),
  });
}
