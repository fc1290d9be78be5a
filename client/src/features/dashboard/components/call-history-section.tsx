import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCallHistory } from '@/lib/queries/call-history';
import { useChildren } from '@/lib/queries/children';
import { usePurchaseRecording } from '../api/purchase-recording';
import { CallHistoryItem } from './call-history-item';
import { ChildFilter } from './child-filter';

/** How many calls the dashboard shows before "All calls". */
const RECENT_CALLS = 3;

interface CallHistorySectionProps {
  /** "recent": the dashboard's latest few; "all": the calls page, with the phone each call came from. */
  variant: 'recent' | 'all';
  /** Checks for a new call every little while (a child may be on the phone). */
  poll?: boolean;
}

/** The one call list: the dashboard's recent calls and the calls page, recordings and all. */
export function CallHistorySection({ variant, poll = false }: CallHistorySectionProps) {
  const history = useCallHistory({ poll });
  const purchase = usePurchaseRecording();
  const [purchasingId, setPurchasingId] = useState<string | null>(null);
  const isAll = variant === 'all';
  // The calls page filters by child once the family has more than one.
  const family = useChildren({ enabled: isAll }).data?.children ?? [];
  const [childId, setChildId] = useState('');
  const ofChild = childId ? history.data?.filter((call) => call.child_id === childId) : history.data;
  const calls = isAll ? ofChild : history.data?.slice(0, RECENT_CALLS);

  function buyRecording(callId: string) {
    setPurchasingId(callId);
    purchase.mutate(callId, {
      onError: (error) => {
        toast.error(errorMessage(error, 'Failed to create checkout session'));
        setPurchasingId(null);
      },
    });
  }

  return (
    <section aria-labelledby="call-history-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="call-history-heading"
          className={isAll ? 'sr-only' : 'font-display text-2xl font-bold text-santa-700'}
        >
          Call History
        </h2>
        {!isAll && (history.data?.length ?? 0) > 0 ? (
          <Link
            to={paths.calls}
            className="inline-flex min-h-11 items-center rounded font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
          >
            All calls{history.data && history.data.length > RECENT_CALLS ? ` (${history.data.length})` : ''}
          </Link>
        ) : null}
        {isAll && family.length > 1 ? (
          <ChildFilter family={family} value={childId} onChange={setChildId} />
        ) : null}
      </div>
      {history.isPending ? (
        <div className="mt-4 flex flex-col gap-4" role="status" aria-label="Loading call history">
          <SkeletonBlock className="h-28 w-full" />
          <SkeletonBlock className="h-28 w-full" />
        </div>
      ) : history.isError ? (
        <div
          role="alert"
          className="mt-4 flex flex-col items-start gap-3 rounded-2xl border border-santa-100 bg-white p-6"
        >
          <p className="text-gray-800">
            We could not load your calls just now. Your calls are safe; this is only a problem showing them.
          </p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={history.isFetching}
            onClick={() => void history.refetch()}
          >
            {history.isFetching ? 'Trying…' : 'Try again'}
          </Button>
        </div>
      ) : calls && calls.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-4">
          {calls.map((call) => (
            <CallHistoryItem
              key={call.id}
              call={call}
              showPhone={isAll}
              isPurchasing={purchasingId === call.id}
              isPurchaseDisabled={purchasingId !== null}
              onPurchase={() => buyRecording(call.id)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-2xl border border-dashed border-santa-100 bg-white p-8 text-center text-gray-600">
          {childId ? 'No calls from this child yet' : isAll ? 'No calls yet' : 'No calls yet!'}
        </p>
      )}
    </section>
  );
}
