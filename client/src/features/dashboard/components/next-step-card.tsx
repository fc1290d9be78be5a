import { CallHeadline } from '@/components/call-headline';
import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { formatPrice, isTopPass, PLANS, type PlanId } from '@santa/shared/plans';
import { SAMPLE_WITHHELD_FOR_PHONE } from '@santa/shared/santa';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatCallDuration, formatShortDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useActivateSampleCall } from '@/lib/queries/activate-sample-call';
import type { NextStep } from '../dashboard-state';
import { CallSafetyBanner } from './call-safety-banner';
import { SetupRequiredCard } from './setup-required-card';

/** The pass to suggest when minutes run out: the popular one, or the next size up from a pass. */
export function suggestedPlan(current: PlanId): PlanId {
  if (current === 'subscription_3month') return 'subscription_6month';
  if (current === 'subscription_6month' || isTopPass(current)) return 'subscription_12month';
  return 'subscription_3month';
}

function StepPanel({
  title,
  children,
  tone = 'gold',
}: {
  title: string;
  children: ReactNode;
  tone?: 'gold' | 'pine';
}) {
  const border = tone === 'gold' ? 'border-gold-400 bg-amber-50' : 'border-pine-600 bg-pine-50';
  return (
    <section
      aria-labelledby="next-step-heading"
      className={`rounded-2xl border-2 p-5 shadow-sm sm:p-6 ${border}`}
    >
      <h2 id="next-step-heading" className="font-display text-2xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What the parent should do now, alone at the top of the dashboard. The ready state is not here:
 * then Santa's number itself is the next thing.
 */
export function NextStepCard({ step, kidName }: { step: NextStep; kidName: string | null }) {
  const child = kidName ?? 'your child';
  switch (step.kind) {
    case 'set-up':
      return <SetupRequiredCard />;
    case 'verify-phone':
      return (
        <StepPanel title="Verify your phone">
          <p className="mt-2 text-gray-800">
            Santa greets {child} by name when the call comes from a phone you have verified. We text it a
            6-digit code: it takes a few seconds.
          </p>
          <ButtonLink to={`${paths.family}#family-phones-title`} className="mt-4 min-h-11">
            Verify it under Family phones
          </ButtonLink>
        </StepPanel>
      );
    case 'choose-plan':
      return (
        <ChoosePlanStep
          sampleAvailable={step.sampleAvailable}
          withheldForPhone={step.withheldForPhone}
          child={child}
        />
      );
    case 'out-of-minutes': {
      const plan = PLANS[suggestedPlan(step.subscription.plan)];
      if (step.subscription.plan === 'free_sample') return <AfterSampleStep child={child} />;
      return (
        <StepPanel title="Santa's minutes have run out">
          <p className="mt-2 text-gray-800">
            {child} can call Santa again with more minutes. Most families choose the{' '}
            <strong>{plan.name}</strong>: {plan.minutes} minutes for {formatPrice(plan.priceCents)}, with
            their own Santa number.
          </p>
          <ButtonLink to={paths.pricing} className="mt-4 min-h-11">
            Add More Minutes
          </ButtonLink>
        </StepPanel>
      );
    }
    case 'just-called':
      return (
        // The child who spoke (decision 0024): in a family of several, not necessarily the first.
        <StepPanel title={`${step.call.child_name ?? 'Your child'} just talked to Santa!`} tone="pine">
          <p className="mt-1 text-sm text-gray-700">
            {formatShortDateTime(step.call.created_at)} · {formatCallDuration(step.call.duration)}
          </p>
          {step.call.summary ? (
            <CallHeadline recap={step.call.recap} summary={step.call.summary} size="large" />
          ) : (
            <p className="mt-3 text-gray-800">
              Santa is still writing up the call: the recap appears here in a minute.
            </p>
          )}
          {step.call.safety ? (
            <CallSafetyBanner safety={step.call.safety} transcript={step.call.transcript} />
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            {step.outOfMinutes ? (
              <ButtonLink to={paths.pricing} className="min-h-11">
                Add More Minutes
              </ButtonLink>
            ) : null}
            <ButtonLink to={paths.calls} variant="outline" className="min-h-11">
              See the whole call
            </ButtonLink>
          </div>
        </StepPanel>
      );
    default:
      return null;
  }
}

function ChoosePlanStep({
  sampleAvailable,
  withheldForPhone,
  child,
}: {
  sampleAvailable: boolean;
  withheldForPhone: boolean;
  child: string;
}) {
  const activate = useActivateSampleCall();
  return (
    <StepPanel title={sampleAvailable ? 'Try a free call with Santa' : 'Choose a plan to call Santa'}>
      <p className="mt-2 text-gray-800">
        {sampleAvailable
          ? `${child}'s profile is ready. The free sample gives one 1-minute call, no card needed.`
          : `${child}'s profile is ready. A plan gives Santa a phone number ${child} can call.`}
      </p>
      {withheldForPhone ? <p className="mt-2 text-gray-800">{SAMPLE_WITHHELD_FOR_PHONE}</p> : null}
      {sampleAvailable ? (
        <Button
          className="mt-4 min-h-11"
          disabled={activate.isPending}
          aria-busy={activate.isPending}
          onClick={() =>
            activate.mutate(undefined, {
              onSuccess: () => toast.success('Free sample activated! Santa is ready for the call.'),
              onError: (error) => toast.error(errorMessage(error, 'Failed to activate sample')),
            })
          }
        >
          {activate.isPending ? 'Activating...' : 'Start Free Sample Call'}
        </Button>
      ) : (
        <ButtonLink to={paths.pricing} className="mt-4 min-h-11">
          See the plans
        </ButtonLink>
      )}
    </StepPanel>
  );
}

/**
 * The free minute is spent: the child has met Santa, so the parent is offered what keeps him
 * close (the popular pass, with its own number), and the one call for a single chat.
 */
function AfterSampleStep({ child }: { child: string }) {
  const pass = PLANS.subscription_3month;
  const once = PLANS.pay_per_call;
  return (
    <StepPanel title={`Did ${child} love it? Santa can call again`} tone="pine">
      <p className="mt-2 text-gray-800">
        The free minute is used. With the <strong>{pass.name}</strong>, {child} gets {pass.minutes} minutes
        and Santa's own number for {pass.periodMonths} months, for {formatPrice(pass.priceCents)}. Or one more{' '}
        {once.minutes}-minute call for {formatPrice(once.priceCents)}.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to={paths.pricing} className="min-h-11">
          Get the {pass.name}
        </ButtonLink>
        <ButtonLink to={paths.pricing} variant="outline" className="min-h-11">
          See every plan
        </ButtonLink>
      </div>
    </StepPanel>
  );
}
