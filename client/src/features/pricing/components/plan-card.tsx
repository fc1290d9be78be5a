import { discountedCents, planTerms, type TermsDiscount } from '@santa/shared/billing-terms';
import { formatPrice, type Plan } from '@santa/shared/plans';
import { Button } from '@/components/ui/button';

/** What the card offers this parent, decided by the pricing page from their plan. */
export type PlanOffer =
  | { kind: 'buy' }
  | { kind: 'used' }
  /** The plan they have: nothing to buy. */
  | { kind: 'current' }
  /** Another pass on their own subscription (an upgrade, or a shorter pass). */
  | { kind: 'change'; label: string }
  | { kind: 'unavailable'; note: string };

interface PlanCardProps {
  plan: Plan;
  offer: PlanOffer;
  /** A checked coupon: struck-through prices and its effect in the terms. */
  discount: TermsDiscount | null;
  isPending: boolean;
  isDisabled: boolean;
  onChoose: () => void;
}

function buttonLabel(plan: Plan, offer: PlanOffer, isPending: boolean): string {
  if (isPending) return plan.billing === 'free' ? 'Activating...' : 'Redirecting...';
  if (offer.kind === 'change') return offer.label;
  if (plan.billing === 'free') return offer.kind === 'used' ? 'Free Sample Used' : 'Try Free Sample';
  return plan.billing === 'subscription' ? `Get ${plan.name}` : 'Buy One Call';
}

function Price({ plan, discount }: { plan: Plan; discount: TermsDiscount | null }) {
  const now = discountedCents(plan.priceCents, discount?.percent);
  if (!discount || now === plan.priceCents) {
    return <span className="text-4xl font-extrabold text-ink">{formatPrice(plan.priceCents)}</span>;
  }
  return (
    <>
      <s className="mr-2 text-2xl font-bold text-gray-500" aria-label={`was ${formatPrice(plan.priceCents)}`}>
        {formatPrice(plan.priceCents)}
      </s>
      <span className="text-4xl font-extrabold text-ink">{formatPrice(now)}</span>
    </>
  );
}

export function PlanCard({ plan, offer, discount, isPending, isDisabled, onChoose }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  const isHighlighted = plan.badge === 'POPULAR';
  const isUsed = offer.kind === 'used';
  const isCurrent = offer.kind === 'current';
  const note = offer.kind === 'unavailable' ? offer.note : null;
  // A coupon never applies to the free sample, nor to a change of pass (it is prorated instead).
  const shownDiscount = plan.priceCents > 0 && offer.kind === 'buy' ? discount : null;
  const badge = isCurrent ? 'YOUR PLAN' : isUsed ? 'USED' : plan.badge;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-lg xl:p-5 shadow-santa-900/5 ${
        isCurrent
          ? 'border-2 border-pine-600'
          : isHighlighted
            ? 'border-2 border-santa-600'
            : 'border-santa-100'
      } ${isUsed ? 'opacity-75' : ''}`}
    >
      {badge ? (
        <span
          className={`absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap ${
            isCurrent ? 'bg-pine-600 text-white' : isUsed ? 'bg-gray-600 text-white' : 'bg-gold-400 text-ink'
          }`}
        >
          {badge}
        </span>
      ) : null}
      <h3 id={headingId} className="font-display text-xl font-bold text-santa-700">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-gray-600">{plan.tagline}</p>
      <p className="mt-4">
        <Price plan={plan} discount={shownDiscount} />
      </p>
      <p className="mt-1 text-sm font-medium text-gray-700" data-testid={`terms-${plan.id}`}>
        {planTerms(plan, shownDiscount)}
      </p>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-sm text-ink">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-pine-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      {note ? (
        <p id={`${headingId}-note`} className="mt-4 text-center text-sm text-gray-600">
          {note}
        </p>
      ) : null}
      {isCurrent ? (
        <p className="mt-6 flex min-h-11 items-center justify-center rounded-full bg-pine-50 text-sm font-semibold text-pine-700">
          Current plan
        </p>
      ) : (
        <Button
          size="sm"
          className={`${note ? 'mt-2' : 'mt-6'} min-h-11 w-full`}
          variant={plan.billing === 'free' ? 'secondary' : 'primary'}
          disabled={isUsed || isDisabled || !!note}
          aria-busy={isPending}
          aria-describedby={note ? `${headingId}-note` : undefined}
          onClick={onChoose}
        >
          {buttonLabel(plan, offer, isPending)}
        </Button>
      )}
    </article>
  );
}
