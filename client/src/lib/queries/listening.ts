import { useQuery } from '@tanstack/react-query';
import type { ListeningResponse } from '@santa/shared/listeners';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * The families the signed-in person was invited to listen to, with their calls: the listening
 * page, and the dashboard's way there.
 */
export function useListening() {
  return useQuery({ queryKey: queryKeys.listening, queryFn: () => api.get<ListeningResponse>('/listening') });
}
