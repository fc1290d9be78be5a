import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUserResponse, User } from '@santa/shared/auth';
import { api } from '@/lib/api-client';

export const meQueryKey = ['auth', 'me'] as const;

/**
 * The current user, or null when signed out. Asked of /auth/current-user, which answers a visitor
 * with null rather than a 401 that every visitor's console would log as an error.
 */
export async function getMe(): Promise<User | null> {
  return (await api.get<CurrentUserResponse>('/auth/current-user')).user;
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 5 * 60_000 });

export function useUser() {
  return useQuery(meQueryOptions);
}
