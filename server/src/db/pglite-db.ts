import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { commitHooks, runNow } from './commit-hooks.ts';
import type { Db, NotificationListener, PreparedStatement, Queryable, QueryResult } from './db.ts';
import { countStatement } from './statements-sent.ts';

function wrap(target: PGlite | Transaction, afterCommit: Queryable['afterCommit']): Queryable {
  return {
    afterCommit,
    async query<T>(sql: string | PreparedStatement, params?: unknown[]): Promise<QueryResult<T>> {
      // One connection in this process: a statement is parsed per query, named or not.
      countStatement();
      const result = await target.query<T>(typeof sql === 'string' ? sql : sql.text, params);
      // PGlite reports affectedRows 0 for a SELECT; pg counts the rows returned.
      return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
    },
    async exec(sql: string) {
      countStatement();
      await target.exec(sql);
    },
  };
}

/** PGlite is one connection: its own transaction() serialises concurrent requests. */
export async function createPgliteDb(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ? { dataDir } : {});
  const base = wrap(pglite, runNow);
  const listening: NotificationListener[] = [];
  const db: Db = {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    afterCommit: base.afterCommit,
    async transaction(fn) {
      const hooks = commitHooks();
      countStatement(); // its BEGIN; its COMMIT or ROLLBACK below
      try {
        const result = await pglite.transaction((tx) => fn(wrap(tx, hooks.add)));
        hooks.committed();
        return result;
      } finally {
        countStatement();
      }
    },
    async script(sql, params) {
      countStatement();
      if (params && params.length > 0) return { rows: (await pglite.query(sql, params)).rows };
      try {
        return { rows: (await pglite.exec(sql)).at(-1)?.rows ?? [] };
      } catch (error) {
        // The one connection must not stay inside a failed BEGIN for every later request.
        await pglite.exec('rollback').catch(() => undefined);
        throw error;
      }
    },
    listen(channel, listener) {
      // The one connection hears what it notifies itself, after the notifying transaction commits.
      listening.push(listener);
      pglite
        .listen(channel, (payload) => listener.notified(payload))
        .then(
          () => listener.hearing(true),
          () => undefined,
        );
    },
    // One process writing its own files: there is no commit to defer to another connection.
    withDeferredCommits: () => db,
    // In the same process, opened when created: there is no connection to open.
    openConnections: async () => undefined,
    async close() {
      for (const listener of listening.splice(0)) listener.hearing(false);
      await pglite.close();
    },
  };
  return db;
}
