import path from 'node:path';
import type { Db } from './db.ts';
import { createPgliteDb } from './pglite-db.ts';
import { createPostgresDb, type PostgresOptions } from './postgres-db.ts';

/** DATABASE_URL unset → PGlite files in DATA_DIR/pglite; memory:// → in-memory PGlite. */
export async function openDb(
  databaseUrl: string | undefined,
  dataDir: string,
  postgres: PostgresOptions = {},
): Promise<Db> {
  if (!databaseUrl) return createPgliteDb(path.join(dataDir, 'pglite'));
  if (databaseUrl.startsWith('memory://')) return createPgliteDb();
  return createPostgresDb(databaseUrl, postgres);
}
