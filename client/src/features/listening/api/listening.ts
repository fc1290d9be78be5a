import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationResponse } from '@santa/shared/listeners';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<{ message: string }>('/listening/accept', { token }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.listening }),
  });
}

/** Whose invitation the link is: the page names the family before anyone signs in. */
export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['listening-invitation', token],
    queryFn: () =>
      api.get<InvitationResponse>(`/listening/invitation?token=${encodeURIComponent(token ?? '')}`),
    enabled: Boolean(token),
    retry: false,
  });
}
