import { afterAll, beforeAll, expect, test } from 'vitest';
import { onOneConnection } from '../../test/fixtures/one-connection.ts';
import { openTestDb } from '../../test/test-db.ts';
import { preparedStatement, type Db } from './db.ts';

const FIND_BY_NAME = preparedStatement('test_find_by_name', 'select id, name from things where name = $1');

let db: Db;

beforeAll(async () => {
  db = await openTestDb();
  await db.exec(`create table things (id int primary key, name text not null);
    insert into things values (1, 'sleigh'), (2, 'reindeer');`);
});

afterAll(async () => {
  await db.close();
});

test('a prepared statement answers what the same SQL answers unprepared', async () => {
  expect((await db.query(FIND_BY_NAME, ['sleigh'])).rows).toEqual([{ id: 1, name: 'sleigh' }]);
  expect((await db.query(FIND_BY_NAME, ['reindeer'])).rows).toEqual(
    (await db.query(FIND_BY_NAME.text, ['reindeer'])).rows,
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;

test.skipIf(!postgresUrl)(
  'on Postgres a connection prepares the statement once and keeps it across a migration adding a column',
  () =>
    onOneConnection(postgresUrl!, async (single) => {
      await single.exec(`create table things (id int primary key, name text not null);
        insert into things values (1, 'sleigh');`);
      await single.query(FIND_BY_NAME, ['sleigh']);
      await single.query(FIND_BY_NAME, ['sleigh']);
      const { rows } = await single.query<{ name: string }>('select name from pg_prepared_statements');
      expect(rows.map((row) => row.name)).toEqual([FIND_BY_NAME.name]);

      await single.exec(`alter table things add column colour text default 'red'`);
      expect((await single.query(FIND_BY_NAME, ['sleigh'])).rows).toEqual([{ id: 1, name: 'sleigh' }]);
    }),
);

test.skipIf(!postgresUrl)(
  'on Postgres every statement with parameters is prepared, and a `select *` prepared before a migration added a column is prepared afresh',
  () =>
    onOneConnection(postgresUrl!, async (single, admin, schema) => {
      const everything = 'select * from things where id = $1';
      await single.exec(`create table things (id int primary key, name text not null);
        insert into things values (1, 'sleigh');`);
      expect((await single.query(everything, [1])).rows).toEqual([{ id: 1, name: 'sleigh' }]);
      const { rows } = await single.query<{ statement: string }>(
        'select statement from pg_prepared_statements',
      );
      expect(rows.map((row) => row.statement)).toEqual([everything]);

      // A newer replica migrates while this one keeps its prepared statement.
      await admin.query(`alter table ${schema}.things add column colour text default 'red'`);
      expect((await single.query(everything, [1])).rows).toEqual([{ id: 1, name: 'sleigh', colour: 'red' }]);
      // Inside a transaction the statement fails once, and the connection is not reused after it.
      await admin.query(`alter table ${schema}.things add column size text default 'big'`);
      await expect(single.transaction((tx) => tx.query(everything, [1]))).rejects.toThrow(/cached plan/);
      expect((await single.query(everything, [1])).rows).toEqual([
        { id: 1, name: 'sleigh', colour: 'red', size: 'big' },
      ]);
    }),
);
