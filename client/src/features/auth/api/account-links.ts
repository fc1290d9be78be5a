import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ForgotPasswordRequest,
  MessageResponse,
  ResetPasswordRequest,
  VerifyEmailResponse,
} from '@santa/shared/auth';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) => api.post<MessageResponse>('/auth/password/forgot', body),
  });
}

/** A reset signs this browser out too: whoever is cached here is no longer signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) => api.post<MessageResponse>('/auth/password/reset', body),
    onSuccess: () => queryClient.setQueryData(meQueryKey, null),
  });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<VerifyEmailResponse>('/auth/email/verify', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
