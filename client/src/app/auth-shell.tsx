import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/lib/paths';

/** The red North Pole backdrop of the sign-in screens, with a card in the middle. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-linear-to-br from-santa-800 via-santa-700 to-santa-600">
      <header className="px-4 py-4 sm:px-6">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3">
          <span className="rounded-xl bg-snow px-3 py-1.5 shadow-sm">
            <Logo />
          </span>
          <Link
            to={paths.landing}
            className="rounded font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-400"
          >
            <span aria-hidden="true">← </span>Back to home
          </Link>
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center sm:pt-0">
        {children}
      </main>
    </div>
  );
}
