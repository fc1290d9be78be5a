import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from 'sonner';
import { useUser } from '@/features/auth/api/get-me';
import { GOOGLE_SIGN_IN_FAILED } from '@/features/auth/hooks/use-google-error-toast';
import { readSessionId, useSessionHandoff } from '@/features/auth/hooks/use-session-handoff';
import { PageSpinner } from '@/components/page-spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/**
 * Signed-in only, else /auth (spec §2). A URL carrying a third-party sign-in's session id is
 * exchanged first, so the Google return lands signed in (spec §4).
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const sessionId = readSessionId(useLocation());
  if (sessionId) return <SessionHandoff key={sessionId} sessionId={sessionId} />;
  return <RequireSignedIn>{children}</RequireSignedIn>;
}

function RequireSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (!user) return <Navigate to={paths.auth} replace />;
  return children;
}

/** Exchanges the id, then replaces the URL so the single-use id leaves the address bar and history. */
function SessionHandoff({ sessionId }: { sessionId: string }) {
  const handoff = useSessionHandoff(sessionId);
  useEffect(() => {
    if (handoff.isError) {
      toast.error(errorMessage(handoff.error, GOOGLE_SIGN_IN_FAILED), { id: 'session-handoff-failed' });
    }
  }, [handoff.isError, handoff.error]);
  if (handoff.isSuccess) return <Navigate to={paths.dashboard} replace />;
  if (handoff.isError) return <Navigate to={paths.auth} replace />;
  return <PageSpinner />;
}

/** /auth sends a signed-in user straight to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={paths.dashboard} replace />;
  return children;
}
