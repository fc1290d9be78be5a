import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import type { User } from '@santa/shared/auth';
import { Button } from '@/components/ui/button';
import { Logo } from '@/components/logo';
import { useLogout } from '@/features/auth/api/logout';
import { paths } from '@/lib/paths';
import { useKidProfile } from '@/lib/queries/kid-profile';
import { useListening } from '@/lib/queries/listening';

// What used to be links inside the dashboard's cards: each its own page, one tap from any page.
const FAMILY_LINKS = [
  { to: paths.dashboard, label: 'Home' },
  { to: paths.calls, label: 'Calls' },
  { to: paths.children, label: 'Children' },
  { to: paths.santaCalls, label: 'Santa calls' },
  { to: paths.family, label: 'Family' },
] as const;
const LISTENING_LINK = { to: paths.listening, label: 'Listening' } as const;
const ACCOUNT_LINK = { to: paths.account, label: 'Account' } as const;

/**
 * A grandparent who only listens to another family's calls has no dashboard of their own: their
 * pages are the calls they may hear and their account. A parent who is also invited sees both.
 */
function useMainLinks() {
  const profile = useKidProfile();
  const listening = useListening();
  const listens = (listening.data?.families.length ?? 0) > 0;
  const onlyListens = listens && profile.data?.has_profile === false;
  if (onlyListens) return [LISTENING_LINK, ACCOUNT_LINK];
  return listens ? [...FAMILY_LINKS, LISTENING_LINK, ACCOUNT_LINK] : [...FAMILY_LINKS, ACCOUNT_LINK];
}

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 shrink-0 items-center rounded-full px-3.5 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink ${
    isActive ? 'bg-santa-600 text-white' : 'text-santa-700 hover:bg-santa-50'
  }`;

/**
 * The header of every signed-in page: the pages a parent (or a grandparent) moves between, the
 * current one marked; Admin for the admin; and Logout.
 */
export function SignedInHeader({ user }: { user: User }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const links = useMainLinks();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the strip may hide the current page's link past its edge: bring it into view.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
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
        {/* On a phone the links scroll sideways inside their own strip, like an app's tabs. */}
        <nav
          ref={nav}
          aria-label="Main"
          className="-mx-4 flex w-[calc(100%+2rem)] items-center gap-1 overflow-x-auto scroll-pr-8 pr-8 pl-2 [scrollbar-width:none] [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] sm:mx-0 sm:[mask-image:none] sm:ml-auto sm:w-auto sm:px-0"
        >
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClasses}>
              {link.label}
            </NavLink>
          ))}
        </nav>
      </div>
    </header>
  );
}
