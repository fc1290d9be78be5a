import type PgBoss from 'pg-boss';
import type { QueueName } from './queues.ts';

/** How each queue is worked: its retries, its batches and how often an idle worker looks. */

/** Retries for work that must happen once (a summary): 5 tries, 10 s, 20 s, 40 s … apart. */
const ONCE = { retryLimit: 5, retryDelay: 10, retryBackoff: true } as const;
/**
 * Jobs a worker takes at once. A worker waits its polling interval between fetches, so one job per
 * fetch would cap summaries at a job per interval per replica: on Christmas Eve (npm run
 * bench:christmas, 200 calls a second) they fell minutes behind. Each fetch and each batch's
 * completion is a statement, so emails come ten to a fetch too (one a fetch cost every call's
 * recap two or three statements more).
 */
export const BATCH: Partial<Record<QueueName, number>> = {
  email: 10,
};

/**
 * Queues whose jobs run side by side, up to this many at once on a replica, each replaced as it
 * ends (jobs/rolling-worker.ts): a batch run to its end held every call that ended after it
 * behind the slowest summary of the batch. A hundred: the jobs mostly wait on the summariser and
 * the moderator, and their statements share the deferred pool's ten connections.
 */
export const RUNNING_AT_ONCE: Partial<Record<QueueName, number>> = {
  'after-call': 100,
};
/**
 * Queues whose batch runs one job after another, in the order the jobs were queued: sent side by
 * side, a parent's emails arrived out of the order they were decided in (a receipt after the
 * upgrade's). Ten slow sends stay well inside a job's 15 minutes before it expires.
 */
export const IN_ORDER: ReadonlySet<QueueName> = new Set(['email']);

/**
 * How often an idle worker looks for jobs that nothing woke it for. A send wakes its own replica's
 * worker once the job is committed, and a periodic offer the worker of the replica whose offer was
 * kept, so for most queues looking is a backstop: for a retry coming due, or a job whose replica
 * stopped before taking it. Each look is a statement on the job table, planned afresh every time
 * (the table is partitioned): 22 queues looked at every 2 s on two replicas cost Postgres 25
 * statements a second that mostly found nothing (npm run bench:christmas).
 */
export const BACKSTOP_SECONDS = 30;
/**
 * A job held until its time (a child's scheduled call, a gift's email) has no send at that time to
 * wake anyone: these queues are looked at every polling interval, so the call rings and the email
 * goes within seconds of the time the parent or the giver chose.
 */
export const HELD_UNTIL_THEIR_TIME: ReadonlySet<QueueName> = new Set([
  'scheduled-call-placement',
  'gift-delivery',
]);

/**
 * Email rides out an SMTP provider's outage of up to about two hours (30 s, 1 min … doubling),
 * and a slow server holds a worker, never a request.
 */
const EMAIL = { retryLimit: 8, retryDelay: 30, retryBackoff: true } as const;

/** Periodic work is not retried: the next slot does it again. */
const PERIODIC = { retryLimit: 0 } as const;

export const RETRY: Record<QueueName, PgBoss.RetryOptions> = {
  'after-call': ONCE,
  'call-deadlines': PERIODIC,
  'provider-conversation-deletions': PERIODIC,
  'call-recovery': PERIODIC,
  'unclaimed-recordings': PERIODIC,
  'expired-sessions': PERIODIC,
  'expired-oauth-states': PERIODIC,
  'stale-sign-in-failures': PERIODIC,
  email: EMAIL,
  'password-reset-request': ONCE,
  'renewal-reminders': PERIODIC,
  'recording-retention': PERIODIC,
  'transcript-retention': PERIODIC,
  'inactive-accounts': PERIODIC,
  // A family's download is built once; a failure is retried like a summary.
  'data-export': ONCE,
  'expired-exports': PERIODIC,
  'gift-delivery': ONCE,
  'gift-upkeep': PERIODIC,
  // Never retried by the queue: a dial that failed half-way might have rung; the parent re-picks.
  'scheduled-call-placement': { retryLimit: 0 },
  'scheduled-call-upkeep': PERIODIC,
};
