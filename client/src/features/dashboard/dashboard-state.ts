import type { CallItem } from '@santa/shared/calls';
import type { KidProfile } from '@santa/shared/santa';
import type { Subscription } from '@santa/shared/subscription';

/** How recent a call must be for the dashboard to lead with its recap. */
export const JUST_ENDED_MS = 30 * 60_000;

/** The one next thing the dashboard puts first. */
export type NextStep =
  | { kind: 'loading' }
  /** The plan or the profile could not be read: nothing can be advised until one is retried. */
  | { kind: 'error'; failed: 'plan' | 'profile' }
  | { kind: 'set-up' }
  /** Santa recognises only a phone proven by a texted code. */
  | { kind: 'verify-phone' }
  /** `withheldForPhone`: the sample is not offered because the family phone already had it. */
  | { kind: 'choose-plan'; sampleAvailable: boolean; withheldForPhone: boolean }
  | { kind: 'out-of-minutes'; subscription: Subscription }
  | { kind: 'just-called'; call: CallItem; outOfMinutes: boolean }
  | { kind: 'ready'; subscription: Subscription };

interface Loaded<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
}

export interface DashboardInputs {
  /** null: no plan. */
  subscription: Loaded<Subscription | null>;
  /** null: no profile. */
  profile: Loaded<KidProfile | null>;
  /** Whether the profile's phone is a verified family phone; undefined while unknown. */
  phoneVerified: boolean | undefined;
  /** Undefined while unknown (loading or failed): the sample is then not offered. */
  sampleUsed: boolean | undefined;
  /** Who used it: this account, or its phone on another account. */
  sampleUsedBy?: 'account' | 'phone' | null;
  /** Newest first; undefined while unknown. */
  calls: CallItem[] | undefined;
  now: number;
}

/**
 * The order matters: without a profile Santa cannot greet the child, without minutes the number
 * rings nobody, and a call that just ended is what the parent opened the dashboard for.
 */
export function selectNextStep({
  subscription,
  profile,
  phoneVerified,
  sampleUsed,
  sampleUsedBy,
  calls,
  now,
}: DashboardInputs): NextStep {
  if (subscription.isError) return { kind: 'error', failed: 'plan' };
  if (profile.isError) return { kind: 'error', failed: 'profile' };
  if (subscription.isPending || profile.isPending) return { kind: 'loading' };
  if (!profile.data) return { kind: 'set-up' };
  if (phoneVerified === false) return { kind: 'verify-phone' };
  const plan = subscription.data;
  if (!plan)
    return {
      kind: 'choose-plan',
      sampleAvailable: sampleUsed === false,
      withheldForPhone: sampleUsed === true && sampleUsedBy === 'phone',
    };
  // A call that ended in its first seconds cost nothing and said little: the real one is featured.
  const latest = calls?.find((call) => call.not_charged !== 'short_call');
  if (latest && now - Date.parse(latest.created_at) < JUST_ENDED_MS)
    return { kind: 'just-called', call: latest, outOfMinutes: plan.minutes_remaining <= 0 };
  if (plan.minutes_remaining <= 0) return { kind: 'out-of-minutes', subscription: plan };
  return { kind: 'ready', subscription: plan };
}
