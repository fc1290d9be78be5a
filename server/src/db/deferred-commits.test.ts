import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb } from '../../test/test-db.ts';
import { createBatcher } from './batcher.ts';
import type { Db, Queryable } from './db.ts';

const onPostgres = !!process.env.TEST_DATABASE_URL;
let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const commitMode = async (q: Queryable) =>
  (await q.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;

test.skipIf(!onPostgres)(
  'work run deferring its commits does not wait for the disk, in a transaction too',
  async () => {
    await db.deferringCommits(async () => {
      expect(await commitMode(db)).toBe('off');
      expect(await db.transaction(commitMode)).toBe('off');
    });
  },
);

test.skipIf(!onPostgres)(
  'everything else waits for the disk, even while deferred work runs beside it',
  async () => {
    let release!: () => void;
    const deferred = db.deferringCommits(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return commitMode(db);
    });
    expect(await commitMode(db)).toBe('on');
    expect(await db.transaction(commitMode)).toBe('on');
    release();
    expect(await deferred).toBe('off');
  },
);

test('a batch runs in the context its batcher was made in, not in the first caller’s', async () => {
  const context = new AsyncLocalStorage<string>();
  const seen: (string | undefined)[] = [];
  const batched = createBatcher(async (items: number[]) => {
    seen.push(context.getStore());
    return items;
  });
  await context.run('a job deferring its commits', () => Promise.all([batched(1), batched(2)]));
  expect(seen).toEqual([undefined]);
});
