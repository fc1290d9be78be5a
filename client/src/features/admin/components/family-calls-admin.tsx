import type { AdminUserDetail } from '@santa/shared/admin';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@santa/shared/plans';
import { formatShortDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSyncFamilyCalls } from '../api/user-actions';

const KIND_LABELS: Record<AdminUserDetail['payment_reversals'][number]['kind'], string> = {
  refund: 'Refund',
  partial_refund: 'Partial refund',
  dispute: 'Dispute',
};

/** Fetch this family's calls now: missing calls come back by themselves within minutes. */
export function SyncFamilyCalls({ userId }: { userId: string }) {
  const sync = useSyncFamilyCalls();
  return (
    <Button
      variant="secondary"
      size="sm"
      className="min-h-11 self-start"
      disabled={sync.isPending}
      onClick={() =>
        sync.mutate(userId, {
          onSuccess: ({ message }) => toast.success(message),
          onError: (error) => toast.error(errorMessage(error, 'Could not fetch the calls')),
        })
      }
    >
      {sync.isPending ? 'Fetching…' : 'Fetch this family’s calls now'}
    </Button>
  );
}

/** Refunds and disputes of the family's payments, and what each ended. */
export function PaymentReversals({ reversals }: { reversals: AdminUserDetail['payment_reversals'] }) {
  if (reversals.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Refunds and disputes">
      {reversals.map((reversal) => (
        <li key={`${reversal.created_at}-${reversal.kind}`} className="text-gray-700">
          {KIND_LABELS[reversal.kind]} of {formatPrice(reversal.amount_cents)} on{' '}
          {formatShortDateTime(reversal.created_at)}: ended {reversal.ended}
        </li>
      ))}
    </ul>
  );
}
