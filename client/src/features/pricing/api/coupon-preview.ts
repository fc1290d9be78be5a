import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CouponPreview } from '@santa/shared/payments';
import { api, errorMessage } from '@/lib/api-client';

/** Long enough that a code is checked once the parent pauses, not at every keystroke. */
const DEBOUNCE_MS = 400;

export type CouponCheck =
  | { state: 'empty' }
  | { state: 'checking' }
  | { state: 'valid'; preview: CouponPreview }
  | { state: 'invalid'; message: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export const getCouponPreview = (code: string) =>
  api.get<CouponPreview>(`/stripe/coupons/${encodeURIComponent(code)}/preview`);

/** What the typed code will do, checked with the server as the parent types (debounced). */
export function useCouponCheck(code: string): CouponCheck {
  const debounced = useDebounced(code, DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['stripe', 'coupon-preview', debounced],
    queryFn: () => getCouponPreview(debounced),
    enabled: debounced !== '',
    retry: false,
    staleTime: 30_000,
  });
  if (code === '') return { state: 'empty' };
  if (debounced !== code || query.isPending) return { state: 'checking' };
  if (query.isError)
    return { state: 'invalid', message: errorMessage(query.error, 'This code cannot be checked now') };
  return { state: 'valid', preview: query.data };
}
