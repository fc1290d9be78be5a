/**
 * Autovacuum's part on Christmas Eve, for a Postgres that runs without it (this machine's does).
 * A production database checks its tables every minute and analyzes one once a tenth of it has
 * changed since the last time (and at least 50 rows), and vacuums it once a fifth of it is dead
 * (Postgres's defaults). Without that, the planner keeps believing the call tables are as empty
 * as when the bench began: it plans full scans of them, each costlier as they grow, and the later
 * steps measure a database only a bench could produce.
 */
import { createPostgresDb } from '../src/db/postgres-db.ts';

/** Postgres's autovacuum_naptime, analyze and vacuum thresholds and scale factors, by default. */
const EVERY_MS = 60_000;
const THRESHOLD_ROWS = 50;
const ANALYZE_SHARE = 0.1;
const VACUUM_SHARE = 0.2;

export interface AutovacuumStandIn {
  /** Whether this Postgres needed one (its autovacuum is off). */
  running: boolean;
  /** Tables analyzed and vacuumed so far. */
  done: { analyzed: number; vacuumed: number };
  stop(): Promise<void>;
}

/** Does what autovacuum would to the tables of `schemas`, every minute, while this Postgres has it off. */
export async function standInForAutovacuum(
  databaseUrl: string,
  schemas: string[],
  everyMs = EVERY_MS,
): Promise<AutovacuumStandIn> {
  const db = createPostgresDb(databaseUrl, { max: 1, timeouts: { statementMs: 300_000 } });
  const { rows } = await db.query<{ autovacuum: string }>('show autovacuum');
  const done = { analyzed: 0, vacuumed: 0 };
  if (rows[0]?.autovacuum === 'on') {
    await db.close();
    return { running: false, done, stop: async () => {} };
  }

  async function pass(): Promise<void> {
    const { rows: tables } = await db.query<{ name: string; analyze: boolean; vacuum: boolean }>(
      `select format('%I.%I', schemaname, relname) as name,
              n_mod_since_analyze > $2::int + $3::float8 * n_live_tup as analyze,
              n_dead_tup > $2::int + $4::float8 * n_live_tup as vacuum
       from pg_stat_user_tables where schemaname = any($1::text[])`,
      [schemas, THRESHOLD_ROWS, ANALYZE_SHARE, VACUUM_SHARE],
    );
    for (const table of tables.filter((candidate) => candidate.analyze || candidate.vacuum)) {
      // A bench may drop its schema meanwhile: that table is simply gone.
      await db
        .exec(`${table.vacuum ? 'vacuum (analyze)' : 'analyze'} ${table.name}`)
        .then(() => {
          done.analyzed += 1;
          if (table.vacuum) done.vacuumed += 1;
        })
        .catch(() => {});
    }
  }

  let lastPass = Promise.resolve();
  const timer = setInterval(() => {
    lastPass = lastPass.then(pass).catch((error: unknown) => console.error('autovacuum stand-in:', error));
  }, everyMs);
  return {
    running: true,
    done,
    async stop() {
      clearInterval(timer);
      await lastPass;
      await db.close();
    },
  };
}
