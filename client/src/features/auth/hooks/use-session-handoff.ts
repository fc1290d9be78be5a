import { useQuery, useQueryClient } from '@tanstack/react-query';
import { exchangeSession } from '../api/exchange-session';
import { meQueryKey } from '../api/get-me';

/**
 * The one-time id a third-party sign-in returns with, from the hash (#session_id=…) only: the
 * server never puts it in the query, so a query-string id can only come from someone else's link.
 */
export function readSessionId(location: { hash: string }): string | null {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('session_id') || null;
}

/**
 * Spec §4: trades the session id for the session cookie and caches the signed-in user.
 * A query (not an effect) so the single-use id is sent once even when React mounts twice.
 */
export function useSessionHandoff(sessionId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['auth', 'session-handoff', sessionId],
    queryFn: async () => {
      const { user } = await exchangeSession(sessionId);
      queryClient.setQueryData(meQueryKey, user);
      return user;
    },
    retry: false,
    staleTime: Infinity,
  });
}
