/**
 * The after-call queue's worker (rolling-worker.ts): jobs run side by side, each completed and
 * replaced as it ends, so one slow summary holds up nobody else's.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../db/db.ts';
import { openTestDb } from '../../test/test-db.ts';
import { queueOfItsOwn } from '../../test/fixtures/queue-of-its-own.ts';
import { QUEUES } from './job-queue.ts';
import { START_GROUPS, START_GROUP_EVERY_MS } from './rolling-worker.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

test("one call's slow after-call job does not hold up the calls that end after it", async () => {
  const queue = await queueOfItsOwn(db, 'slow');
  let releaseSlow!: () => void;
  const slowHeld = new Promise<void>((resolve) => (releaseSlow = resolve));
  const started: string[] = [];
  const done: string[] = [];
  await queue.work<{ id: string }>(QUEUES.afterCall, async (data) => {
    started.push(data.id);
    // The summariser taking its time over one call (a long transcript, a slow answer).
    if (data.id === 'slow') await slowHeld;
    done.push(data.id);
  });
  await queue.send(QUEUES.afterCall, { id: 'slow' });
  await expect.poll(() => started, { timeout: 3_000 }).toEqual(['slow']);
  await queue.send(QUEUES.afterCall, { id: 'next' });
  await expect.poll(() => done, { timeout: 3_000 }).toEqual(['next']);
  const stateOf = async (id: string) =>
    (
      await db.query<{ state: string }>(
        `select state from ${queue.schema}.job where name = 'after-call' and data->>'id' = $1`,
        [id],
      )
    ).rows[0]?.state;
  await expect.poll(() => stateOf('next'), { timeout: 3_000 }).toBe('completed');
  expect(await stateOf('slow')).toBe('active');
  releaseSlow();
  await expect.poll(() => stateOf('slow'), { timeout: 3_000 }).toBe('completed');
  await queue.stop();
});

test('stopping lets a running after-call job finish, and completes it', async () => {
  const queue = await queueOfItsOwn(db, 'rolling_stop');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let running = false;
  await queue.work<{ id: string }>(QUEUES.afterCall, async () => {
    running = true;
    await held;
  });
  await queue.send(QUEUES.afterCall, { id: 'running as the replica stops' });
  await expect.poll(() => running, { timeout: 3_000 }).toBe(true);
  const stopped = queue.stop();
  setTimeout(release, 100);
  await stopped;
  const { rows } = await db.query<{ state: string }>(
    `select state from ${queue.schema}.job where name = 'after-call'`,
  );
  expect(rows).toEqual([{ state: 'completed' }]);
});

test('with every place taken, a job queued meanwhile starts as soon as one frees up', async () => {
  const queue = await queueOfItsOwn(db, 'rolling_full');
  const releases: (() => void)[] = [];
  const started: number[] = [];
  await queue.work<{ n: number }>(QUEUES.afterCall, async (data) => {
    started.push(data.n);
    if (data.n < 100) await new Promise<void>((resolve) => releases.push(resolve));
  });
  for (let n = 0; n < 100; n += 1) await queue.send(QUEUES.afterCall, { n });
  await expect.poll(() => started.length, { timeout: 5_000 }).toBe(100);
  await queue.send(QUEUES.afterCall, { n: 100 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(started).not.toContain(100);
  releases[0]!();
  // Well before the idle worker's next look, 30 s on.
  await expect.poll(() => started, { timeout: 3_000 }).toContain(100);
  releases.forEach((release) => release());
  await queue.stop();
});

test('calls that ended together have their after-call jobs started a group at a time, not in one burst', async () => {
  const queue = await queueOfItsOwn(db, 'rolling_groups');
  for (let n = 0; n < 8; n += 1) await queue.send(QUEUES.afterCall, { n });
  const startedAt: number[] = [];
  await queue.work<{ n: number }>(QUEUES.afterCall, async () => {
    startedAt.push(performance.now());
  });
  await expect.poll(() => startedAt.length, { timeout: 3_000 }).toBe(8);
  const first = startedAt[0]!;
  const together = startedAt.filter((at) => at - first < 50).length;
  // Four groups of two, a tenth of a second apart.
  expect(together).toBe(8 / START_GROUPS);
  expect(startedAt[7]! - first).toBeGreaterThanOrEqual((START_GROUPS - 1) * START_GROUP_EVERY_MS - 10);
  await queue.stop();
});

test('a replica stopping starts the after-call jobs it took and had not started yet, and completes them', async () => {
  const queue = await queueOfItsOwn(db, 'rolling_groups_stop');
  for (let n = 0; n < 8; n += 1) await queue.send(QUEUES.afterCall, { n });
  let started = 0;
  await queue.work<{ n: number }>(QUEUES.afterCall, async () => {
    started += 1;
  });
  await expect.poll(() => started, { timeout: 3_000 }).toBeGreaterThan(0);
  expect(started).toBeLessThan(8);
  await queue.stop();
  expect(started).toBe(8);
  const { rows } = await db.query<{ state: string; count: string }>(
    `select state, count(*)::text as count from ${queue.schema}.job where name = 'after-call' group by state`,
  );
  expect(rows).toEqual([{ state: 'completed', count: '8' }]);
});
