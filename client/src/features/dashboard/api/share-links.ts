import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, CreateShareLinkInput, ShareLinks } from '@santa/shared/keepsakes';
import { api } from '@/lib/api-client';

const linksKey = (callId: string) => ['calls', callId, 'share-links'] as const;
const callPath = (callId: string) => `/calls/${encodeURIComponent(callId)}`;

/** The call's links that still work; asked for only while the share dialog is open. */
export function useShareLinks(callId: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(callId),
    queryFn: () => api.get<ShareLinks>(`${callPath(callId)}/share-links`),
    enabled,
  });
}

export function useCreateShareLink(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateShareLinkInput) =>
      (await api.post<{ link: CreatedShareLink }>(`${callPath(callId)}/share-links`, input)).link,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(callId) }),
  });
}

export function useRevokeShareLink(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete<{ message: string }>(`${callPath(callId)}/share-links/${encodeURIComponent(linkId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: linksKey(callId) }),
  });
}

/** The Nice List certificate of the parent's own call: a plain download, the session cookie is enough. */
export const certificateUrl = (callId: string) => `/api${callPath(callId)}/certificate`;
