import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { CHECKOUT_CANCEL_PARAM, CHECKOUT_CANCELLED_MESSAGE } from '@santa/shared/checkout-links';
import { OFFERED_PLANS, PLANS, type Plan, type PurchasablePlanId } from '@santa/shared/plans';
import { SiteFooter } from '@/components/site-footer';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSubscriptionStatus } from '@/lib/queries/subscription-status';
import { useCouponCheck } from '../api/coupon-preview';
import { useCreateCheckout } from '../api/create-checkout';
import { useSampleCallStatus } from '../api/get-sample-call-status';
import { useActivateSampleCall } from '../api/use-sample-call';
import { CouponField } from './coupon-field';
import { PlanCard } from './plan-card';
import { changeConfirmation, offerFor } from './plan-offers';
import { SantaVoiceSamples } from '@/components/santa-voice-sample';
import { PricingFaq } from './pricing-faq';

function isPurchasable(plan: Plan): plan is Plan & { id: PurchasablePlanId } {
  return plan.billing === 'one_time' || plan.billing === 'subscription';
}

/** Back from a cancelled checkout (its cancel_url carries ?checkout=cancelled): say so, once. */
function useCheckoutCancelled() {
  const [params, setParams] = useSearchParams();
  const cancelled = params.get(CHECKOUT_CANCEL_PARAM.name) === CHECKOUT_CANCEL_PARAM.value;
  useEffect(() => {
    if (!cancelled) return;
    toast.info(CHECKOUT_CANCELLED_MESSAGE);
    setParams(
      (current) => {
        current.delete(CHECKOUT_CANCEL_PARAM.name);
        return current;
      },
      { replace: true },
    );
  }, [cancelled, setParams]);
}

/**
 * The plans, coupon and FAQ; the route supplies the header and whether someone is signed in
 * (`undefined` while that is still being asked: a plan chosen then would send a signed-in parent
 * to sign in, so the plans wait).
 */
export function PricingPage({ isSignedIn: signedIn }: { isSignedIn: boolean | undefined }) {
  const isSignedIn = signedIn === true;
  const navigate = useNavigate();
  const [couponCode, setCouponCode] = useState('');
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const sampleStatus = useSampleCallStatus({ enabled: isSignedIn });
  const activateSample = useActivateSampleCall();
  const createCheckout = useCreateCheckout();
  const isSampleUsed = isSignedIn && sampleStatus.data?.sample_call_used === true;
  const status = useSubscriptionStatus({ enabled: isSignedIn });
  const current = (isSignedIn ? status.data?.subscription : null) ?? null;
  const couponCheck = useCouponCheck(couponCode);
  const discount =
    couponCheck.state === 'valid'
      ? { percent: couponCheck.preview.discount_percent, type: couponCheck.preview.discount_type }
      : null;
  useCheckoutCancelled();

  // Coming back from the checkout page with the browser's Back button restores this page from
  // the back-forward cache with the plan still pending.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setPendingPlan(null);
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  function chooseSample() {
    if (!isSignedIn) {
      toast.error('Please sign in first to try the free sample');
      void navigate(paths.sampleSignUp);
      return;
    }
    setPendingPlan('free_sample');
    activateSample.mutate(undefined, {
      onSuccess: () => {
        toast.success('Free sample activated! Set up your kid profile now.');
        void navigate(paths.setupProfile);
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to activate sample')),
      onSettled: () => setPendingPlan(null),
    });
  }

  function choosePaid(plan: PurchasablePlanId) {
    if (!isSignedIn) {
      toast.error('Please sign in first');
      void navigate(paths.auth);
      return;
    }
    const isChange = current && offerFor(PLANS[plan], current, isSampleUsed).kind === 'change';
    // No checkout page follows a change of pass: this is where the parent agrees to the charge.
    if (isChange && !window.confirm(changeConfirmation(PLANS[plan], current))) return;
    setPendingPlan(plan);
    createCheckout.mutate(
      { plan, couponCode: isChange ? '' : couponCode },
      {
        onError: (error) => {
          toast.error(errorMessage(error, 'Failed to create checkout'));
          setPendingPlan(null);
        },
      },
    );
  }

  return (
    <>
      <main className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="text-center">
          <h1 className="font-display text-4xl font-bold text-santa-700 sm:text-5xl">
            Choose Your Magical Plan
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-gray-700">
            Start with a free {PLANS.free_sample.minutes}-minute sample call, then pick the plan that fits
            your family's holidays.
          </p>
        </div>

        <div className="mt-8">
          <CouponField value={couponCode} onChange={setCouponCode} check={couponCheck} />
        </div>

        <section
          aria-labelledby="plans-title"
          className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5 xl:gap-4"
        >
          {/* Keeps the headings in order (h1, then the plans' h3s) for screen-reader navigation. */}
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          {OFFERED_PLANS.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              offer={offerFor(plan, current, isSampleUsed)}
              discount={discount}
              isPending={pendingPlan === plan.id}
              isDisabled={pendingPlan !== null || signedIn === undefined}
              onChoose={() => {
                if (plan.billing === 'free') chooseSample();
                else if (isPurchasable(plan)) choosePaid(plan.id);
              }}
            />
          ))}
        </section>

        <p className="mt-8 text-center text-sm text-gray-700">
          Payments are handled by Stripe, which never receives anything about your child. Before you check
          out, read our{' '}
          <Link to={paths.terms} className="font-semibold text-santa-700 underline underline-offset-4">
            terms
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="font-semibold text-santa-700 underline underline-offset-4">
            privacy notice
          </Link>
          .
        </p>

        <p className="mt-10 text-center text-lg text-gray-700">
          Want to give Santa to another family?{' '}
          <Link to={paths.gift} className="font-semibold text-santa-700 underline underline-offset-4">
            Give Santa as a gift
          </Link>
        </p>

        <SantaVoiceSamples />

        <PricingFaq />
      </main>
      <SiteFooter />
    </>
  );
}
