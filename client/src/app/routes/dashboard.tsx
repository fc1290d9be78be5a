import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { callHistoryQueryOptions } from '@/lib/queries/call-history';
import { kidProfileQueryOptions } from '@/lib/queries/kid-profile';
import { queryClient } from '@/lib/query-client';
import { subscriptionStatusQueryOptions } from '@/lib/queries/subscription-status';
import { SignedInPage } from '../signed-in-page';

/** What the home's next step is decided from, asked for as soon as someone is known to be signed in. */
export function prefetchPageData() {
  void queryClient.prefetchQuery(subscriptionStatusQueryOptions);
  void queryClient.prefetchQuery(kidProfileQueryOptions);
  void queryClient.prefetchQuery(callHistoryQueryOptions);
}

/** Signed-in only (the router guards it). */
export function DashboardRoute() {
  return <SignedInPage title="Home">{(user) => <DashboardPage userName={user.name} />}</SignedInPage>;
}
