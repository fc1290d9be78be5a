import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataExportStatus, DeletionConfirmation } from '@santa/shared/privacy';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

const exportKey = ['privacy', 'export'] as const;

/** The latest download request; polled while it is being built. */
export function useDataExport() {
  return useQuery({
    queryKey: exportKey,
    queryFn: () => api.get<DataExportStatus>('/privacy/exports'),
    refetchInterval: (query) => (query.state.data?.export?.status === 'building' ? 2000 : false),
  });
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportStatus>('/privacy/exports'),
    onSuccess: (status) => queryClient.setQueryData(exportKey, status),
  });
}

export const LATEST_ARCHIVE_URL = '/api/privacy/exports/latest/archive';

type Message = { message: string };

export function useDeleteCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, confirmation }: { callId: string; confirmation: DeletionConfirmation }) =>
      api.delete<Message>(`/privacy/calls/${encodeURIComponent(callId)}`, confirmation),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.callHistory }),
  });
}

export function useDeleteChildProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: DeletionConfirmation) =>
      api.delete<Message>('/privacy/child-profile', confirmation),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.kidProfile }),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (confirmation: DeletionConfirmation) => api.delete<Message>('/privacy/account', confirmation),
  });
}
