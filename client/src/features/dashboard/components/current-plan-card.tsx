import { toast } from '@/lib/toast';
import { discountLabel, formatBillingDate } from '@santa/shared/billing-terms';
import { formatPrice, isTopPass, PLANS } from '@santa/shared/plans';
import type { Subscription } from '@santa/shared/subscription';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { capitalize } from '@/lib/format';
import { CallTimeUsage } from './call-time-usage';
import { paths } from '@/lib/paths';
import { useOpenBillingPortal } from '../api/open-billing-portal';

/** The plan and the time left on it, in one card: what a parent checks before a call. */
export function CurrentPlanCard({ subscription }: { subscription: Subscription | null }) {
  return (
    <Card className="flex flex-col" role="region" aria-labelledby="current-plan-heading">
      <h2 id="current-plan-heading" className="text-sm font-semibold tracking-wide text-gray-600 uppercase">
        Current Plan
      </h2>
      {subscription ? (
        <>
          <p className="mt-1 font-display text-2xl font-bold text-santa-700">{subscription.plan_name}</p>
          {/* An active plan goes without saying; any other state is news. */}
          {subscription.status === 'active' ? null : (
            <p className="mt-1 text-gray-700">
              Status: <span className="font-semibold text-ink">{capitalize(subscription.status)}</span>
            </p>
          )}
          <CallTimeUsage subscription={subscription} />
          <RenewalLine subscription={subscription} />
          {subscription.payment_failed_at ? <PaymentFailedNotice subscription={subscription} /> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {subscription.billed_by_stripe ? <ManageBillingButton /> : null}
            {subscription.plan !== 'pay_per_call' && !isTopPass(subscription.plan) ? (
              <ButtonLink to={paths.pricing} variant="outline" size="sm">
                Upgrade Plan
              </ButtonLink>
            ) : null}
          </div>
        </>
      ) : (
        <>
          <p className="mt-1 font-display text-2xl font-bold text-ink">No active plan</p>
          <p className="mt-1 text-gray-700">No minutes yet. They come with the free sample or a plan.</p>
          <ButtonLink to={paths.pricing} size="sm" className="mt-4 self-start">
            Choose a Plan
          </ButtonLink>
        </>
      )}
    </Card>
  );
}

/**
 * When the pass next charges, and how much; or, once cancelled, the day it ends, so the parent
 * knows before Santa's number goes away.
 */
function RenewalLine({ subscription }: { subscription: Subscription }) {
  const end = subscription.current_period_end;
  if (!end || !PLANS[subscription.plan].periodMonths) return null;
  if (subscription.cancel_at_period_end) {
    return (
      <p role="status" className="mt-3 rounded-lg border border-gold-400 bg-amber-50 p-3 text-sm text-ink">
        <span className="font-semibold">Ends on {formatBillingDate(end)}.</span> It will not renew; Santa's
        number and your minutes stay until then.
      </p>
    );
  }
  if (subscription.renewal_amount === null) return null;
  const discount =
    subscription.discount_type === 'forever' && subscription.discount_percent
      ? ` (${discountLabel({ percent: subscription.discount_percent, type: 'forever' })})`
      : '';
  return (
    <p className="mt-1 text-sm text-gray-700">
      Renews on <span className="font-semibold text-ink">{formatBillingDate(end)}</span> for{' '}
      <span className="font-semibold text-ink">{formatPrice(subscription.renewal_amount)}</span>
      {discount}
    </p>
  );
}

function ManageBillingButton() {
  const portal = useOpenBillingPortal();
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={portal.isPending || portal.isSuccess}
      aria-busy={portal.isPending}
      onClick={() =>
        portal.mutate(undefined, {
          onError: (error) => toast.error(errorMessage(error, 'The billing page could not be opened')),
        })
      }
    >
      {portal.isPending || portal.isSuccess ? 'Opening…' : 'Manage billing'}
    </Button>
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
