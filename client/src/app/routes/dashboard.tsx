import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { SignedInPage } from '../signed-in-page';

/** Signed-in only (the router guards it). */
export function DashboardRoute() {
  return <SignedInPage title="Home">{(user) => <DashboardPage userName={user.name} />}</SignedInPage>;
}
