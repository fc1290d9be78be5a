import pg from 'pg';
import type { Db, PreparedStatement, Queryable, QueryResult } from './db.ts';

// Return bigint counts and numerics as JS numbers: our values (minutes, cents) fit easily.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string | PreparedStatement, params?: unknown[]): Promise<QueryResult<T>> {
      // node-postgres prepares a named statement once per connection and reuses it after.
      const result = await client.query(
        typeof sql === 'string' ? sql : { name: sql.name, text: sql.text },
        params,
      );
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export function createPostgresDb(
  connectionString: string,
  options: { max?: number; searchPath?: string } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    // Tests give each file its own schema.
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
