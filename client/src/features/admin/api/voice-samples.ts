import { useMutation } from '@tanstack/react-query';
import type { VoiceSamplesMadeResponse } from '@santa/shared/voice-samples';
import { api } from '@/lib/api-client';

/** Each Santa's sample spoken again with the agent's voice (after the voice was changed). */
export function useRemakeVoiceSamples() {
  return useMutation({ mutationFn: () => api.post<VoiceSamplesMadeResponse>('/voice-samples') });
}
