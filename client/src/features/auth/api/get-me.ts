import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, User } from '@santa/shared/auth';
import { api, ApiError } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/** The current user, or null when signed out (a 401 is an answer, not an error). */
export async function getMe(): Promise<User | null> {
  try {
    return (await api.get<MeResponse>('/auth/me')).user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export function useUser() {
  return useQuery(meQueryOptions);
}
