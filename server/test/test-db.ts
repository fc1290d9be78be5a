import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/db.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPgliteDb } from '../src/db/pglite-db.ts';
import { createPostgresDb } from '../src/db/postgres-db.ts';

const schemas = new WeakMap<Db, string>();

/** The Postgres schema a test database lives in (undefined on PGlite). */
export function testSchemaOf(db: Db): string | undefined {
  return schemas.get(db);
}

/**
 * A migrated database for one test file: in-memory PGlite by default, or a fresh schema on the
 * Postgres at TEST_DATABASE_URL (CI runs the API tests both ways).
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await createPgliteDb();
    await migrate(db);
    return db;
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createPostgresDb(url, { searchPath: schema, max: 30 });
  await migrate(db);
  const testDb: Db = {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      // The job queue keeps its tables in a schema of its own.
      await cleanup.query(`drop schema if exists ${schema}_jobs cascade`);
      await cleanup.query(`drop schema if exists ${schema}_batch cascade`);
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
  schemas.set(testDb, schema);
  return testDb;
}
