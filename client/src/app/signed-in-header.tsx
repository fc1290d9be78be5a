import { useNavigate } from 'react-router';
import type { User } from '@santa/shared/auth';
import { Button, ButtonLink } from '@/components/button';
import { SiteHeader } from '@/components/site-header';
import { useLogout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';

/** The header of signed-in pages: Admin for the admin, the pages a parent moves between, Logout. */
export function SignedInHeader({ user, current }: { user: User; current: 'dashboard' | 'account' }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <SiteHeader>
      {user.is_admin ? (
        <ButtonLink to={paths.admin} variant="secondary" size="sm">
          Admin
        </ButtonLink>
      ) : null}
      {current === 'account' ? (
        <ButtonLink to={paths.dashboard} variant="ghost" size="sm">
          Dashboard
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.account} variant="ghost" size="sm">
          Account
        </ButtonLink>
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.landing) })}
      >
        Logout
      </Button>
    </SiteHeader>
  );
}
