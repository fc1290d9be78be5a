import { useQuery } from '@tanstack/react-query';
import { callHistoryQueryOptions } from '@/lib/queries/call-history';

/** How often the ended screen asks whether the call is saved yet. */
const POLL_MS = 1_500;

/**
 * Whether the browser call that started at `since` is in the family's history yet: the post-call
 * event arrives a moment after Santa hangs up, and "See the call" must not open an empty list.
 */
export function useSavedCall(since: number | null) {
  const { data } = useQuery({
    ...callHistoryQueryOptions,
    enabled: since !== null,
    refetchInterval: (query) => (savedSince(query.state.data, since) ? false : POLL_MS),
  });
  return savedSince(data, since);
}

function savedSince(calls: { channel: string; created_at: string }[] | undefined, since: number | null) {
  if (!calls || since === null) return false;
  // The call's start is the agent's clock; a minute of slack keeps a skewed clock from hiding it.
  return calls.some(
    (call) => call.channel === 'browser' && new Date(call.created_at).getTime() > since - 60_000,
  );
}
