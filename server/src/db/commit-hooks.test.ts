import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb } from '../../test/test-db.ts';
import type { Db } from './db.ts';

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec('create table if not exists commit_hook_notes (note text)');
});
afterAll(async () => {
  await db.close();
});

const notes = async () =>
  (await db.query<{ note: string }>('select note from commit_hook_notes')).rows.map((row) => row.note);

test('work waiting on a transaction runs once its writes can be read by everyone', async () => {
  const seenThen: string[][] = [];
  await db.transaction(async (tx) => {
    await tx.query('insert into commit_hook_notes (note) values ($1)', ['committed']);
    tx.afterCommit(() => void notes().then((read) => seenThen.push(read)));
    expect(seenThen).toEqual([]);
  });
  await expect.poll(() => seenThen).toEqual([['committed']]);
});

test('work waiting on a transaction that rolls back never runs', async () => {
  let ran = false;
  await expect(
    db.transaction(async (tx) => {
      tx.afterCommit(() => (ran = true));
      throw new Error('the request failed');
    }),
  ).rejects.toThrow('the request failed');
  expect(ran).toBe(false);
});

test('on the database itself, whose statements commit as they run, the work runs at once', () => {
  let ran = false;
  db.afterCommit(() => (ran = true));
  expect(ran).toBe(true);
});
