import { afterAll, beforeAll, expect, test } from 'vitest';
import { countingDb } from '../../test/fixtures/counting-db.ts';
import { openTestDb } from '../../test/test-db.ts';
import type { Db } from './db.ts';
import { readFamilies, type FamiliesReadPart } from './families-read.ts';

const ANN = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const CY = '00000000-0000-4000-8000-00000000000c';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/** A module's many rows per family: its gifts, with a value of its own. */
const gifts: FamiliesReadPart<string[]> = {
  select: (param) =>
    `select user_id, gift || ${param('!')}::text as gift
     from (values ('${ANN}'::uuid, 'bike'), ('${ANN}'::uuid, 'kite'), ('${BOB}'::uuid, 'drum')) as g (user_id, gift)
     where user_id = any($1::uuid[])`,
  read: (rows) => rows.map((row) => row.gift as string).sort(),
};

/** Another module's yes or no per family. */
const agreed: FamiliesReadPart<boolean> = {
  select: (param) =>
    `select user_id from (values ('${BOB}'::uuid, ${param(2)}::int)) as a (user_id, version)
     where user_id = any($1::uuid[])`,
  read: (rows) => rows.length > 0,
};

test('every module’s part of several families comes back in one statement', async () => {
  const counting = countingDb(db);
  await readFamilies(counting.db, [ANN, BOB], { gifts, agreed });
  expect(counting.statements).toHaveLength(1);
});

test('each family gets its own rows of each part, in the order the families were asked for', async () => {
  const read = await readFamilies(db, [BOB, CY, ANN, BOB], { gifts, agreed });
  expect(read).toEqual([
    { gifts: ['drum!'], agreed: true },
    { gifts: [], agreed: false },
    { gifts: ['bike!', 'kite!'], agreed: false },
    { gifts: ['drum!'], agreed: true },
  ]);
});
