import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHECKOUT_RETURN_PARAM } from '@santa/shared/payments';
import { queryKeys } from '@/lib/queries/query-keys';

const EVERY_MS = 2_000;
const FOR_MS = 30_000;

/**
 * Back from checkout (its success_url carries ?checkout=success): Stripe's webhook, which
 * fulfils the purchase, can reach the server a moment after the parent reaches the dashboard.
 * Until the plan or the call list changes (at most half a minute) they are fetched again every
 * two seconds, so the parent sees what they bought without reloading.
 */
export function useCheckoutReturn(): void {
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => params.get(CHECKOUT_RETURN_PARAM.name) === CHECKOUT_RETURN_PARAM.value);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!returned) return;
    // A reload or a bookmark of this address should not start watching again.
    setParams(
      (current) => {
        current.delete(CHECKOUT_RETURN_PARAM.name);
        return current;
      },
      { replace: true },
    );
    const watched = [queryKeys.subscriptionStatus, queryKeys.callHistory];
    const snapshot = () => JSON.stringify(watched.map((key) => queryClient.getQueryData(key) ?? null));
    let before: string | undefined;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      before ??= snapshot();
      void Promise.all(watched.map((queryKey) => queryClient.refetchQueries({ queryKey }))).then(() => {
        if (snapshot() !== before || Date.now() - startedAt >= FOR_MS) clearInterval(timer);
      });
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [returned, queryClient, setParams]);
}
