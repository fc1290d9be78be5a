import { NavLink, useNavigate } from 'react-router';
import type { User } from '@santa/shared/auth';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { useLogout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';

const LINKS = [
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.calls, label: 'Calls' },
  { to: paths.account, label: 'Account' },
] as const;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink ${
    isActive ? 'bg-santa-600 text-white' : 'text-santa-700 hover:bg-santa-50'
  }`;

/**
 * The header of every signed-in page: the pages a parent moves between (the current one marked),
 * Admin for the admin, and Logout.
 */
export function SignedInHeader({ user }: { user: User }) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-20 border-b border-santa-100 bg-snow/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2 sm:order-last">
          {user.is_admin ? (
            <NavLink to={paths.admin} className={linkClasses}>
              Admin
            </NavLink>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            disabled={logout.isPending}
            onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.landing) })}
          >
            Logout
          </Button>
        </div>
        <nav aria-label="Main" className="-mx-2 flex w-full items-center gap-1 sm:mx-0 sm:ml-auto sm:w-auto">
          {LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
