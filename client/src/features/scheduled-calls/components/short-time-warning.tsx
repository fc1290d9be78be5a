import { Link } from 'react-router';
import { formatCallDuration } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';

/** Less than this left and Santa's call would be over almost as soon as it starts. */
const SHORT_CALL_SECONDS = 120;

/** Said before the parent books: the family's time left would make Santa's call very short. */
export function ShortTimeWarning() {
  const left = useSubscriptionStatus().data?.subscription?.seconds_remaining;
  if (left === undefined || left >= SHORT_CALL_SECONDS) return null;
  return (
    <p role="status" className="mt-4 rounded-xl bg-amber-50 p-3 text-sm text-gray-800">
      {left > 0
        ? `Your family has ${formatCallDuration(left)} of call time left, so Santa’s call would be very short. `
        : 'Your family has no call time left, so Santa cannot call yet. '}
      <Link to={paths.pricing} className="font-semibold text-santa-700 underline underline-offset-4">
        Add minutes
      </Link>
    </p>
  );
}
