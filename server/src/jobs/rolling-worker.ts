import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { QueueName } from './queues.ts';

/**
 * Completions wait this long to leave together: each is a statement on the job table, and a job
 * completed a moment later costs nobody anything (a replica that stops meanwhile completes them as
 * it stops; one that crashes leaves them to expire and run again, which each job allows).
 */
export const COMPLETE_EVERY_MS = 500;

/**
 * A fetched batch starts in this many groups, one every START_GROUP_EVERY_MS, rather than all at
 * once. The worker is woken at most every half second, so under load each wake brings a dozen or
 * more calls' jobs, and started together their statements and their CPU came as one burst ahead of
 * the rings of that moment. Side by side with the batch started at once (npm run
 * bench:christmas:compare, two rounds at 25 and 40 calls a second) the ring's p50 was ×0.88–0.97
 * in every round, its p99 ×0.91–0.96 (medians), at the same CPU per call and summary lag; the
 * other webhooks' p99s moved both ways within the bench's noise, so the burst is not what makes
 * their tail. Groups rather than one job at a time: a group's jobs still read their calls in one
 * statement.
 */
export const START_GROUPS = 4;
export const START_GROUP_EVERY_MS = 100;

export interface RollingWorkerOptions {
  /** Jobs running at once on this replica. */
  maxRunning: number;
  /** How often an idle worker looks for jobs nothing woke it for. */
  pollingIntervalSeconds: number;
  /** Counts the worker's statements and handlers, so that stopping can wait for them. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /**
   * Wakes this worker soon rather than now, when a job finished and more may be waiting: the
   * places freed meanwhile are then filled by one fetch, not one each.
   */
  wakeSoon: () => void;
}

export interface RollingWorker {
  /** Jobs may be waiting: fetch as many as there is room for. */
  wake(): void;
  /** Takes no more jobs; the completions gathering go now, and those of running jobs as they end. */
  stop(): Promise<void>;
}

/**
 * A worker that takes new jobs as its running ones finish. pg-boss's own worker runs a fetched
 * batch to its end before it fetches again, so one slow job (a summariser taking seconds over one
 * call) held up every call that ended after it, and a replica summarised at most a batch per
 * slowest answer: with a real summariser's latency, far fewer calls a second than Christmas Eve
 * ends. Here each job completes when it is done, and its place is filled at the next wake.
 */
export function startRollingWorker(
  boss: PgBoss,
  queue: QueueName,
  handler: (job: PgBoss.Job<object>) => Promise<void>,
  logger: Logger,
  options: RollingWorkerOptions,
): RollingWorker {
  const { maxRunning, track } = options;
  let running = 0;
  let fetching = false;
  let fetchAgain = false;
  /** The last fetch filled every place: more may be waiting when one frees up. */
  let moreMayWait = false;
  let stopped = false;
  const completions = gatherCompletions(boss, queue, logger, track);
  const starts = startInGroups((job) => void run(job));

  async function fetchWhileRoom(): Promise<void> {
    fetching = true;
    try {
      do {
        fetchAgain = false;
        const room = maxRunning - running;
        // Full: the last fetch filled every place, so the first to free up fetches again.
        if (room <= 0 || stopped) break;
        const jobs = await track(boss.fetch<object>(queue, { batchSize: room }));
        moreMayWait = jobs.length === room;
        // Taken now, though some start later: the next fetch asks only for the places left.
        running += jobs.length;
        starts.start(jobs, stopped);
      } while (fetchAgain);
    } catch (error) {
      logger.warn({ err: error, queue }, 'could not fetch jobs; the next look tries again');
    } finally {
      fetching = false;
    }
  }

  function wake(): void {
    if (stopped) return;
    if (fetching) fetchAgain = true;
    else void fetchWhileRoom();
  }

  /** Runs a job counted in `running` when it was fetched. */
  async function run(job: PgBoss.Job<object>): Promise<void> {
    try {
      await track(handler(job));
      completions.complete(job.id, stopped);
    } catch (error) {
      logger.warn({ err: error, queue, jobId: job.id }, 'a background job failed');
      await track(boss.fail(queue, job.id, error as object)).catch((failError: unknown) =>
        logger.error(
          { err: failError, queue, jobId: job.id },
          'could not mark a failed job; it expires and runs again',
        ),
      );
    } finally {
      running -= 1;
      if (moreMayWait) options.wakeSoon();
    }
  }

  const timer = setInterval(wake, options.pollingIntervalSeconds * 1000);
  timer.unref();
  wake();

  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      starts.startWaitingNow();
      await completions.flush();
    },
  };
}

/** Starts a fetched batch a group at a time (START_GROUPS). */
function startInGroups(run: (job: PgBoss.Job<object>) => void) {
  /** Jobs fetched but not yet started, with the timer that starts them. */
  const waiting = new Map<NodeJS.Timeout, PgBoss.Job<object>[]>();
  return {
    /** `now`: the replica is stopping, and every job starts at once. */
    start(jobs: PgBoss.Job<object>[], now: boolean): void {
      const size = Math.ceil(jobs.length / START_GROUPS);
      for (let group = 0; group * size < jobs.length; group += 1) {
        const members = jobs.slice(group * size, (group + 1) * size);
        if (group === 0 || now) {
          members.forEach(run);
          continue;
        }
        const timer = setTimeout(() => {
          waiting.delete(timer);
          members.forEach(run);
        }, group * START_GROUP_EVERY_MS);
        waiting.set(timer, members);
      }
    },
    /** Stopping starts the jobs still waiting: they are taken, and would otherwise wait to expire. */
    startWaitingNow(): void {
      for (const [timer, members] of waiting) {
        clearTimeout(timer);
        members.forEach(run);
      }
      waiting.clear();
    },
  };
}

/** Completed jobs' ids, sent in one statement every COMPLETE_EVERY_MS. */
function gatherCompletions(
  boss: PgBoss,
  queue: QueueName,
  logger: Logger,
  track: RollingWorkerOptions['track'],
) {
  let ids: string[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (ids.length === 0) return;
    const sent = ids;
    ids = [];
    await track(boss.complete(queue, sent)).catch((error: unknown) =>
      logger.error(
        { err: error, queue, jobs: sent.length },
        'could not complete jobs; they expire and run again',
      ),
    );
  }

  return {
    /** `now`: the replica is stopping, and nothing waits for a timer. */
    complete(id: string, now: boolean): void {
      ids.push(id);
      if (now) void flush();
      else timer ??= setTimeout(() => void flush(), COMPLETE_EVERY_MS);
    },
    flush,
  };
}
