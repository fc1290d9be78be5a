import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSessionsResponse } from '@santa/shared/auth';
import { api } from '@/lib/api-client';

const sessionsKey = ['auth', 'sessions'] as const;

export function useDeviceSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api.get<DeviceSessionsResponse>('/auth/sessions'),
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(`/auth/sessions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string }>('/auth/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
