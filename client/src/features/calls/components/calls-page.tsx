import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';

/**
 * Every call with Santa. The list itself (`history`) is the same component the dashboard shows,
 * recordings included, so both read alike. Calls arrive by themselves (call recovery fetches any
 * the provider did not send), so there is nothing for a parent to sync.
 */
export function CallsPage({ history }: { history: ReactNode }) {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3 min-h-11">
        <span aria-hidden="true">←</span> Back to Dashboard
      </ButtonLink>
      <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Calls with Santa</h1>
      </div>
      {history}
    </main>
  );
}
