import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest, RegisterRequest } from '@santa/shared/auth';
import { api } from '@/lib/api-client';
import { meQueryKey } from './get-me';

export const login = (body: LoginRequest) => api.post<AuthResponse>('/auth/login', body);
export const register = (body: RegisterRequest) => api.post<AuthResponse>('/auth/register', body);

/** The server sets the session cookie; we only cache who signed in. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input: { mode: 'signin'; body: LoginRequest } | { mode: 'signup'; body: RegisterRequest },
    ) => (input.mode === 'signin' ? login(input.body) : register(input.body)),
    onSuccess: (result) => queryClient.setQueryData(meQueryKey, result.user),
  });
}
