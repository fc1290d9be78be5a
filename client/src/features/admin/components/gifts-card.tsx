import { formatPrice } from '@santa/shared/plans';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatLongDate } from '@/lib/format';
import { useAdminGifts } from '../api/gifts';

const STATUS = { paid: 'Paid, waiting for its day', delivered: 'Emailed', redeemed: 'Redeemed' } as const;

/** Gifts bought for other families: how many, and the latest (never their messages). */
export function GiftsCard() {
  const gifts = useAdminGifts();
  return (
    <Card className="mt-6 flex flex-col gap-3">
      <div>
        <h2 className="font-display text-2xl font-bold text-ink">Gifts</h2>
        <p className="mt-1 text-gray-700">Plans bought as gifts, emailed on their day, redeemed once.</p>
      </div>
      {gifts.isPending ? (
        <SkeletonBlock className="h-24" />
      ) : gifts.isError ? (
        <p className="text-santa-700">Failed to load the gifts</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {gifts.data.bought} bought · {gifts.data.delivered} emailed · {gifts.data.redeemed} redeemed
          </p>
          {gifts.data.recent.length > 0 ? (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-gray-200">
                    <th scope="col" className="py-2 font-semibold">
                      Plan
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Paid
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Delivery day
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {gifts.data.recent.map((gift) => (
                    <tr key={gift.id} className="border-b border-gray-100">
                      <td className="py-2">{gift.plan_name}</td>
                      <td className="py-2 tabular-nums">
                        {gift.amount === null ? '—' : formatPrice(gift.amount)} on{' '}
                        {formatLongDate(gift.paid_at)}
                      </td>
                      <td className="py-2">{formatLongDate(`${gift.deliver_on}T12:00:00Z`)}</td>
                      <td className="py-2">{STATUS[gift.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}
