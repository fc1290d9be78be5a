import { useUser } from '@/features/auth/api/get-me';
import { AdminPage } from '@/features/admin/components/admin-page';

/** Lazy-loaded (router.tsx): parents never download the admin panel. */
export default function AdminRoute() {
  const { data: user } = useUser();
  if (!user) return null;
  return <AdminPage user={user} />;
}
