import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { planActiveMessage } from '@santa/shared/billing-terms';
import {
  BILLING_RETURN_PARAM,
  CHECKOUT_PLAN_PARAM,
  CHECKOUT_RETURN_PARAM,
} from '@santa/shared/checkout-links';
import { isPlanId, PLANS, type PlanId } from '@santa/shared/plans';
import type { SubscriptionStatus } from '@santa/shared/subscription';
import { queryKeys } from '@/lib/queries/query-keys';

const EVERY_MS = 2_000;
const FOR_MS = 30_000;

/** The plan the family bought, once the server shows it live: what the toast announces. */
function boughtPlanIsLive(status: SubscriptionStatus | undefined, plan: PlanId) {
  const sub = status?.subscription;
  return sub && sub.plan === plan && (sub.status === 'active' || sub.status === 'past_due') ? sub : undefined;
}

/**
 * Back from checkout (its success_url carries ?checkout=success&plan=…) or from Stripe's billing
 * portal (?billing=portal): Stripe's webhook, which changes the plan, can reach the server a moment
 * after the parent reaches the dashboard. Until the plan or the call list changes (at most half a
 * minute) they are fetched again every two seconds, so the parent sees the change without
 * reloading; a bought plan is announced once it is live ("Your 3-Month Pass is active — renews on …").
 */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const [returned] = useState(
    () =>
      params.get(CHECKOUT_RETURN_PARAM.name) === CHECKOUT_RETURN_PARAM.value ||
      params.get(BILLING_RETURN_PARAM.name) === BILLING_RETURN_PARAM.value,
  );
  const [bought] = useState(() => {
    const plan = params.get(CHECKOUT_PLAN_PARAM);
    return plan && isPlanId(plan) ? plan : null;
  });
  const announced = useRef(false);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!returned) return;
    // A reload or a bookmark of this address should not start watching again.
    setParams(
      (current) => {
        current.delete(CHECKOUT_RETURN_PARAM.name);
        current.delete(CHECKOUT_PLAN_PARAM);
        current.delete(BILLING_RETURN_PARAM.name);
        return current;
      },
      { replace: true },
    );
    const announce = () => {
      if (!bought || announced.current) return false;
      const live = boughtPlanIsLive(queryClient.getQueryData(queryKeys.subscriptionStatus), bought);
      if (!live) return false;
      announced.current = true;
      toast.success(planActiveMessage(PLANS[bought], live.current_period_end, live.cancel_at_period_end));
      return true;
    };
    const watched = [queryKeys.subscriptionStatus, queryKeys.callHistory];
    const snapshot = () => JSON.stringify(watched.map((key) => queryClient.getQueryData(key) ?? null));
    let before: string | undefined;
    const startedAt = Date.now();
    const tick = () => {
      before ??= snapshot();
      void Promise.all(watched.map((queryKey) => queryClient.refetchQueries({ queryKey }))).then(() => {
        const done = bought ? announce() : snapshot() !== before;
        if (done || Date.now() - startedAt >= FOR_MS) clearInterval(timer);
      });
    };
    const timer = setInterval(tick, EVERY_MS);
    // The webhook has often landed already (the sandbox delivers before redirecting): look at once.
    if (bought) tick();
    return () => clearInterval(timer);
  }, [returned, bought, queryClient, setParams]);
}
