import { CallsPage } from '@/features/calls/components/calls-page';
import { CallHistorySection } from '@/features/dashboard/components/call-history-section';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function CallsRoute() {
  return <SignedInPage title="Calls">{() => <CallsPage history={<CallHistorySection />} />}</SignedInPage>;
}
