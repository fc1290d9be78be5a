import type { AppDeps, AppServices } from './app.ts';
import { deleteExpiredSessions } from './modules/auth/auth.repository.ts';

export interface BackgroundJobs {
  stop(): void;
}

/**
 * Periodic work that every replica runs; each job is safe to run concurrently on several
 * replicas (plain deletes, or rows claimed with FOR UPDATE SKIP LOCKED).
 */
export function startBackgroundJobs(deps: AppDeps, _services: AppServices): BackgroundJobs {
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, name: string, job: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      job().catch((error: unknown) => deps.logger.error({ err: error, job: name }, 'background job failed'));
    }, ms);
    timer.unref();
    timers.push(timer);
  };
  every(60 * 60_000, 'expired-sessions', () => deleteExpiredSessions(deps.db));
  return {
    stop: () => timers.forEach((timer) => clearInterval(timer)),
  };
}
