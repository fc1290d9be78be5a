import type { AppDeps, AppServices } from './app.ts';
import { SWEEP_INTERVAL_MS, sweepCallReservations } from './modules/voice/deadline-sweeper.ts';
import { deleteUnclaimedRecordings } from './modules/voice/early-recordings.ts';
import { createProviderDeletions } from './modules/voice/provider-deletions.ts';

export interface BackgroundJobs {
  stop(): void;
}

/**
 * Periodic work that every replica runs; each job is safe to run concurrently on several
 * replicas (deletes and provider calls that can be repeated, or rows claimed with FOR UPDATE
 * SKIP LOCKED).
 */
export function startBackgroundJobs(deps: AppDeps, services: AppServices): BackgroundJobs {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      job().catch((error: unknown) => deps.logger.error({ err: error, job: name }, 'background job failed'));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(60 * 60_000, 'expired-sessions', () => services.auth.deleteExpiredSessions());
  every(60 * 60_000, 'expired-oauth-states', () => services.auth.deleteExpiredOAuthStates());
  every(60 * 60_000, 'stale-sign-in-failures', () => services.auth.deleteStaleSignInFailures());
  every(SWEEP_INTERVAL_MS, 'call-deadlines', () =>
    sweepCallReservations({
      db: deps.db,
      logger: deps.logger,
      telephony: deps.providers.telephony,
      subscriptions: services.subscription,
      profiles: services.profile,
    }),
  );
  const providerDeletions = createProviderDeletions({
    db: deps.db,
    logger: deps.logger,
    voice: deps.providers.voice,
  });
  every(60_000, 'provider-conversation-deletions', () => providerDeletions.runDue());
  every(60 * 60_000, 'unclaimed-recordings', () =>
    deleteUnclaimedRecordings({ db: deps.db, logger: deps.logger, recordings: deps.providers.recordings }),
  );
  return {
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}
