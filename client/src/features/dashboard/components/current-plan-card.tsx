import type { Subscription } from '@santa/shared/subscription';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { capitalize } from '@/lib/format';
import { paths } from '@/lib/paths';

export function CurrentPlanCard({ subscription }: { subscription: Subscription | null }) {
  return (
    <Card className="flex flex-col">
      <h2 id="current-plan-heading" className="text-sm font-semibold tracking-wide text-gray-600 uppercase">
        Current Plan
      </h2>
      {subscription ? (
        <>
          <p className="mt-2 font-display text-2xl font-bold text-santa-700">{subscription.plan_name}</p>
          <p className="mt-1 text-gray-700">
            Status: <span className="font-semibold text-pine-700">{capitalize(subscription.status)}</span>
          </p>
          {subscription.payment_failed_at ? <PaymentFailedNotice subscription={subscription} /> : null}
          {subscription.plan !== 'pay_per_call' ? (
            <ButtonLink to={paths.pricing} variant="outline" size="sm" className="mt-4 self-start">
              Upgrade Plan
            </ButtonLink>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-2 font-display text-2xl font-bold text-ink">No active plan</p>
          <p className="mt-1 text-gray-700">Try the free sample or pick a plan to start calling Santa.</p>
          <ButtonLink to={paths.pricing} size="sm" className="mt-4 self-start">
            Choose a Plan
          </ButtonLink>
        </>
      )}
    </Card>
  );
}

/** Stripe could not charge the renewal: the pass keeps working while the parent pays it another way. */
function PaymentFailedNotice({ subscription }: { subscription: Subscription }) {
  return (
    <div
      role="alert"
      className="mt-3 rounded-lg border border-santa-100 bg-santa-50 p-3 text-sm text-santa-800"
    >
      <p className="font-semibold">We couldn't take the payment for your {subscription.plan_name}.</p>
      <p className="mt-1">Update your card to keep Santa's line open.</p>
      {subscription.payment_update_url ? (
        <a
          href={subscription.payment_update_url}
          className="mt-2 inline-block font-semibold text-santa-700 underline underline-offset-2"
        >
          Update your card
        </a>
      ) : null}
    </div>
  );
}
