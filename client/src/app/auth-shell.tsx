import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { NorthPoleIllustration } from '@/components/illustrations/north-pole';
import { Logo } from '@/components/logo';
import { UntilHydrated } from '@/components/ui/until-hydrated';
import { paths } from '@/lib/paths';

/** The North Pole night behind the sign-in screens, with a card in the middle. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="relative flex min-h-screen flex-col overflow-hidden bg-linear-to-b from-night-900 via-night-800 to-night-700">
      <header className="relative z-10 px-gutter py-4 sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
          <span className="rounded-xl bg-snow px-3 shadow-sm">
            <Logo />
          </span>
          <Link
            to={paths.landing}
            className="inline-flex min-h-tap items-center rounded font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          >
            <span aria-hidden="true">←&nbsp;</span>Back to home
          </Link>
        </div>
      </header>
      <main className="relative z-10 flex flex-1 items-start justify-center px-gutter pt-6 pb-48 sm:items-center sm:pt-0">
        <UntilHydrated>{children}</UntilHydrated>
      </main>
      <NorthPoleIllustration className="pointer-events-none absolute inset-x-0 bottom-0 mx-auto w-full max-w-3xl [mask-image:linear-gradient(to_right,transparent,black_20%,black_80%,transparent)]" />
    </div>
  );
}
