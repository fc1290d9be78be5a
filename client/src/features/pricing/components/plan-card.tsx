import { formatPrice, type Plan } from '@santa/shared/plans';
import { Button } from '@/components/button';

interface PlanCardProps {
  plan: Plan;
  isUsed: boolean;
  isPending: boolean;
  isDisabled: boolean;
  /** Why this plan cannot be bought now, shown under its button. */
  unavailableNote?: string | null;
  onChoose: () => void;
}

function priceNote(plan: Plan): string {
  if (plan.billing === 'free') return 'no card needed';
  if (plan.periodMonths) return `for ${plan.periodMonths} months`;
  return 'per call';
}

function buttonLabel(plan: Plan, isUsed: boolean, isPending: boolean): string {
  if (isPending) return plan.billing === 'free' ? 'Activating...' : 'Redirecting...';
  if (plan.billing === 'free') return isUsed ? 'Free Sample Used' : 'Try Free Sample';
  return plan.billing === 'subscription' ? `Get ${plan.name}` : 'Buy One Call';
}

export function PlanCard({ plan, isUsed, isPending, isDisabled, unavailableNote, onChoose }: PlanCardProps) {
  const headingId = `plan-${plan.id}`;
  const isHighlighted = plan.badge === 'POPULAR';
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-lg xl:p-5 shadow-santa-900/5 ${
        isHighlighted ? 'border-2 border-santa-600' : 'border-santa-100'
      } ${isUsed ? 'opacity-75' : ''}`}
    >
      {plan.badge || isUsed ? (
        <span
          className={`absolute -top-3 left-1/2 -translate-x-1/2 rounded-full px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap ${
            isUsed ? 'bg-gray-600 text-white' : 'bg-gold-400 text-ink'
          }`}
        >
          {isUsed ? 'USED' : plan.badge}
        </span>
      ) : null}
      <h3 id={headingId} className="font-display text-xl font-bold text-santa-700">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-gray-600">{plan.tagline}</p>
      <p className="mt-4">
        <span className="text-4xl font-extrabold text-ink">{formatPrice(plan.priceCents)}</span>{' '}
        <span className="text-sm text-gray-600">{priceNote(plan)}</span>
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
      {unavailableNote ? (
        <p id={`${headingId}-note`} className="mt-4 text-center text-sm text-gray-600">
          {unavailableNote}
        </p>
      ) : null}
      <Button
        size="sm"
        className={`${unavailableNote ? 'mt-2' : 'mt-6'} min-h-11 w-full`}
        variant={plan.billing === 'free' ? 'secondary' : 'primary'}
        disabled={isUsed || isDisabled || !!unavailableNote}
        aria-busy={isPending}
        aria-describedby={unavailableNote ? `${headingId}-note` : undefined}
        onClick={onChoose}
      >
        {buttonLabel(plan, isUsed, isPending)}
      </Button>
    </article>
  );
}
