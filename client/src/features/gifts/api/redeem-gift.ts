import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GiftView, RedeemGiftResponse } from '@santa/shared/gifts';
import { ApiError, api } from '@/lib/api-client';

export type GiftState =
  | { status: 'loading' }
  | { status: 'ready'; gift: GiftView }
  | { status: 'missing'; detail: string }
  | { status: 'failed'; error: unknown };

/** The gift behind a redeem link, read once (the route keys the page by its code). */
export function useGift(code: string): GiftState {
  const [state, setState] = useState<GiftState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api
      .get<GiftView>(`/gifts/${encodeURIComponent(code)}`)
      .then((gift) => current && setState({ status: 'ready', gift }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404)
          setState({ status: 'missing', detail: error.detail ?? '' });
        else setState({ status: 'failed', error });
      });
    return () => {
      current = false;
    };
  }, [code]);
  return state;
}

/** POST /api/gifts/redeem: the plan starts for the signed-in recipient. */
export function useRedeemGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RedeemGiftResponse>('/gifts/redeem', { code }),
    // The dashboard reads the plan fresh.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
