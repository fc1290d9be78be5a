import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, PreparedStatement, Queryable, QueryResult } from './db.ts';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string | PreparedStatement, params?: unknown[]): Promise<QueryResult<T>> {
      // One connection in this process: a statement is parsed per query, named or not.
      const result = await target.query<T>(typeof sql === 'string' ? sql : sql.text, params);
      // PGlite reports affectedRows 0 for a SELECT; pg counts the rows returned.
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** PGlite is one connection: its own transaction() serialises concurrent requests. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async script(sql, params) {
      if (params && params.length > 0) return { rows: (await pglite.query(sql, params)).rows };
      try {
        return { rows: (await pglite.exec(sql)).at(-1)?.rows ?? [] };
      } catch (error) {
        // The one connection must not stay inside a failed BEGIN for every later request.
        await pglite.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
    async close() {
      await pglite.close();
    },
  };
}
