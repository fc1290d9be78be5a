import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { SkeletonBlock } from '@/components/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCallHistory } from '@/lib/queries/call-history';
import { usePurchaseRecording } from '../api/purchase-recording';
import { CallHistoryItem } from './call-history-item';

export function CallHistorySection() {
  const history = useCallHistory();
  const purchase = usePurchaseRecording();
  const [purchasingId, setPurchasingId] = useState<string | null>(null);

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
        <h2 id="call-history-heading" className="font-display text-2xl font-bold text-santa-700">
          Call History
        </h2>
        <Link
          to={paths.calls}
          className="rounded font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
        >
          All calls
        </Link>
      </div>
      {history.isPending ? (
        <div className="mt-4 flex flex-col gap-4" role="status" aria-label="Loading call history">
          <SkeletonBlock className="h-28 w-full" />
          <SkeletonBlock className="h-28 w-full" />
        </div>
      ) : history.data && history.data.length > 0 ? (
        <ul className="mt-4 flex flex-col gap-4">
          {history.data.map((call) => (
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
          No calls yet!
        </p>
      )}
    </section>
  );
}
