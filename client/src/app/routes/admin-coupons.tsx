import { useUser } from '@/features/auth/api/get-me';
import { AdminCouponsPage } from '@/features/admin/components/admin-coupons-page';

/** Lazy-loaded and unguarded at the route: the page checks access itself. */
export default function AdminCouponsRoute() {
  const { data: user, isPending } = useUser();
  return <AdminCouponsPage user={user} userPending={isPending} />;
}
