import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_NOTICE_VERSION, type ConsentStatus } from '@santa/shared/privacy';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export function useConsentStatus() {
  return useQuery({
    queryKey: queryKeys.privacyConsent,
    queryFn: () => api.get<ConsentStatus>('/privacy/consent'),
  });
}

/** The dashboard's step before a call: agreeing to the notice this page shows. */
export function useAgreeToNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConsentStatus>('/privacy/consent', { notice_version: PRIVACY_NOTICE_VERSION }),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.privacyConsent, status);
      void queryClient.invalidateQueries({ queryKey: queryKeys.hotlineNumber });
    },
  });
}
