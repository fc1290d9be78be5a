import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { SiteHeader } from '@/components/site-header';
import { useUser } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { paths } from '@/lib/paths';

/** Signed-in only (the router guards it). */
export function DashboardRoute() {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader>
        {user.is_admin ? (
          <ButtonLink to={paths.admin} variant="secondary" size="sm">
            Admin
          </ButtonLink>
        ) : null}
        <ButtonLink to={paths.account} variant="ghost" size="sm">
          Account
        </ButtonLink>
        <Button
          variant="outline"
          size="sm"
          disabled={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.landing) })}
        >
          Logout
        </Button>
      </SiteHeader>
      <DashboardPage userName={user.name} />
    </div>
  );
}
