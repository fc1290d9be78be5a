import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb } from '../../test/test-db.ts';
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
  'the database with deferred commits does not wait for the disk, in a transaction too',
  async () => {
    const deferred = db.withDeferredCommits();
    expect(await commitMode(deferred)).toBe('off');
    expect(await deferred.transaction(commitMode)).toBe('off');
  },
);

test.skipIf(!onPostgres)(
  'everything else waits for the disk, even while a deferred transaction is open beside it',
  async () => {
    let release!: () => void;
    const deferred = db.withDeferredCommits().transaction(async (tx) => {
      await new Promise<void>((resolve) => (release = resolve));
      return commitMode(tx);
    });
    expect(await commitMode(db)).toBe('on');
    expect(await db.transaction(commitMode)).toBe('on');
    release();
    expect(await deferred).toBe('off');
  },
);

test('what the deferred database writes is in the same database, in the same schema', async () => {
  await db.exec('create table deferred_probe (n int)');
  await db.withDeferredCommits().query('insert into deferred_probe (n) values ($1)', [7]);
  expect((await db.query<{ n: number }>('select n from deferred_probe')).rows).toEqual([{ n: 7 }]);
});
