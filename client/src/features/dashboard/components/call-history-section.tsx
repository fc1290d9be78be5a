import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { useCallHistory } from '@/lib/queries/call-history';
import { useChildren } from '@/lib/queries/children';
import { usePurchaseRecording } from '../api/purchase-recording';
import { CallHistoryItem } from './call-history-item';
import { ChildFilter } from './child-filter';

/**
 * The calls page's list: every call with the phone it came from, its recap, transcript and
 * recording. (The dashboard lists its last few in a line each: recent-calls.tsx.)
 */
export function CallHistorySection() {
  const history = useCallHistory({ poll: false });
  const purchase = usePurchaseRecording();
  const [purchasingId, setPurchasingId] = useState<string | null>(null);
  // Filtered by child once the family has more than one.
  const family = useChildren().data?.children ?? [];
  const [childId, setChildId] = useState('');
  const calls = childId ? history.data?.filter((call) => call.child_id === childId) : history.data;

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
        <h2 id="call-history-heading" className="sr-only">
          Call History
        </h2>
        {family.length > 1 ? <ChildFilter family={family} value={childId} onChange={setChildId} /> : null}
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
              isPurchasing={purchasingId === call.id}
              isPurchaseDisabled={purchasingId !== null}
              onPurchase={() => buyRecording(call.id)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-4 rounded-2xl border border-dashed border-santa-100 bg-white p-8 text-center text-gray-600">
          {childId ? 'No calls from this child yet' : 'No calls yet'}
        </p>
      )}
    </section>
  );
}
