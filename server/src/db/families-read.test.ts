import { afterAll, beforeAll, expect, test } from 'vitest';
import { countingDb } from '../../test/fixtures/counting-db.ts';
import { onOneConnection } from '../../test/fixtures/one-connection.ts';
import { openTestDb } from '../../test/test-db.ts';
import type { Db } from './db.ts';
import { findAndReadFamilies, type FamiliesFinder, type FamiliesReadPart } from './families-read.ts';

const ANN = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

/** A module's many rows per family: its gifts, with a value of its own. */
const gifts: FamiliesReadPart<string[]> = {
  select: (param, families) =>
    `select user_id, gift || ${param('!')}::text as gift
     from (values ('${ANN}'::uuid, 'bike'), ('${ANN}'::uuid, 'kite'), ('${BOB}'::uuid, 'drum')) as g (user_id, gift)
     where user_id = any(${families})`,
  read: (rows) => rows.map((row) => row.gift as string).sort(),
};

/** Another module's yes or no per family. */
const agreed: FamiliesReadPart<boolean> = {
  select: (param, families) =>
    `select user_id from (values ('${BOB}'::uuid, ${param(2)}::int)) as a (user_id, version)
     where user_id = any(${families})`,
  read: (rows) => rows.length > 0,
};

/** A module that finds families by a code of its own, and its row as pg reads it (a date stays a date). */
const byCode: FamiliesFinder<{ user_id: string; joined: Date }> = {
  keyType: 'text',
  select: (keys) =>
    `select code as found_by, user_id, joined from (values
       ('ann-code', '${ANN}'::uuid, timestamptz '2026-12-01T10:00:00Z'),
       ('bob-code', '${BOB}'::uuid, timestamptz '2026-12-02T10:00:00Z')) as c (code, user_id, joined)
     where code = any(${keys})`,
  read: (row) => row as { user_id: string; joined: Date },
};

test('families found by another module’s key are read with every part in the same statement', async () => {
  const counting = countingDb(db);
  await findAndReadFamilies(counting.db, ['bob-code', 'ann-code'], byCode, { gifts, agreed });
  expect(counting.statements).toHaveLength(1);
});

test('each key gets its own family and rows, in the order asked; a key that finds none gets nothing', async () => {
  const read = await findAndReadFamilies(db, ['bob-code', 'nobody', 'ann-code'], byCode, { gifts, agreed });
  expect(read).toEqual([
    { found: { user_id: BOB, joined: new Date('2026-12-02T10:00:00Z') }, gifts: ['drum!'], agreed: true },
    undefined,
    {
      found: { user_id: ANN, joined: new Date('2026-12-01T10:00:00Z') },
      gifts: ['bike!', 'kite!'],
      agreed: false,
    },
  ]);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

test.skipIf(!postgresUrl)(
  'on Postgres a call’s read of its family is planned once per connection, not on every call',
  () =>
    onOneConnection(postgresUrl!, async (single) => {
      await single.exec(`create table phones (phone text primary key, user_id uuid not null);
        create table gifts (user_id uuid not null, gift text not null);
        create index on gifts (user_id);
        insert into phones select 'phone-' || i, gen_random_uuid() from generate_series(1, 2000) as i;
        insert into gifts select user_id, 'kite' from phones;
        analyze phones; analyze gifts;`);
      const byPhone: FamiliesFinder<{ user_id: string }> = {
        keyType: 'text',
        select: (keys) => `select phone as found_by, user_id from phones where phone = any(${keys})`,
        read: (row) => row as { user_id: string },
      };
      const kites: FamiliesReadPart<number> = {
        select: (_, families) => `select user_id from gifts where user_id = any(${families})`,
        read: (rows) => rows.length,
      };
      for (let call = 1; call <= 10; call += 1)
        expect(await findAndReadFamilies(single, [`phone-${call}`], byPhone, { kites })).toEqual([
          { found: { user_id: expect.any(String) }, kites: 1 },
        ]);

      const { rows } = await single.query<{ generic_plans: number; custom_plans: number }>(
        `select generic_plans, custom_plans from pg_prepared_statements where statement like 'with found as%'`,
      );
      // Postgres plans a prepared statement for its values the first five times, then keeps one
      // plan for any values if that plan is no dearer.
      expect(rows).toHaveLength(1);
      expect(rows[0]!.custom_plans).toBeLessThanOrEqual(5);
      expect(rows[0]!.generic_plans + rows[0]!.custom_plans).toBe(10);
    }),
);
