import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/button';
import { SiteHeader } from '@/components/site-header';
import { SignedInDevices } from '@/features/account/components/signed-in-devices';
import { useUser } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';

/** Signed-in only (the router guards it): the parent's account and devices. */
export function AccountRoute() {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <div className="min-h-screen bg-snow">
      <SiteHeader>
        <ButtonLink to={paths.dashboard} variant="ghost" size="sm">
          Dashboard
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
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="font-display text-3xl font-bold text-ink">Account</h1>
          <p className="mt-1 text-ink/75">
            {user.name} · {user.email}
          </p>
        </div>
        <SignedInDevices />
      </main>
    </div>
  );
}
