import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyPhonesResponse, PhoneCodeChannel } from '@santa/shared/santa';
import { api } from '@/lib/api-client';

const familyPhonesKey = ['santa', 'phones'] as const;

export function useFamilyPhones() {
  return useQuery({
    queryKey: familyPhonesKey,
    queryFn: () => api.get<FamilyPhonesResponse>('/santa/phones'),
  });
}

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (input: string | { phone: string; country?: string; channel?: PhoneCodeChannel }) =>
      api.post<{ message: string; channel: PhoneCodeChannel }>(
        '/santa/phones/send-code',
        typeof input === 'string' ? { phone: input } : input,
      ),
  });
}

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      api.post<{ message: string }>('/santa/phones/verify', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyPhonesKey }),
  });
}

export function useRemovePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      api.delete<{ message: string }>(`/santa/phones/${encodeURIComponent(phone)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyPhonesKey }),
  });
}
