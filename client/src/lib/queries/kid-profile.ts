import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KidProfileResponse } from '@santa/shared/santa';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** Read by the dashboard and the setup-profile form alike. */
export const getKidProfile = () => api.get<KidProfileResponse>('/santa/kid-profile');

export const kidProfileQueryOptions = queryOptions({
  queryKey: queryKeys.kidProfile,
  queryFn: getKidProfile,
});

export function useKidProfile() {
  return useQuery(kidProfileQueryOptions);
}
