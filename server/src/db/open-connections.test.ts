import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openTestDb, testSchemaOf } from '../../test/test-db.ts';
import type { Db } from './db.ts';
import { createPostgresDb } from './postgres-db.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
let db: Db;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

/** The Postgres processes serving connections that name themselves `name`, with their last statement. */
async function backendsOf(name: string): Promise<{ pid: number; state: string; query: string }[]> {
  const { rows } = await db.query<{ pid: number; state: string; query: string }>(
    'select pid, state, query from pg_stat_activity where application_name = $1',
    [name],
  );
  return rows;
}

/** A replica's database on the test's schema, its connections named apart from every other test's. */
function replicaDb(max: number): { replica: Db; name: string } {
  const name = `open-connections-${randomUUID()}`;
  const replica = createPostgresDb(postgresUrl!, {
    searchPath: testSchemaOf(db),
    max,
    applicationName: name,
  });
  return { replica, name };
}

test.skipIf(!postgresUrl)(
  'a replica about to take calls opens every connection of its pool, each having read the catalog',
  async () => {
    const { replica, name } = replicaDb(3);
    try {
      await replica.openConnections();
      const backends = await backendsOf(name);
      expect(backends).toHaveLength(3);
      for (const backend of backends) {
        expect(backend.state).toBe('idle');
        expect(backend.query).toContain('pg_class');
      }
    } finally {
      await replica.close();
    }
  },
);

test.skipIf(!postgresUrl)('the first calls are served by the connections opened for them', async () => {
  const { replica, name } = replicaDb(3);
  try {
    await replica.openConnections();
    const opened = (await backendsOf(name)).map((b) => b.pid).sort();
    await Promise.all([1, 2, 3].map((n) => replica.query('select $1::int as n', [n])));
    expect((await backendsOf(name)).map((b) => b.pid).sort()).toEqual(opened);
  } finally {
    await replica.close();
  }
});

test.skipIf(!postgresUrl)('a replica whose database refuses its connections is told why', async () => {
  const unreachable = new URL(postgresUrl!);
  unreachable.pathname = `/no_such_database_${randomUUID().slice(0, 8)}`;
  const replica = createPostgresDb(unreachable.toString(), { max: 2 });
  try {
    await expect(replica.openConnections()).rejects.toThrow(/does not exist/);
  } finally {
    await replica.close();
  }
});

test.skipIf(!!postgresUrl)('on the embedded database there is nothing to open', async () => {
  await expect(db.openConnections()).resolves.toBeUndefined();
});
