import { useEffect, useState } from 'react';
import type { CurrentUserResponse } from '@santa/shared/auth';
import { api } from '@/lib/api-client';

export type Visitor = 'unknown' | 'signed-in' | 'signed-out';

/**
 * Whether someone is signed in, asked once without the query cache (the landing page's download
 * leaves it out). Until the server answers the visitor is unknown, as in the prerendered page.
 */
export function useVisitor(): Visitor {
  const [visitor, setVisitor] = useState<Visitor>('unknown');
  useEffect(() => {
    let current = true;
    api.get<CurrentUserResponse>('/auth/current-user').then(
      ({ user }) => current && setVisitor(user ? 'signed-in' : 'signed-out'),
      () => current && setVisitor('signed-out'),
    );
    return () => {
      current = false;
    };
  }, []);
  return visitor;
}
