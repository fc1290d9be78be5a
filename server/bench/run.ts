/**
 * `npm run bench`: throughput and p99 of real routes beside a bare Express route served by the
 * same process in the same run, on Postgres when DATABASE_URL is set, else in-memory PGlite.
 */
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import inspector from 'node:inspector/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { pino } from 'pino';
import { createApp } from '../src/app.ts';
import { createServices } from '../src/services.ts';
import { parseConfig } from '../src/config.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { migrate } from '../src/db/migrate.ts';
import { openDb } from '../src/db/open-db.ts';
import { createProviders } from '../src/providers/providers.ts';
import { loadSandboxSecrets } from '../src/providers/sandbox-secrets.ts';
import { cpuSnapshot, cpuSpentSince } from './cpu-time.ts';
import { hangUpCallsContinuously, inboundLoad, PROFILES, vacuumCallTables } from './inbound.ts';
import type { FixedLoad, InboundLoad, LoadJob, LoadMessage, LoadResult } from './load.ts';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);

interface Figures extends LoadResult {
  name: string;
  /** CPU time per request (bench/cpu-time.ts): the server's, local Postgres's, the whole machine's. */
  cpuPerRequest: { server: number; database: number | null; machine: number | null };
}

/** Runs one load in its own process (bench/load.ts) so the server keeps its core to itself. */
async function measure(
  name: string,
  load: FixedLoad | InboundLoad,
  connections = CONNECTIONS,
): Promise<Figures> {
  const job: LoadJob = { ...load, connections, duration: DURATION_S };
  const child = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
  });
  const stopProfiling = await startProfiling(`${name} ${connections} conn`);
  let cpuAtStart = cpuSnapshot();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    child.on('message', (message: LoadMessage) => {
      if (message === 'measuring') cpuAtStart = cpuSnapshot();
      else resolve(message);
    });
    child.once('exit', (code) => reject(new Error(`load generator exited with ${code}`)));
    child.send(job);
  });
  const cpu = cpuSpentSince(cpuAtStart);
  await stopProfiling();
  const perRequest = (micros: number | null) =>
    micros === null ? null : micros / Math.max(1, result.requests);
  return {
    name,
    ...result,
    cpuPerRequest: {
      server: perRequest(cpu.server)!,
      database: perRequest(cpu.database),
      machine: perRequest(cpu.machine),
    },
  };
}

/** BENCH_PROFILE=dir writes the server's CPU profile of each route there (open in DevTools). */
async function startProfiling(name: string): Promise<() => Promise<void>> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return async () => undefined;
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

const databaseUrl =
  process.env.DATABASE_URL && !process.env.DATABASE_URL.startsWith('memory')
    ? process.env.DATABASE_URL
    : 'memory://';
// The bench measures the app, not an ElevenLabs plan: no caller is turned away as "lines busy".
const config = parseConfig({
  MAX_CONCURRENT_CALLS: '1000000',
  ...process.env,
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
  PORT: '0',
});
const db = await openDb(config.databaseUrl, config.dataDir);
if (databaseUrl.startsWith('postgres')) {
  // A clean slate so repeated runs measure the same thing.
  await db.exec(
    'drop schema if exists bench cascade; drop schema if exists bench_jobs cascade; create schema bench;',
  );
  await db.close();
}
const benchDb = databaseUrl.startsWith('postgres')
  ? (await import('../src/db/postgres-db.ts')).createPostgresDb(databaseUrl, { searchPath: 'bench', max: 10 })
  : db;
await migrate(benchDb);

const logger = pino({ level: 'silent' });
const sandboxSecrets = loadSandboxSecrets();
const providers = createProviders({ config, db: benchDb, sandboxSecrets });
const jobs = createJobQueue(benchDb, logger, { schema: 'bench_jobs' });
await jobs.start();
const deps = { config, db: benchDb, logger, providers, jobs, bcryptCost: 4 };
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

/**
 * A family as a parent's dashboard finds it on Christmas Eve: a child, a 12-month pass and three
 * summarised calls. Its session polls the dashboard's two reads (npm run bench:christmas polls the
 * same two every 5 s per parent).
 */
async function dashboardFamily(): Promise<Record<string, string>> {
  const parent = await services.auth.register({
    email: 'bench-dashboard@example.com',
    password: 'bench-password-1',
    name: 'Dashboard',
  });
  const userId = parent.user.id;
  await benchDb.query(
    `insert into kid_profiles (user_id, parent_phone, kid_name, age, wish_list)
     values ($1, '+14155550999', 'Kid', 7, 'a red bike')`,
    [userId],
  );
  await benchDb.query(
    `insert into subscriptions (user_id, plan, status, seconds_limit, seconds_used, stripe_subscription_id, current_period_end)
     values ($1, 'subscription_12month', 'active', 43200, 450, 'sub_bench_dashboard', now() + interval '300 days')`,
    [userId],
  );
  await benchDb.query(
    `insert into calls (user_id, child_id, phone_number, duration, transcript, summary, created_at)
     select $1, (select first_child_id from kid_profiles where user_id = $1), '+14155550999', 150,
            'Santa: Ho ho ho! Child: I want a red bike.', 'Asked for a red bike.', now() - n * interval '1 hour'
     from generate_series(1, 3) as n`,
    [userId],
  );
  return { cookie: `session_token=${parent.sessionToken}` };
}

// BENCH_ONLY=me, dashboard or inbound measures those routes (the bare baseline always runs).
const only = process.env.BENCH_ONLY;
const routes: { name: string; load: FixedLoad | InboundLoad }[] = [
  { name: 'bare Express route', load: { kind: 'fixed', url: `${bareBase}/bench/bare`, headers: {} } },
];
if (!only || only === 'me') {
  routes.push({
    name: 'GET /api/auth/me (valid session)',
    load: { kind: 'fixed', url: `${base}/api/auth/me`, headers: cookie },
  });
}
if (!only || only === 'dashboard') {
  const parent = await dashboardFamily();
  for (const route of ['/api/subscription/status', '/api/calls/history'])
    routes.push({
      name: `GET ${route} (a family with 3 calls)`,
      load: { kind: 'fixed', url: `${base}${route}`, headers: parent },
    });
}
if (!only || only === 'inbound') {
  routes.push({
    name: `POST /api/voice/twilio/inbound (${PROFILES} profiles)`,
    load: await inboundLoad({
      base,
      db: benchDb,
      publicUrl: config.publicUrl,
      twilioAuthToken: sandboxSecrets.twilioAuthToken,
      hotline: providers.telephony.hotlineNumber,
    }),
  });
}

// This machine's speed drifts from minute to minute (shared vCPUs), so the routes take turns over
// several rounds and each route reports its median round.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
async function measureRoute(route: (typeof routes)[number], connections?: number): Promise<Figures> {
  if (route.load.kind === 'inbound') await vacuumCallTables(benchDb);
  const hangUps = route.load.kind === 'inbound' ? hangUpCallsContinuously(benchDb) : undefined;
  try {
    return await measure(route.name, route.load, connections);
  } finally {
    await hangUps?.();
  }
}
const rounds: Figures[][] = routes.map(() => []);
for (let round = 0; round < ROUNDS; round += 1) {
  for (const [i, route] of routes.entries()) rounds[i]!.push(await measureRoute(route));
}
const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const median = (runs: Figures[]) => {
  const rps = middle(runs.map((run) => run.requestsPerSecond));
  return runs.find((run) => run.requestsPerSecond === rps)!;
};
// Each round measures the bare route just before the others, so a round's ratio is fair even when
// the machine's speed drifts between rounds; the table gives the median of those ratios.
const loaded = rounds.map(median);
const loadedRatios = rounds.map((runs) =>
  middle(runs.map((run, round) => run.requestsPerSecond / rounds[0]![round]!.requestsPerSecond)),
);
// One caller at a time: the time a request takes when it does not queue behind 49 others.
const alone: Figures[] = [];
for (const route of routes) alone.push(await measureRoute(route, 1));

function printTable(title: string, results: Figures[], ratios?: number[]) {
  const baseline = results[0]!;
  console.log(`\n${title}\n`);
  console.log(
    'route'.padEnd(48),
    'req/s'.padStart(10),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'ratio'.padStart(7),
    'errors'.padStart(7),
    'CPU µs/req: server'.padStart(19),
    'db'.padStart(6),
    'machine'.padStart(8),
  );
  const micros = (value: number | null, width: number) =>
    (value === null ? '–' : value.toFixed(0)).padStart(width);
  for (const [i, r] of results.entries()) {
    const ratio = ratios?.[i] ?? r.requestsPerSecond / baseline.requestsPerSecond;
    console.log(
      r.name.padEnd(48),
      r.requestsPerSecond.toFixed(0).padStart(10),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      `${(ratio * 100).toFixed(0)}%`.padStart(7),
      String(r.errors).padStart(7),
      micros(r.cpuPerRequest.server, 19),
      micros(r.cpuPerRequest.database, 6),
      micros(r.cpuPerRequest.machine, 8),
    );
  }
}

console.log(
  `\nDatabase: ${benchDb.kind}; ${DURATION_S}s per run; ${cpus().length} CPUs shared by server, load and database`,
);
printTable(`${CONNECTIONS} concurrent connections (median of ${ROUNDS} rounds)`, loaded, loadedRatios);
printTable('1 connection (no queueing)', alone);
// The whole bench process: the app, the bench's 10 000 seeded families and their numbers.
console.log(`\nServer memory: peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
console.log(
  '\nTargets at 50 connections on Postgres: /api/auth/me ≥ 60% of bare, p99 ≤ 10 ms; inbound webhook ≥ 30%, p99 ≤ 20 ms.',
);

server.close();
bareServer.close();
await jobs.stop();
await benchDb.close();
process.exit(0);
