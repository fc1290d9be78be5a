import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseSampleCallResponse } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

export const activateSampleCall = () => api.post<UseSampleCallResponse>('/santa/use-sample-call');

export function useActivateSampleCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSampleCall,
    onSuccess: (result) => {
      queryClient.setQueryData(queryKeys.sampleCallStatus, { sample_call_used: true, used_by: 'account' });
      queryClient.setQueryData(queryKeys.subscriptionStatus, {
        has_subscription: true,
        subscription: result.subscription,
      });
      // The plan now comes with the common hotline.
      void queryClient.invalidateQueries({ queryKey: queryKeys.hotlineNumber });
    },
  });
}
