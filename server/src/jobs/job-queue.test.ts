import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../db/db.ts';
import { openTestDb, testSchemaOf } from '../../test/test-db.ts';
import { queueOfItsOwn as startQueueOfItsOwn } from '../../test/fixtures/queue-of-its-own.ts';
import { createJobQueue, QUEUES, type JobQueue } from './job-queue.ts';

const logger = pino({ level: 'silent' });

/** The database, with `beforeFetch` run as each worker's fetch of jobs goes to it (its queue first). */
function withFetchHook(target: Db, beforeFetch: (values: unknown[]) => unknown): Db {
  return new Proxy(target, {
    get(db, key) {
      if (key === 'script')
        return async (text: string, values?: unknown[]) => {
          if (/skip locked/i.test(text)) await beforeFetch(values ?? []);
          return db.script(text, values);
        };
      const value = Reflect.get(db, key) as unknown;
      return typeof value === 'function' ? value.bind(db) : value;
    },
  });
}
const queueOfItsOwn = (name: string, on?: Db) => startQueueOfItsOwn(db, name, on);
let db: Db;
let replicaA: JobQueue;
let replicaB: JobQueue;

beforeAll(async () => {
  db = await openTestDb();
  const schema = testSchemaOf(db);
  const options = { schema: schema ? `${schema}_jobs` : 'pgboss', pollingIntervalSeconds: 0.5 };
  // Two replicas of the app: two queues on one database.
  replicaA = createJobQueue(db, logger, options);
  replicaB = createJobQueue(db, logger, options);
  await replicaA.start();
  await replicaB.start();
});
afterAll(async () => {
  await replicaA.stop();
  await replicaB.stop();
  await db.close();
});

test('a periodic job offered by two replicas in the same slot runs exactly once', async () => {
  const ranOn: string[] = [];
  await replicaA.work(QUEUES.staleSignInFailures, async () => void ranOn.push('A'));
  await replicaB.work(QUEUES.staleSignInFailures, async () => void ranOn.push('B'));
  replicaA.every(QUEUES.staleSignInFailures, 3600);
  replicaB.every(QUEUES.staleSignInFailures, 3600);
  await expect.poll(() => ranOn.length, { timeout: 5_000 }).toBe(1);
  expect(await replicaA.drained([QUEUES.staleSignInFailures])).toBe(true);
  expect(ranOn).toHaveLength(1);
});

test('a job sent inside a transaction that rolls back never runs', async () => {
  const seen: string[] = [];
  await replicaA.work<{ id: string }>(QUEUES.afterCall, async (data) => void seen.push(data.id));
  await db
    .transaction(async (tx) => {
      await replicaA.send(QUEUES.afterCall, { id: 'rolled-back' }, tx);
      throw new Error('the request failed');
    })
    .catch(() => undefined);
  await db.transaction((tx) => replicaA.send(QUEUES.afterCall, { id: 'committed' }, tx));
  expect(await replicaA.drained([QUEUES.afterCall])).toBe(true);
  expect(seen).toEqual(['committed']);
});

test('each job goes to one replica only, whichever takes it', async () => {
  const taken: string[] = [];
  await replicaA.work<{ n: number }>(
    QUEUES.expiredOAuthStates,
    async (data) => void taken.push(`A${data.n}`),
  );
  await replicaB.work<{ n: number }>(
    QUEUES.expiredOAuthStates,
    async (data) => void taken.push(`B${data.n}`),
  );
  for (let n = 0; n < 10; n += 1) await replicaB.send(QUEUES.expiredOAuthStates, { n });
  expect(await replicaA.drained([QUEUES.expiredOAuthStates])).toBe(true);
  expect(taken.map((entry) => entry.slice(1)).sort((a, b) => Number(a) - Number(b))).toEqual(
    Array.from({ length: 10 }, (_, n) => String(n)),
  );
});

test('a script that fails inside its own BEGIN leaves the database usable', async () => {
  await expect(db.script('begin; select 1/0; commit;')).rejects.toThrow();
  const { rows } = await db.query<{ ok: number }>('select 1 as ok');
  expect(rows).toEqual([{ ok: 1 }]);
  await db.transaction(async (tx) => {
    await tx.query('select 1');
  });
});

test('the queue depth counts jobs waiting or running, per queue', async () => {
  const depth = await replicaA.depth();
  expect(Object.keys(depth).sort()).toEqual(Object.values(QUEUES).sort());
  expect(Object.values(depth).every((n) => n === 0)).toBe(true);
});

test('in a batch, only the job that failed is retried; the others complete', async () => {
  const queue = await queueOfItsOwn('batch');
  const attempts = new Map<string, number>();
  await queue.work<{ id: string }>(QUEUES.afterCall, async (data) => {
    attempts.set(data.id, (attempts.get(data.id) ?? 0) + 1);
    if (data.id === 'fails') throw new Error('the summarizer is down');
  });
  for (const id of ['one', 'fails', 'two']) await queue.send(QUEUES.afterCall, { id });
  await expect.poll(() => attempts.size, { timeout: 5_000 }).toBe(3);
  // A batch's completion is written just after its last handler returns: the states are read
  // until they settle.
  const states = async () =>
    (
      await db.query<{ id: string; state: string }>(
        `select data->>'id' as id, state from ${queue.schema}.job where name = 'after-call'
         and data->>'id' in ('one', 'fails', 'two') order by 1`,
      )
    ).rows;
  await expect.poll(states, { timeout: 5_000 }).toEqual([
    { id: 'fails', state: 'retry' },
    { id: 'one', state: 'completed' },
    { id: 'two', state: 'completed' },
  ]);
  expect(attempts.get('one')).toBe(1);
  expect(attempts.get('two')).toBe(1);
  await queue.stop();
});

test('stopping waits for a job a fetch was still bringing in, and for its completion', async () => {
  // A database on which the workers' fetch takes a while, as under load.
  let slowFetch = false;
  let fetchStarted!: () => void;
  const fetching = new Promise<void>((resolve) => (fetchStarted = resolve));
  const slowDb = withFetchHook(db, async () => {
    if (!slowFetch) return;
    fetchStarted();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  const queue = await queueOfItsOwn('stop', slowDb);
  const handled: string[] = [];
  await queue.work<{ id: string }>(QUEUES.email, async (data) => void handled.push(data.id));
  slowFetch = true;
  await queue.send(QUEUES.email, { id: 'on its way' });
  await fetching;
  await queue.stop();
  expect(handled).toEqual(['on its way']);
  const { rows } = await db.query<{ state: string }>(
    `select state from ${queue.schema}.job where name = 'email' and data->>'id' = 'on its way'`,
  );
  expect(rows).toEqual([{ state: 'completed' }]);
});

test('calls ending one after another wake the summary worker once for a batch, not once a call', async () => {
  // Every fetch of the queue counted: each is a statement on the database.
  let fetches = 0;
  const countingDb = withFetchHook(db, () => void (fetches += 1));
  const queue = await queueOfItsOwn('wake', countingDb);
  const handled: number[] = [];
  await queue.work<{ n: number }>(QUEUES.afterCall, async (data) => void handled.push(data.n));
  await new Promise((resolve) => setTimeout(resolve, 50));
  fetches = 0;
  // Ten calls' jobs, one every 20 ms: within one wake interval and a half.
  for (let n = 0; n < 10; n += 1) {
    await queue.send(QUEUES.afterCall, { n });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await expect.poll(() => handled.length, { timeout: 5_000 }).toBe(10);
  expect(fetches).toBeLessThanOrEqual(4);
  await queue.stop();
});

test('emails sent in a burst all go out, one after another, without waiting for a poll each', async () => {
  // The email queue looks only every 30 s: only the wake and the worker's own "more may be waiting" move it.
  const queue = await queueOfItsOwn('burst');
  const sent: number[] = [];
  await queue.work<{ n: number }>(QUEUES.email, async (data) => void sent.push(data.n));
  for (let n = 0; n < 5; n += 1) {
    await queue.send(QUEUES.email, { n });
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(5);
  expect(sent).toEqual([0, 1, 2, 3, 4]);
  await queue.stop();
});

test('a burst of emails goes out in the order decided, one at a time, a few fetches for all', async () => {
  let fetches = 0;
  const queue = await queueOfItsOwn(
    'emails',
    withFetchHook(db, () => void (fetches += 1)),
  );
  const sent: number[] = [];
  let sending = 0;
  let mostAtOnce = 0;
  await queue.work<{ n: number }>(QUEUES.email, async (data) => {
    sending += 1;
    mostAtOnce = Math.max(mostAtOnce, sending);
    await new Promise((resolve) => setTimeout(resolve, 5));
    sent.push(data.n);
    sending -= 1;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  fetches = 0;
  // Decided a few milliseconds apart, as a parent's emails are (one transaction's share a time).
  for (let n = 0; n < 10; n += 1) {
    await queue.send(QUEUES.email, { n });
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  await expect.poll(() => sent.length, { timeout: 5_000 }).toBe(10);
  expect(sent).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  expect(mostAtOnce).toBe(1);
  expect(fetches).toBeLessThanOrEqual(4);
  await queue.stop();
});

test('a job sent inside a transaction wakes its worker once committed, without waiting for a look', async () => {
  const queue = await queueOfItsOwn('commit');
  const handled: string[] = [];
  await queue.work<{ id: string }>(QUEUES.passwordResetRequest, async (data) => void handled.push(data.id));
  await new Promise((resolve) => setTimeout(resolve, 50));
  await db.transaction(async (tx) => {
    await queue.send(QUEUES.passwordResetRequest, { id: 'sent before the commit' }, tx);
    // The rest of the request's work: a worker woken at the send would look now and find nothing.
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  await expect.poll(() => handled, { timeout: 3_000 }).toEqual(['sent before the commit']);
  await queue.stop();
});

test('an idle worker looks for jobs every 30 s; only a queue of jobs held until their time looks every interval', async () => {
  const looks = new Map<string, number>();
  const countLook = ([queue]: unknown[]) =>
    void looks.set(String(queue), (looks.get(String(queue)) ?? 0) + 1);
  const queue = await queueOfItsOwn('idle', withFetchHook(db, countLook));
  for (const name of [QUEUES.afterCall, QUEUES.email, QUEUES.callDeadlines, QUEUES.scheduledCallPlacement])
    await queue.work(name, async () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await queue.stop();
  // Each worker looks once as it starts.
  expect(looks.get(QUEUES.afterCall)).toBe(1);
  expect(looks.get(QUEUES.email)).toBe(1);
  expect(looks.get(QUEUES.callDeadlines)).toBe(1);
  expect(looks.get(QUEUES.scheduledCallPlacement)).toBeGreaterThanOrEqual(3);
});
