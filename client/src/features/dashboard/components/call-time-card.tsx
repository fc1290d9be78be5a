import { USAGE_WARNING_RATIO } from '@santa/shared/constants';
import type { Subscription } from '@santa/shared/subscription';
import { Card } from '@/components/card';
import { formatMinutes } from '@/lib/format';

export function CallTimeCard({ subscription }: { subscription: Subscription | null }) {
  const limit = subscription?.minutes_limit ?? 0;
  const used = subscription?.minutes_used ?? 0;
  const remaining = subscription?.minutes_remaining ?? 0;
  // "Add More Minutes" is the dashboard's next step when they run out, not a second button here.
  const usedRatio = limit > 0 ? Math.min(1, used / limit) : 0;
  const isNearlyUsed = usedRatio > USAGE_WARNING_RATIO;
  return (
    <Card className="flex flex-col">
      <h2 id="call-time-heading" className="text-sm font-semibold tracking-wide text-gray-600 uppercase">
        Call Time
      </h2>
      {subscription ? (
        <>
          <p className="mt-2 text-lg text-ink">
            <span className="font-display text-2xl font-bold text-santa-700">{remaining}</span> of{' '}
            {formatMinutes(limit)} remaining
          </p>
          <div
            role="progressbar"
            aria-label="Minutes used"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(used, limit)}
            aria-valuetext={`${used} of ${formatMinutes(limit)} used`}
            className="mt-3 h-3 w-full overflow-hidden rounded-full bg-gray-200"
          >
            <div
              data-testid="usage-bar"
              data-warning={isNearlyUsed}
              className={`h-full rounded-full transition-all ${isNearlyUsed ? 'bg-red-600' : 'bg-green-600'}`}
              style={{ width: `${usedRatio * 100}%` }}
            />
          </div>
          <p className="mt-2 text-sm text-gray-600">{formatMinutes(used)} used</p>
        </>
      ) : (
        // No plan means no minutes to have run out of: nothing red, nothing to "add more" to.
        <p className="mt-2 text-gray-700">No minutes yet. They come with the free sample or a plan.</p>
      )}
    </Card>
  );
}
