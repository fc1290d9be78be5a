import { createHash } from 'node:crypto';
import pg from 'pg';
import { openConnections } from './open-connections.ts';
import type { Db, NotificationListener, PreparedStatement, Queryable, QueryResult } from './db.ts';
import { commitHooks, runNow } from './commit-hooks.ts';
import { listenOnPostgres, type Listening } from './postgres-listener.ts';
import { countStatement } from './statements-sent.ts';

// Return bigint counts and numerics as JS numbers: our values (minutes, cents) fit easily.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/**
 * Every statement with parameters is prepared once per connection, named for its text: Postgres
 * then parses and plans it once rather than on every call, which was most of what a call's simple
 * statements cost it (npm run bench:christmas). Statements without parameters stay unnamed (a
 * script of several statements cannot be prepared).
 */
function asPrepared(sql: string | PreparedStatement, params: unknown[] | undefined): pg.QueryConfig {
  if (typeof sql !== 'string') return { name: sql.name, text: sql.text, values: params };
  if (!params || params.length === 0) return { text: sql, values: params };
  return { name: statementName(sql), text: sql, values: params };
}

/** The app's statements are a few hundred texts: each is hashed once, not on every call. */
const statementNames = new Map<string, string>();
const MAX_REMEMBERED_NAMES = 5_000;

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(sql).digest('base64url')}`;
    // Statements built with a varying number of placeholders must not grow this without end.
    if (statementNames.size >= MAX_REMEMBERED_NAMES) statementNames.clear();
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A prepared `select *` whose table gained a column (a newer replica migrated it during a rolling
 * deploy) is refused by Postgres; its connection is dropped so the next one prepares it afresh.
 */
export function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

function rowsOf<T>(result: pg.QueryResult): QueryResult<T> {
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

/** What sends statements: a pooled connection, or the pool on any of its connections. */
interface Sender {
  query(query: string | pg.QueryConfig): Promise<pg.QueryResult>;
}

/** Every statement of the app and of its job queue leaves through here, and is counted. */
function send(sender: Sender, query: string | pg.QueryConfig): Promise<pg.QueryResult> {
  countStatement();
  return sender.query(query);
}

function wrap(client: pg.PoolClient, afterCommit: Queryable['afterCommit']): Queryable {
  return {
    afterCommit,
    async query<T>(sql: string | PreparedStatement, params?: unknown[]): Promise<QueryResult<T>> {
      return rowsOf<T>(await send(client, asPrepared(sql, params)));
    },
    async exec(sql: string) {
      await send(client, sql);
    },
  };
}

const reported = () => undefined;

/**
 * A pooled connection for one piece of work. A connection that dies while it is checked out
 * emits 'error' besides failing its statement, and the pool listens only to its idle ones: the
 * statement's rejection reports it, so the event must not end the process (a transaction between
 * two statements when Postgres restarted did, test/postgres-faults.test.ts).
 */
async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  client.on('error', reported);
  const release = client.release;
  client.release = (broken?: Error | boolean) => {
    client.removeListener('error', reported);
    release(broken);
  };
  return client;
}

/** One statement on any pooled connection; a stale prepared plan is prepared again on a fresh one. */
async function queryOnPool<T>(
  pool: pg.Pool,
  sql: string | PreparedStatement,
  params?: unknown[],
): Promise<QueryResult<T>> {
  const client = await checkOut(pool);
  try {
    const result = await send(client, asPrepared(sql, params));
    client.release();
    return rowsOf<T>(result);
  } catch (error) {
    // As the pool's own query does: a connection that failed a statement is not reused.
    client.release(error as Error);
    if (isStalePlan(error)) return rowsOf<T>(await send(pool, asPrepared(sql, params)));
    throw error;
  }
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

/** A listening connection answers every 5 s or is opened again; revocations wait on it (decision 0004). */
const LISTEN_HEARTBEAT_MS = 5_000;
const LISTEN_RETRY_MS = 1_000;
/**
 * The after-call jobs run a batch of up to a hundred side by side, apart from the webhooks' pool.
 * With five connections a batch queued for them, and summaries waited p99 4.4 s to start at 100
 * calls a second (npm run bench:christmas); with ten, 0.8 s.
 */
const DEFERRED_MAX = 10;

export interface PostgresOptions {
  max?: number;
  /** How the connections name themselves in pg_stat_activity. */
  applicationName?: string;
  /** The connections kept for work whose commits do not wait for the disk (Db.withDeferredCommits). */
  deferredMax?: number;
  searchPath?: string;
  timeouts?: Partial<PostgresTimeouts>;
  /** A pooled connection that dies while idle (failover, pg_terminate_backend, a NAT timeout). */
  onIdleError?: (error: Error) => void;
  /** A listening connection that was lost, or stopped answering (it is opened again). */
  onListenerLost?: (error: Error) => void;
}

/**
 * How long a pooled connection may sit unused before it is closed. node-postgres closes one after
 * ten seconds, and a replica under steady load still leaves its least used connections idle that
 * long, then opens new ones at the next burst: 20 in a 30-second step at 50 calls a second
 * across two replicas (npm run bench:christmas), each a new Postgres process that reads its catalogs and
 * prepares and plans every statement again (a ringing call's first read on a new connection is
 * planned in 7 ms instead of under 1).
 */
const IDLE_CONNECTION_KEPT_MS = 5 * 60_000;

const POOL_MAX = 20;
const APPLICATION_NAME = 'santa-calls';

function openPool(
  connectionString: string,
  options: PostgresOptions,
  timeouts: PostgresTimeouts,
  deferred = false,
): pg.Pool {
  const settings = [
    // Tests give each file its own schema.
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ...(deferred ? ['-c synchronous_commit=off'] : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max: deferred ? (options.deferredMax ?? DEFERRED_MAX) : (options.max ?? POOL_MAX),
    application_name: options.applicationName ?? APPLICATION_NAME,
    connectionTimeoutMillis: timeouts.connectMs,
    idleTimeoutMillis: IDLE_CONNECTION_KEPT_MS,
    statement_timeout: timeouts.statementMs,
    // Postgres cannot time out a statement whose answer is lost on the network; the client can.
    query_timeout: timeouts.statementMs + 1_000,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    ...(settings.length > 0 ? { options: settings.join(' ') } : {}),
  });
  // Without a listener, an idle connection's error is an uncaught 'error' event that ends the
  // process; the pool has already dropped that connection and opens a new one when needed.
  pool.on('error', (error) => options.onIdleError?.(error));
  return pool;
}

export function createPostgresDb(connectionString: string, options: PostgresOptions = {}): Db {
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts };
  const pool = openPool(connectionString, options, timeouts);
  // Opened on first use: only a replica that works the after-call jobs needs it.
  let deferredPool: pg.Pool | undefined;
  const listening: Listening[] = [];
  const database = {
    listen(channel: string, listener: NotificationListener) {
      const connection = { connectionString, connectionTimeoutMillis: timeouts.connectMs };
      listening.push(
        listenOnPostgres(connection, channel, listener, {
          heartbeatMs: LISTEN_HEARTBEAT_MS,
          retryMs: LISTEN_RETRY_MS,
          onLost: (error) => options.onListenerLost?.(error),
          probe: (payload) => queryOnPool(pool, 'select pg_notify($1, $2)', [channel, payload]),
        }),
      );
    },
    openConnections: () => openConnections(options.max ?? POOL_MAX, () => checkOut(pool)),
    async close() {
      await Promise.all(listening.splice(0).map((l) => l.close()));
      await Promise.all([pool.end(), deferredPool?.end()]);
    },
  };
  const deferred: Db = {
    ...onPool(() => (deferredPool ??= openPool(connectionString, options, timeouts, true))),
    ...database,
    withDeferredCommits: () => deferred,
  };
  return { ...onPool(() => pool), ...database, withDeferredCommits: () => deferred };
}

/** `fn` between BEGIN and COMMIT on one pooled connection; rolled back when it throws. */
async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkOut(pool);
  let broken: Error | undefined;
  try {
    await send(client, 'begin');
    const result = await fn(client);
    await send(client, 'commit');
    return result;
  } catch (error) {
    await send(client, 'rollback').catch((rollbackError: Error) => (broken = rollbackError));
    if (isStalePlan(error)) broken = error as Error;
    throw error;
  } finally {
    // A connection that could not even roll back (or holds a stale plan) is destroyed, not
    // handed to the next request.
    client.release(broken);
  }
}

/**
 * The statements of a Db on one of its pools. Which pool is chosen when the Db is built, not per
 * statement from the caller's async context: an AsyncLocalStorage did that, and on Node 20 it
 * switched promise hooks on for the whole process from the first after-call job on, a cost every
 * webhook's every await paid (0.2 ms of a call's 12 ms in a replica, bench:christmas at 50/s).
 */
function onPool(
  poolNow: () => pg.Pool,
): Omit<Db, 'listen' | 'close' | 'withDeferredCommits' | 'openConnections'> {
  return {
    kind: 'postgres',
    query: (sql, params) => queryOnPool(poolNow(), sql, params),
    afterCommit: runNow,
    async exec(sql: string) {
      await send(poolNow(), sql);
    },
    async transaction(fn) {
      const hooks = commitHooks();
      const result = await inTransaction(poolNow(), (client) => fn(wrap(client, hooks.add)));
      // After the connection is back in the pool: the work waiting on the commit cannot undo it.
      hooks.committed();
      return result;
    },
    async script(sql, params) {
      const client = await checkOut(poolNow());
      let broken: Error | undefined;
      try {
        // Several statements come back as one result each.
        const result = (await send(client, asPrepared(sql, params))) as pg.QueryResult | pg.QueryResult[];
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      } catch (error) {
        await send(client, 'rollback').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}
