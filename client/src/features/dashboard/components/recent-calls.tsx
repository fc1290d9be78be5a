import { Link } from 'react-router';
import type { CallItem } from '@santa/shared/calls';
import { asQuote, recapHeadline } from '@santa/shared/recap';
import { SAFETY_BANNER_TITLE } from '@santa/shared/safety';
import { Button } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatCallDuration, formatShortDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCallHistory } from '@/lib/queries/call-history';

/** How many calls the home lists; the calls page has them all, with recordings and transcripts. */
const RECENT_CALLS = 3;

/** One line a parent can scan: when, who, how long, and the child's own words. */
function RecentCallRow({ call }: { call: CallItem }) {
  const headline = recapHeadline(call.recap);
  const quote = headline ? asQuote(headline.text) : null;
  return (
    <li className="border-t border-santa-100 py-3 first:border-t-0 first:pt-0">
      <p className="text-sm text-gray-600">
        <time dateTime={call.created_at}>{formatShortDateTime(call.created_at)}</time>
        {call.child_name ? <> · {call.child_name}</> : null} · {formatCallDuration(call.duration)}
        {call.channel === 'browser' ? <> · In the browser</> : null}
        {call.not_charged === 'short_call' ? <> · Not charged</> : null}
      </p>
      <p className="mt-0.5 text-ink">
        {quote ? `“${quote}”` : call.summary || 'Santa is writing up the call.'}
      </p>
      {call.safety?.flagged ? (
        // The note itself is on the calls page, beside the transcript it quotes.
        <Link
          to={paths.calls}
          className="mt-1 inline-flex min-h-11 items-center rounded-lg bg-amber-50 px-3 text-sm font-semibold text-amber-950 underline underline-offset-2"
        >
          {SAFETY_BANNER_TITLE}: read it
        </Link>
      ) : null}
    </li>
  );
}

/**
 * The home's last few calls, each in a line, and the way to all of them. The call featured above
 * (`featuredId`) is not listed again; with no other call the section is left out.
 */
export function RecentCalls({ poll, featuredId }: { poll: boolean; featuredId: string | null }) {
  const history = useCallHistory({ poll });
  const others = history.data?.filter((call) => call.id !== featuredId) ?? [];
  const calls = others.slice(0, RECENT_CALLS);
  if (featuredId && history.isSuccess && calls.length === 0) return null;
  return (
    <section
      aria-labelledby="call-history-heading"
      className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="call-history-heading" className="font-display text-2xl font-bold text-santa-700">
          {featuredId ? 'Earlier calls' : 'Recent calls'}
        </h2>
        {calls.length > 0 ? (
          <Link
            to={paths.calls}
            className="inline-flex min-h-11 items-center rounded font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
          >
            All calls{history.data && history.data.length > RECENT_CALLS ? ` (${history.data.length})` : ''}
          </Link>
        ) : null}
      </div>
      {history.isPending ? (
        <SkeletonBlock className="mt-3 h-20 w-full" />
      ) : history.isError ? (
        <div role="alert" className="mt-3 flex flex-col items-start gap-2">
          <p className="text-gray-800">We could not load your calls just now. Your calls are safe.</p>
          <Button variant="outline" size="sm" className="min-h-11" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : calls.length > 0 ? (
        <ul className="mt-3">
          {calls.map((call) => (
            <RecentCallRow key={call.id} call={call} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-gray-600">No calls yet: the recap of each call appears here.</p>
      )}
    </section>
  );
}
