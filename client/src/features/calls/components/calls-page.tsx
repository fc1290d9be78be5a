import type { ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button, ButtonLink } from '@/components/button';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSyncCalls } from '../api/sync-calls';

/**
 * Every call with Santa. The list itself (`history`) is the same component the dashboard shows,
 * recordings included, so both read alike.
 */
export function CallsPage({ history }: { history: ReactNode }) {
  const sync = useSyncCalls();

  function syncNow() {
    sync.mutate(undefined, {
      // Some calls could not be read this time: the parent should know to sync again later.
      onSuccess: ({ message, unreadable }) =>
        unreadable > 0 ? toast.warning(message) : toast.success(message),
      onError: (error) => toast.error(errorMessage(error, 'Failed to sync conversations')),
    });
  }

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <ButtonLink to={paths.dashboard} variant="ghost" size="sm" className="-ml-3 min-h-11">
        <span aria-hidden="true">←</span> Back to Dashboard
      </ButtonLink>
      <div className="mt-4 mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl font-bold text-santa-700 sm:text-4xl">Calls with Santa</h1>
        <Button variant="secondary" onClick={syncNow} disabled={sync.isPending} aria-busy={sync.isPending}>
          {sync.isPending ? 'Syncing...' : 'Sync Calls'}
        </Button>
      </div>
      {history}
    </main>
  );
}
