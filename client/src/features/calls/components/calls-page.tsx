import { toast } from 'sonner';
import type { CallItem } from '@santa/shared/calls';
import { Button, ButtonLink } from '@/components/button';
import { SkeletonBlock } from '@/components/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { formatMinutesSeconds, formatPhoneNumber, formatShortDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCallHistory } from '@/lib/queries/call-history';
import { useSyncCalls } from '../api/sync-calls';
import { TranscriptDetails } from '@/components/transcript-details';
import { CallRecapSection } from '@/components/call-recap';

function CallRow({ call }: { call: CallItem }) {
  const duration = formatMinutesSeconds(call.duration);
  return (
    <li className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold text-ink">
          {call.phone_number ? formatPhoneNumber(call.phone_number) : 'Unknown number'}
        </h2>
        <p className="text-sm text-gray-600">
          <time dateTime={call.created_at}>{formatShortDateTime(call.created_at)}</time>
          {duration ? <> · {duration}</> : null}
        </p>
      </div>
      {call.summary ? <p className="mt-3 text-gray-800">{call.summary}</p> : null}
      <CallRecapSection recap={call.recap} />
      {call.transcript ? <TranscriptDetails label="Transcript" transcript={call.transcript} /> : null}
    </li>
  );
}

export function CallsPage() {
  const history = useCallHistory();
  const sync = useSyncCalls();

  function syncNow() {
    sync.mutate(undefined, {
      // Some calls could not be read this time: the parent should know to sync again later.
      onSuccess: ({ message, unreadable }) =>
        unreadable > 0 ? toast.warning(message) : toast.success(message),
      onError: (error) => toast.error(errorMessage(error, 'Failed to sync conversations')),
    });
  }

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3">
        <span aria-hidden="true">←</span> Back to Dashboard
      </ButtonLink>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Calls with Santa</h1>
        <Button variant="secondary" onClick={syncNow} disabled={sync.isPending} aria-busy={sync.isPending}>
          {sync.isPending ? 'Syncing...' : 'Sync Calls'}
        </Button>
      </div>
      {history.isPending ? (
        <div className="mt-6 flex flex-col gap-4" role="status" aria-label="Loading calls">
          <SkeletonBlock className="h-28 w-full" />
          <SkeletonBlock className="h-28 w-full" />
          <SkeletonBlock className="h-28 w-full" />
        </div>
      ) : history.data && history.data.length > 0 ? (
        <ul className="mt-6 flex flex-col gap-4">
          {history.data.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-2xl border border-dashed border-santa-100 bg-white p-8 text-center text-gray-600">
          No calls yet
        </p>
      )}
    </main>
  );
}
