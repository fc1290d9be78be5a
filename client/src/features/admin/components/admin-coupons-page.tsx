import type { User } from '@santa/shared/auth';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useCouponPageAccess } from '../api/coupons';
import { AdminLayout, useRejectNonAdmin } from './admin-layout';
import { CouponsPanel } from './coupons-panel';

/**
 * /admin/coupons has no route guard: the page asks for the subscription status and,
 * when that fails, says so and offers the dashboard.
 */
export function AdminCouponsPage({
  user,
  userPending,
}: {
  user: User | null | undefined;
  userPending: boolean;
}) {
  const access = useCouponPageAccess();
  useRejectNonAdmin(access.isSuccess && !userPending ? (user?.is_admin ?? false) : undefined);

  if (access.isPending || (access.isSuccess && userPending)) return <PageSpinner />;
  if (access.isError) {
    const status = access.error instanceof ApiError ? access.error.status : 0;
    return (
      <AdminLayout title="Coupons & Gifts">
        <Card className="flex flex-col items-start gap-4">
          <p role="alert" className="text-lg font-semibold text-santa-700">
            Auth failed: {status}. Please log in.
          </p>
          <ButtonLink to={paths.dashboard}>Go to Dashboard</ButtonLink>
        </Card>
      </AdminLayout>
    );
  }
  if (!user?.is_admin) return null;
  return (
    <AdminLayout title="Coupons & Gifts">
      <CouponsPanel />
    </AdminLayout>
  );
}
