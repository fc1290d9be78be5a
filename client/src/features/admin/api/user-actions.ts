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

export const useDeleteUser = () =>
  useAdminMutation((userId: string) =>
    api.delete<MessageResponse>(`/admin/users/${encodeURIComponent(userId)}`),
  );

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
