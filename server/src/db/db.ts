/** One database interface over node-postgres and PGlite. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/**
 * A statement every ringing call runs: on Postgres each pooled connection parses and plans it once
 * and then only binds parameters. For a batch of five calls that cut the registration insert from
 * about 0.75 to 0.5 ms of database time. List its columns, never `*`: a migration that adds a
 * column must not change the result type of a statement a running server has prepared, which
 * Postgres refuses ("cached plan must not change result type").
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export function preparedStatement(name: string, text: string): PreparedStatement {
  return { name, text };
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string | PreparedStatement,
    params?: unknown[],
  ): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `fn` once what was written through this is committed: at once on the database itself,
   * whose statements commit as they run; after COMMIT in a transaction, and never if it rolls back.
   * `fn` must not throw: the transaction is already committed.
   */
  afterCommit(fn: () => void): void;
}

/** What hears a channel's notifications (Postgres LISTEN/NOTIFY). */
export interface NotificationListener {
  notified(payload: string): void;
  /**
   * True once every notification sent from now on will be heard; false when some may be missed
   * (the listening connection was lost, or the database closed) until it is true again.
   */
  hearing(on: boolean): void;
}

export interface Db extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction; commits when it resolves, rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Runs SQL that may hold several statements and its own BEGIN/COMMIT on one connection, and
   * returns the last statement's rows. The job queue library speaks this way; a transaction its
   * text leaves open on failure is rolled back before the connection serves anyone else.
   */
  script(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * The same database, on connections whose commits do not wait for the disk (Postgres
   * `synchronous_commit = off`; decision 0042): for work a queue retries whole, whose completion is
   * committed after it. A crash can then lose its last writes only together with that completion,
   * and the work runs again. Never for a webhook's writes: its answer promises they are kept.
   * A service that does such work takes it when it is built; closing it closes both.
   */
  withDeferredCommits(): Db;
  /**
   * Opens the connections requests use, each having read the catalog of the app's tables, so the
   * first callers after a replica starts do not wait for new Postgres processes (decision 0049).
   * PGlite has nothing to open.
   */
  openConnections(): Promise<void>;
  /** Hears `channel` (a plain lowercase name) until the database is closed. */
  listen(channel: string, listener: NotificationListener): void;
  /** Closes the connections, listening ones too. */
  close(): Promise<void>;
}

/** Postgres error code of a unique violation, identical on PGlite. */
export const UNIQUE_VIOLATION = '23505';

/** Postgres error code of a foreign key violation: the row referred to is gone. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** A database error of `code`, raised by `constraint` when one is named. */
function isViolation(error: unknown, code: string, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: string; constraint?: string };
  return e.code === code && (constraint === undefined || e.constraint === constraint);
}

/** The row `constraint` refers to was gone (deleted a moment before, by another request). */
export const isForeignKeyViolation = (error: unknown, constraint: string): boolean =>
  isViolation(error, FOREIGN_KEY_VIOLATION, constraint);

export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  isViolation(error, UNIQUE_VIOLATION, constraint);
