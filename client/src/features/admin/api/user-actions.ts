import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, RevokeAction } from '@santa/shared/admin';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

function formOf(fields: Record<string, string | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}

/** Every admin action changes what the user list and detail show, so all admin data reloads. */
function useAdminMutation<T>(fn: (input: T) => Promise<MessageResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useDeletePhoneNumber = () =>
  useAdminMutation((userId: string) =>
    api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}/phone`),
  );

/**
 * Unlike the other actions, the reload is not awaited and skips the deleted user's own queries:
 * refetching their detail would fail and unmount the dialog before it could confirm the deletion.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}`),
    onSettled: (_data, _error, userId) => {
      void queryClient.invalidateQueries({
        queryKey: adminKeys.all,
        predicate: (query) => !query.queryKey.includes(userId),
      });
    },
  });
}

export const useGiftMinutes = () =>
  useAdminMutation((input: { userId: string; minutes: number; note: string }) =>
    api.post<MessageResponse>(
      '/admin/gift-minutes',
      formOf({ user_id: input.userId, minutes: String(input.minutes), note: input.note.trim() || undefined }),
    ),
  );

export const useRevokeDiscount = () =>
  useAdminMutation((input: { userId: string; action: RevokeAction }) =>
    api.post<MessageResponse>(
      '/admin/revoke-discount',
      formOf({ user_id: input.userId, action: input.action }),
    ),
  );

/** Fetches one family's calls from the voice provider now (call recovery does it by itself). */
export const useSyncFamilyCalls = () =>
  useAdminMutation((userId: string) =>
    api.post<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}/sync-calls`),
  );
