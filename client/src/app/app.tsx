import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/lib/paths';
import { publicPages } from './page-meta';
import { AppRoutes } from './router';

// Neither the query cache nor the toasts are part of the landing page's download: it asks the
// server one question (is someone signed in?) and raises no toast.
const QueryProvider = lazy(() => import('./query-provider'));
const Notifications = lazy(() => import('./notifications'));

/** The whole app under whichever router the caller gives it: the browser's or the prerender's. */
export function App() {
  const { pathname } = useLocation();
  const isLanding = pathname === paths.landing;
  // Once mounted it stays, so a toast raised just before going home is still seen.
  const [toasts, setToasts] = useState(false);
  if (!toasts && !isLanding) setToasts(true);
  // The prerendered HTML carries its own title; moving between public pages keeps the tab right.
  useEffect(() => {
    const meta = publicPages[pathname];
    if (meta) document.title = meta.title;
  }, [pathname]);
  return (
    <>
      {isLanding ? (
        <AppRoutes />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <QueryProvider>
            <AppRoutes />
          </QueryProvider>
        </Suspense>
      )}
      {toasts ? (
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
      ) : null}
    </>
  );
}
