import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db, Queryable } from '../db/db.ts';
import { jobsInStatement } from './jobs-in-statement.ts';
import {
  BACKSTOP_SECONDS,
  BATCH,
  HELD_UNTIL_THEIR_TIME,
  IN_ORDER,
  RETRY,
  RUNNING_AT_ONCE,
} from './queue-policies.ts';
import { startRollingWorker, type RollingWorker } from './rolling-worker.ts';
import { QUEUES, type JobSender, type QueueName } from './queues.ts';

export { QUEUES, type JobSender, type QueueName };

export interface JobQueue extends JobSender {
  /** The Postgres schema holding the queue's tables. */
  readonly schema: string;
  start(): Promise<void>;
  /** Runs `handler` for each job of `queue` on this replica; a job that throws is retried. */
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  /**
   * Runs `queue` once every `seconds` across all replicas: each replica offers a job per time
   * slot and the queue keeps one, so exactly one replica does the work.
   */
  every(queue: QueueName, seconds: number): void;
  /** Jobs waiting or running, per queue (for /metrics and the tests). */
  depth(): Promise<Record<string, number>>;
  /** Resolves when no job of `queues` waits or runs (tests; shutdown). */
  drained(queues?: QueueName[], timeoutMs?: number): Promise<boolean>;
  /** Stops taking jobs and waits up to `timeoutMs` for the running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  /** Postgres schema of the queue's tables (tests give each file its own). */
  schema?: string;
  /**
   * How often an idle worker looks for a job held until its time (a scheduled call's dial, a
   * gift's email); other queues are woken by their sends and look only every BACKSTOP_SECONDS.
   */
  pollingIntervalSeconds?: number;
}

/** Jobs queued within the same millisecond (one transaction's) keep no order between them. */
function byQueuingTime(a: PgBoss.Job<object>, b: PgBoss.Job<object>): number {
  const queuedAt = (job: PgBoss.Job<object>) =>
    (job as Partial<PgBoss.JobWithMetadata>).createdOn?.getTime() ?? 0;
  return queuedAt(a) - queuedAt(b);
}
/**
 * A send wakes its worker so the job starts now rather than at the next poll, but a worker is
 * woken at most this often: woken on every send, a busy worker fetched again after each call and
 * took its jobs one or two at a time, each fetch and each completion a statement of its own
 * (npm run bench:christmas). Between wakes the jobs gather into one fetch: each fetch costs
 * Postgres a plan across the job table's partitions, and at 500 ms rather than 200 Postgres spent
 * ×0.86–0.91 the CPU per call at 50 calls a second, while a summary waited 0.4 s at p99, not 0.16.
 */
const WAKE_EVERY_MS = 500;

/** pg-boss speaks `executeSql(text, values)`; a transaction takes its job in the same commit. */
function bossDb(queryable: Pick<Db, 'script'> | Queryable, track = <T>(work: Promise<T>) => work): PgBoss.Db {
  return {
    executeSql: async (text, values) =>
      track('script' in queryable ? queryable.script(text, values) : queryable.query(text, values)),
  };
}

/**
 * Counts what the queue has on its way (its own queries, the handlers running), so that stopping
 * can wait for it: pg-boss stops waiting once no worker holds a job, yet a fetch still on its way
 * hands its jobs to a handler afterwards, and a job's completion is sent without being awaited.
 * Either would land on a database its owner closes next.
 */
function inFlight() {
  let count = 0;
  return {
    async track<T>(work: Promise<T>): Promise<T> {
      count += 1;
      try {
        return await work;
      } finally {
        count -= 1;
      }
    },
    /** Resolves once nothing is on its way, or at `until` (a time in ms). */
    async settled(until: number): Promise<void> {
      // Polled on timers: a handler starts in the same microtasks as the fetch that brought it.
      while (count > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}

/** `notify(queue)` at once, or, within `ms` of the last time, once when those `ms` are up. */
function wakeAtMostEvery(ms: number, notify: (queue: QueueName) => void): (queue: QueueName) => void {
  const woken = new Map<QueueName, number>();
  const later = new Set<QueueName>();
  return function wake(queue) {
    if (later.has(queue)) return;
    const wait = (woken.get(queue) ?? -Infinity) + ms - Date.now();
    if (wait <= 0) {
      woken.set(queue, Date.now());
      notify(queue);
      return;
    }
    later.add(queue);
    setTimeout(() => {
      later.delete(queue);
      wake(queue);
    }, wait).unref();
  };
}

/** The job queue on pg-boss, in the app's own database (Postgres or PGlite). */
export function createJobQueue(db: Db, logger: Logger, options: JobQueueOptions = {}): JobQueue {
  const schema = options.schema ?? 'pgboss';
  const busy = inFlight();
  const boss = new PgBoss({
    db: bossDb(db, busy.track),
    schema,
    // Periodic work is offered by `every`; pg-boss's cron clock is not needed.
    schedule: false,
    // Job data can name a child: completed jobs leave within a day.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const workers = new Map<QueueName, string>();
  const rolling = new Map<QueueName, RollingWorker>();
  const timers: NodeJS.Timeout[] = [];
  const wake = wakeAtMostEvery(WAKE_EVERY_MS, (queue) => {
    const worker = workers.get(queue);
    if (worker) boss.notifyWorker(worker);
    rolling.get(queue)?.wake();
  });
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    schema,
    async start() {
      await boss.start();
      for (const queue of Object.values(QUEUES))
        await boss.createQueue(queue, { name: queue, ...RETRY[queue] });
    },

    async send(queue, data, tx, options) {
      await boss.send(queue, data, {
        ...RETRY[queue],
        ...(tx ? { db: bossDb(tx) } : {}),
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
      });
      (tx ?? db).afterCommit(() => wake(queue));
    },

    async sendAllSql(jobs) {
      const inserted = jobs.map(({ queue, data }) => ({ name: queue, data, ...RETRY[queue] }));
      const jobsSql = await jobsInStatement(boss, inserted);
      return {
        sql: jobsSql,
        queued: () => {
          for (const queue of new Set(jobs.map((job) => job.queue))) wake(queue);
        },
      };
    },

    async work(queue, handler) {
      const pollingIntervalSeconds = HELD_UNTIL_THEIR_TIME.has(queue) ? polling : BACKSTOP_SECONDS;
      const maxRunning = RUNNING_AT_ONCE[queue];
      if (maxRunning) {
        const worker = startRollingWorker(boss, queue, (job) => handler(job.data as never), logger, {
          maxRunning,
          pollingIntervalSeconds,
          track: busy.track,
          wakeSoon: () => wake(queue),
        });
        rolling.set(queue, worker);
        return;
      }
      const options = {
        pollingIntervalSeconds,
        batchSize: BATCH[queue] ?? 1,
        // A batch arrives in no particular order; its jobs' queuing times put it back in order.
        includeMetadata: IN_ORDER.has(queue),
      };
      const id = await boss.work<object>(queue, options, async (jobs) => {
        await busy.track(runBatch(jobs));
        // A full batch says more may be waiting: fetch again now rather than after the interval
        // (sends that came meanwhile woke the worker only once).
        const worker = workers.get(queue);
        if (worker && jobs.length >= options.batchSize) boss.notifyWorker(worker);
      });
      workers.set(queue, id);

      async function runBatch(jobs: PgBoss.Job<object>[]) {
        const failed: string[] = [];
        const run = async (job: PgBoss.Job<object>) => {
          try {
            await handler(job.data as never);
          } catch (error) {
            // Periodic jobs are not retried: the next time slot runs them again.
            logger.warn({ err: error, queue, jobId: job.id }, 'a background job failed');
            failed.push(job.id);
          }
        };
        if (IN_ORDER.has(queue)) for (const job of [...jobs].sort(byQueuingTime)) await run(job);
        else await Promise.all(jobs.map(run));
        // Only the failed jobs of the batch are retried; pg-boss completes the others.
        if (failed.length > 0) await boss.fail(queue, failed);
      }
    },

    every(queue, seconds) {
      const offer = () => {
        boss
          .sendThrottled(queue, {}, RETRY[queue], seconds)
          .then((id) => {
            if (id) wake(queue);
          })
          .catch((error: unknown) => logger.warn({ err: error, queue }, 'could not offer a periodic job'));
      };
      offer();
      const timer = setInterval(offer, seconds * 1000);
      timer.unref();
      timers.push(timer);
    },

    async depth() {
      const sizes: Record<string, number> = {};
      for (const queue of Object.values(QUEUES))
        sizes[queue] = await boss.getQueueSize(queue, { before: 'completed' });
      return sizes;
    },

    async drained(queues = Object.values(QUEUES), timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        let waiting = 0;
        for (const queue of queues) waiting += await boss.getQueueSize(queue, { before: 'completed' });
        if (waiting === 0) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    },

    async stop(timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      timers.forEach((timer) => clearInterval(timer));
      await Promise.all([...rolling.values()].map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      await busy.settled(until);
    },
  };
}
