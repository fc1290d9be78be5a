import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb } from '../../test/test-db.ts';
import type { Db } from './db.ts';
import { statementsSent } from './statements-sent.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

/** The statements `work` sent, read from the process's count. */
async function sentBy(work: () => Promise<unknown>): Promise<number> {
  const before = statementsSent();
  await work();
  return statementsSent() - before;
}

test('a statement on the database counts once, with parameters or without', async () => {
  expect(await sentBy(() => db.query('select 1'))).toBe(1);
  expect(await sentBy(() => db.query('select $1::int as n', [2]))).toBe(1);
});

test('a transaction counts its BEGIN and COMMIT beside its statements', async () => {
  const sent = await sentBy(() =>
    db.transaction(async (tx) => {
      await tx.query('select 1');
      await tx.query('select 2');
    }),
  );
  expect(sent).toBe(4);
});

test('a transaction that rolls back counts its BEGIN and ROLLBACK', async () => {
  const sent = await sentBy(() =>
    db.transaction(() => Promise.reject(new Error('changed its mind'))).catch(() => undefined),
  );
  expect(sent).toBe(2);
});

test('a script of several statements sent as one query counts once', async () => {
  expect(await sentBy(() => db.script('select 1; select 2'))).toBe(1);
});

test('the after-call work on connections that defer their commits is counted too', async () => {
  expect(await sentBy(() => db.withDeferredCommits().query('select 1'))).toBe(1);
});
