import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { meQueryOptions, useUser } from '@/features/auth/api/get-me';
import { readSessionId, useSessionHandoff } from '@/features/auth/hooks/use-session-handoff';
import { afterSignInPath, intentFromSearch, takeRememberedIntent } from '@/features/auth/intent';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/page-spinner';
import { requestErrorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { queryClient } from '@/lib/query-client';
import { toast } from '@/lib/toast';

/**
 * Asks who is signed in before any guard renders, so a signed-in page opened directly waits less;
 * resolves to whether someone is (a failure reads as no one: the guard asks again).
 */
export function prefetchUser(): Promise<boolean> {
  return queryClient.fetchQuery(meQueryOptions).then(
    (user) => user !== null,
    () => false,
  );
}

/**
 * Signed-in only, else /auth. A URL carrying a third-party sign-in's session id is
 * exchanged first, so the Google return lands signed in.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const sessionId = readSessionId(useLocation());
  if (sessionId) return <ConfirmAccountSwitch key={sessionId} sessionId={sessionId} />;
  return <RequireSignedIn>{children}</RequireSignedIn>;
}

/**
 * A browser already signed in is asked before a sign-in return replaces its account, so a link
 * can never silently move a parent into someone else's account.
 */
function ConfirmAccountSwitch({ sessionId }: { sessionId: string }) {
  const { data: user, isPending } = useUser();
  const [choice, setChoice] = useState<'ask' | 'switch' | 'stay' | undefined>();
  // Decided once, from who was signed in when the link was opened: the exchange itself signs
  // this browser in, and must not then be mistaken for an earlier account.
  if (!isPending && choice === undefined) setChoice(user ? 'ask' : 'switch');
  if (choice === undefined) return <PageSpinner />;
  if (choice === 'switch') return <SessionHandoff sessionId={sessionId} />;
  if (choice === 'stay' || !user) return <Navigate to={paths.dashboard} replace />;
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <Card role="alertdialog" aria-labelledby="switch-account-title" aria-describedby="switch-account-text">
        <h1 id="switch-account-title" className="font-display text-2xl font-bold text-ink">
          Switch accounts?
        </h1>
        <p id="switch-account-text" className="mt-3 text-ink/80">
          You are signed in as <strong>{user.email}</strong>. Continuing signs you in with the account you
          just chose instead.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => setChoice('switch')}>Switch account</Button>
          <Button variant="outline" onClick={() => setChoice('stay')}>
            Stay as {user.name || user.email}
          </Button>
        </div>
      </Card>
    </main>
  );
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
      toast.error(requestErrorMessage(handoff.error), { id: 'session-handoff-failed' });
    }
  }, [handoff.isError, handoff.error]);
  if (handoff.isSuccess) return <AfterGoogleSignIn isAdmin={handoff.data.is_admin} />;
  if (handoff.isError) return <Navigate to={paths.auth} replace />;
  return <PageSpinner />;
}

/** The Google return lands where a password sign-in would have: the intent was kept for it. */
function AfterGoogleSignIn({ isAdmin }: { isAdmin: boolean }) {
  const [to] = useState(() => afterSignInPath({ is_admin: isAdmin }, takeRememberedIntent()));
  return <Navigate to={to} replace />;
}

/**
 * /auth sends a signed-in user on: the admin to /admin, a parent to the dashboard or the sample
 * they came for (the same place the sign-in itself goes, so the two never race). Until the server
 * answers, the page itself shows: that is what the prerendered HTML holds, and most visitors here
 * are signed out.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const { search } = useLocation();
  if (user) return <Navigate to={afterSignInPath(user, intentFromSearch(search), search)} replace />;
  return children;
}
