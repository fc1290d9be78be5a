import { useEffect, useState } from 'react';
import type { Keepsake } from '@santa/shared/keepsakes';
import { ApiError, api } from '@/lib/api-client';

export type KeepsakeState =
  | { status: 'loading' }
  | { status: 'ready'; keepsake: Keepsake }
  /** Expired or turned off by the family (410): a kind goodbye, not an error. */
  | { status: 'gone'; detail: string }
  | { status: 'missing'; detail: string }
  | { status: 'failed'; error: unknown };

/**
 * The keepsake behind a link, read once (the route keys the page by its token). No query cache:
 * a listener's page loads nothing the family's dashboard needs.
 */
export function useKeepsake(token: string): KeepsakeState {
  const [state, setState] = useState<KeepsakeState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    api
      .get<Keepsake>(`/keepsakes/${encodeURIComponent(token)}`)
      .then((keepsake) => current && setState({ status: 'ready', keepsake }))
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 410)
          setState({ status: 'gone', detail: error.detail ?? '' });
        else if (error instanceof ApiError && error.status === 404)
          setState({ status: 'missing', detail: error.detail ?? '' });
        else setState({ status: 'failed', error });
      });
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}
