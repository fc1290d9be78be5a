/**
 * `npm run bench`: throughput and p99 of real routes beside a bare Express route served by the
 * same process in the same run, on Postgres when DATABASE_URL is set, else in-memory PGlite.
 */
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import express from 'express';
import { pino } from 'pino';
import { createApp, createServices } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDb } from '../src/db/open-db.ts';
import { createProviders } from '../src/providers/providers.ts';
import { loadSandboxSecrets } from '../src/providers/sandbox-secrets.ts';
import { benchInbound } from './inbound.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Figures {
  name: string;
  requestsPerSecond: number;
  p99: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up so JIT and pools are hot before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const databaseUrl =
  process.env.DATABASE_URL && !process.env.DATABASE_URL.startsWith('memory')
    ? process.env.DATABASE_URL
    : 'memory://';
const config = parseConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PORT: '0' });
const db = await openDb(config.databaseUrl, config.dataDir);
if (databaseUrl.startsWith('postgres')) {
  // A clean slate so repeated runs measure the same thing.
  await db.exec('drop schema if exists bench cascade; create schema bench;');
  await db.close();
}
const benchDb = databaseUrl.startsWith('postgres')
  ? (await import('../src/db/postgres-db.ts')).createPostgresDb(databaseUrl, { searchPath: 'bench', max: 20 })
  : db;
await migrate(benchDb);

const logger = pino({ level: 'silent' });
const providers = createProviders({ config, db: benchDb, sandboxSecrets: loadSandboxSecrets() });
const deps = { config, db: benchDb, logger, providers, bcryptCost: 4 };
const services = createServices(deps);
const app = createApp(deps, services);
// The baseline: the cheapest possible Express answer, in the same process as the real routes.
const bare = express();
bare.get('/bench/bare', (_req, res) => {
  res.json({ ok: true });
});

const server = app.listen(0);
const bareServer = bare.listen(0);
await Promise.all([server, bareServer].map((s) => new Promise((resolve) => s.once('listening', resolve))));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const bareBase = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;

const signedIn = await services.auth.register({
  email: 'bench@example.com',
  password: 'bench-password-1',
  name: 'Bench',
});
const cookie = { cookie: `session_token=${signedIn.sessionToken}` };

const results: Figures[] = [];
results.push(await measure('bare Express route', `${bareBase}/bench/bare`));
results.push(await measure('GET /api/auth/me (valid session)', `${base}/api/auth/me`, cookie));
results.push(
  await benchInbound({
    base,
    db: benchDb,
    providers,
    publicUrl: config.publicUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
  }),
);

const baseline = results[0]!;
console.log(`\nDatabase: ${benchDb.kind}; ${CONNECTIONS} connections; ${DURATION_S}s per route\n`);
console.log(
  'route'.padEnd(48),
  'req/s'.padStart(10),
  'p99 ms'.padStart(8),
  'ratio'.padStart(7),
  'errors'.padStart(7),
);
for (const r of results) {
  const ratio = r.requestsPerSecond / baseline.requestsPerSecond;
  console.log(
    r.name.padEnd(48),
    r.requestsPerSecond.toFixed(0).padStart(10),
    r.p99.toFixed(1).padStart(8),
    `${(ratio * 100).toFixed(0)}%`.padStart(7),
    String(r.errors).padStart(7),
  );
}
console.log(
  '\nTargets: /api/auth/me ≥ 60% of bare and p99 ≤ 10 ms on Postgres; inbound webhook ≥ 30% and p99 ≤ 20 ms.',
);

server.close();
bareServer.close();
await benchDb.close();
process.exit(0);
