import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useUser } from '@/features/auth/api/get-me';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@/lib/paths';

/** Signed-in only, else /auth (spec §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={paths.auth} replace />;
  return children;
}

/** /auth sends a signed-in user straight to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return children;
}
