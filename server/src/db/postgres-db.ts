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

/** How long the app waits on Postgres before it gives up and answers 503 (docs/going-live.md, "Production settings"). */
export interface PostgresTimeouts {
  /** Waiting for a new connection (a partition or a full pool). */
  connectMs: number;
  /** One statement, enforced by Postgres and, for a silent network, by the client too. */
  statementMs: number;
  /** A transaction left open without a statement (a crashed request) is ended by Postgres. */
  idleInTransactionMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 8_000,
  idleInTransactionMs: 15_000,
};

export function createPostgresDb(
  connectionString: string,
  options: {
    max?: number;
    searchPath?: string;
    timeouts?: Partial<PostgresTimeouts>;
    /** A pooled connection that dies while idle (failover, pg_terminate_backend, a NAT timeout). */
    onIdleError?: (error: Error) => void;
  } = {},
): Db {
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts };
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // Postgres cannot time out a statement whose answer is lost on the network; the client can.
    query_timeout: timeouts.statementMs + 1_000,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Tests give each file its own schema.
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // Without a listener, an idle connection's error is an uncaught 'error' event that ends the
  // process; the pool has already dropped that connection and opens a new one when needed.
  pool.on('error', (error) => options.onIdleError?.(error));
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection that could not even roll back is destroyed, not handed to the next request.
        client.release(broken);
      }
    },
    async script(sql, params) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        // Several statements come back as one result each.
        const result = (await client.query(sql, params)) as pg.QueryResult | pg.QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
