import { useUser } from '@/features/auth/api/get-me';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { SignedInHeader } from '../signed-in-header';

/** Signed-in only (the router guards it). */
export function DashboardRoute() {
  const { data: user } = useUser();
  if (!user) return null;

  return (
    <div className="min-h-screen bg-snow">
      <SignedInHeader user={user} current="dashboard" />
      <DashboardPage userName={user.name} />
    </div>
  );
}
