import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const purchaseRecording = (callId: string) =>
  api.post<{ checkout_url: string }>(`/calls/${encodeURIComponent(callId)}/purchase-recording`);

export function usePurchaseRecording() {
  return useMutation({
    mutationFn: purchaseRecording,
    onSuccess: ({ checkout_url }) => {
      window.location.href = checkout_url;
    },
  });
}
