import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest, ChangePasswordRequest, MessageResponse } from '@santa/shared/auth';
import type { EmailPreferences } from '@santa/shared/email';
import { api } from '@/lib/api-client';

const preferencesKey = ['email', 'preferences'] as const;
const sessionsKey = ['auth', 'sessions'] as const;

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => api.post<MessageResponse>('/auth/password/change', body),
    // The other devices were signed out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => api.post<MessageResponse>('/auth/email/change', body),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/auth/email/resend-verification'),
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => api.get<EmailPreferences>('/email/preferences'),
  });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailPreferences) => api.put<EmailPreferences>('/email/preferences', body),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey, saved),
  });
}
