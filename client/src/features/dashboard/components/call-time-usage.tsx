import { USAGE_WARNING_RATIO } from '@santa/shared/constants';
import type { Subscription } from '@santa/shared/subscription';
import { formatMinutes, formatSeconds } from '@/lib/format';

/** Calls are billed by the second, so the last minute is shown in seconds: a child can still call. */
function Remaining({ subscription }: { subscription: Subscription }) {
  const seconds = subscription.seconds_remaining;
  const limit = formatMinutes(subscription.minutes_limit);
  if (seconds > 0 && seconds < 60) {
    return (
      <>
        <span className="font-display text-2xl font-bold text-santa-700">{seconds}</span>{' '}
        {seconds === 1 ? 'second' : 'seconds'} left of {limit}
      </>
    );
  }
  return (
    <>
      <span className="font-display text-2xl font-bold text-santa-700">{subscription.minutes_remaining}</span>{' '}
      of {limit} remaining
    </>
  );
}

/**
 * The time left on a plan and a bar of what is used. "Add More Minutes" is the dashboard's next
 * step when they run out, not a second button here.
 */
export function CallTimeUsage({ subscription }: { subscription: Subscription }) {
  const limit = subscription.seconds_limit;
  const used = subscription.seconds_used;
  const usedRatio = limit > 0 ? Math.min(1, used / limit) : 0;
  const isNearlyUsed = usedRatio > USAGE_WARNING_RATIO;
  // Under a minute the used time reads in seconds too; past it, in minutes rounded up (docs/features/call-time.md).
  const usedText = used > 0 && used < 60 ? formatSeconds(used) : formatMinutes(subscription.minutes_used);
  return (
    <>
      <p className="mt-2 text-ink">
        <Remaining subscription={subscription} />
      </p>
      <div
        role="progressbar"
        aria-label="Call time used"
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${usedText} of ${formatMinutes(subscription.minutes_limit)} used`}
        className="mt-3 h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          data-testid="usage-bar"
          data-warning={isNearlyUsed}
          className={`h-full rounded-full transition-all ${isNearlyUsed ? 'bg-red-600' : 'bg-green-600'}`}
          style={{ width: `${usedRatio * 100}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-gray-600">{usedText} used</p>
    </>
  );
}
