/**
 * npm run bench:christmas — Christmas Eve on this machine: two app processes on one Postgres,
 * 10 000 families, whole call lifecycles at a rising rate while parents poll their dashboards.
 * Prints capacity as callers feel it: the highest rate held for a whole step with no error, inbound
 * p99 within 250 ms and post-call p99 within 1 s (and, beside it, the highest with no error at
 * all); webhook p50/p99 per route; per lifecycle the CPU of both replicas and of Postgres, the SQL
 * statements the replicas sent (their santa_db_statements_total) and the database transactions;
 * jobs per call, the summary job's lag (over the run and for each step's
 * calls), the processes' memory; and checks
 * the call-time ledger (in seconds) exactly. The last line is the run as JSON, which
 * `npm run bench:christmas:compare` reads.
 *
 * The replicas run the bundle production runs (dist/main.js, built first) with the Node options
 * the image sets (the Dockerfile's NODE_OPTIONS: the heap's size shapes its peak RSS). The first
 * rate is run once as a warm-up before the measured steps: its figures are printed as the cold
 * start (new Postgres connections, each preparing its statements, and JIT) and count for no
 * capacity, since on Christmas Eve the replicas have been up for hours.
 *
 * Settings: BENCH_DATABASE_URL (default the local test Postgres), BENCH_STEP_SECONDS (60),
 * BENCH_RATES (comma-separated calls per second, default 25,50,75,100,125,150,200),
 * BENCH_WARMUP_SECONDS (20; 0 for none), BENCH_PARENTS (250 parents polling their dashboards; 0 measures
 * the calls alone, and the difference is what the dashboards cost), BENCH_PROFILE (a folder for each replica's CPU profile,
 * read with any V8 profile viewer or bench/profile-summary.ts), BENCH_OPENAI_MS (0: the sandbox
 * summarizer, answering at once; a number: the real OpenAI adapters against a stand-in that takes
 * about that long over a summary, bench/slow-openai.ts).
 *
 * On a Postgres without autovacuum (this machine's), the bench does its part (bench/autovacuum.ts).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDb } from '../src/db/postgres-db.ts';
import { migrate } from '../src/db/migrate.ts';
import { newToken, hashToken } from '../src/modules/auth/tokens.ts';
import { freePort, startAppProcess, urlWithSchema, type AppProcess } from '../test/app-process.ts';
import { RENDER_WAYS, type RenderWay } from '../src/modules/email/templates/slot-templates.ts';
import { PROFILES, seedProfiles } from './inbound.ts';
import {
  cpuSnapshot,
  cpuSpentSince,
  processMicros,
  postgresMicrosSince,
  postgresSnapshot,
} from './cpu-time.ts';
import { checkLedger, databaseNow, jobLag } from './ledger.ts';
import { standInForAutovacuum } from './autovacuum.ts';
import { benchFetch } from './http-client.ts';
import { callLifecycle, type LifecycleContext } from './lifecycle.ts';
import { startSlowOpenAi } from './slow-openai.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const stepSeconds = Number(process.env.BENCH_STEP_SECONDS ?? 60);
const rates = (process.env.BENCH_RATES ?? '25,50,75,100,125,150,200').split(',').map(Number);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 20);
const openAiMs = Number(process.env.BENCH_OPENAI_MS ?? 0);
const SCHEMA = 'christmas';
const JOBS = 'christmas_jobs';
const POLLING_PARENTS = Number(process.env.BENCH_PARENTS ?? 250);
const POLL_EVERY_MS = 5_000;
const TWILIO_TOKEN = 'bench-twilio-auth-token';
const ELEVENLABS_SECRET = 'wsec_bench_christmas';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

const dockerfile = readFileSync(path.resolve(import.meta.dirname, '../../Dockerfile'), 'utf8');

/** The replicas run with the Node options the image gives production (its ENV NODE_OPTIONS). */
function imageNodeOptions(): string[] {
  const options = /^ENV NODE_OPTIONS=(?:"([^"]*)"|(\S+))/m.exec(dockerfile);
  if (!options)
    throw new Error('the Dockerfile sets no NODE_OPTIONS: the bench would not run what production runs');
  return (options[1] ?? options[2]!).split(/\s+/);
}

const setup = createPostgresDb(databaseUrl, { max: 2 });
await setup.exec(
  `drop schema if exists ${SCHEMA} cascade; drop schema if exists ${JOBS} cascade; create schema ${SCHEMA};`,
);
await setup.close();
// The ledger's checks read whole tables: no 8-second statement budget here.
const db = createPostgresDb(databaseUrl, { searchPath: SCHEMA, max: 4, timeouts: { statementMs: 300_000 } });
await migrate(db);
console.log(`seeding ${PROFILES} families…`);
const phones = await seedProfiles(db);
const parentTokens: string[] = [];
for (let i = 0; i < POLLING_PARENTS; i += 1) parentTokens.push(newToken());
await db.query(
  `insert into sessions (token_hash, user_id, expires_at)
   select t.hash, u.id, now() + interval '1 day'
   from unnest($1::text[]) with ordinality as t(hash, n)
   join (select id, row_number() over (order by email) as n from users where email like 'bench-%') u using (n)`,
  [parentTokens.map(hashToken)],
);

// Christmas Eve's database is analyzed and vacuumed as the night goes on, as a production one is.
const autovacuum = await standInForAutovacuum(databaseUrl, [SCHEMA, JOBS]);

// Both replicas share one DATA_DIR, so they sign and verify with the same sandbox secrets.
const dataDir = mkdtempSync(path.join(tmpdir(), 'santa-christmas-'));
writeFileSync(
  path.join(dataDir, 'sandbox-secrets.json'),
  JSON.stringify({ twilioAuthToken: TWILIO_TOKEN, elevenlabsWebhookSecret: ELEVENLABS_SECRET }),
);
// From the kernel: one picked at random was once MariaDB's (3306), and the replica never answered.
const port = await freePort();
const publicUrl = `http://127.0.0.1:${port}`;
const openAi = openAiMs > 0 ? await startSlowOpenAi(openAiMs) : undefined;
const env = {
  ...openAi?.env,
  DATABASE_URL: urlWithSchema(databaseUrl, SCHEMA),
  JOB_QUEUE_SCHEMA: JOBS,
  // One folder for both replicas' recordings (one machine; S3 in production).
  DATA_DIR: dataDir,
  PUBLIC_URL: publicUrl,
  // Production's level: a line per request, written to a pipe the bench drains as a container's
  // log driver does (its bytes per lifecycle are printed with each step).
  LOG_LEVEL: 'info',
  // As deployed: React, Express and the rest in their production builds. The sandboxes stay on,
  // as on a staging deployment, behind the token production requires for them.
  NODE_ENV: 'production',
  ALLOW_SANDBOX: 'true',
  SANDBOX_PAGES_TOKEN: 'bench-sandbox-pages-token-0123456789',
  RECORDINGS_LOCAL_DISK: 'single-replica',
  // The bench measures the app, not an ElevenLabs plan: no caller is turned away as "lines busy".
  MAX_CONCURRENT_CALLS: '1000000',
  // The bench reads each replica's event-loop delay from /metrics (see eventLoopDelay below).
  METRICS_TOKEN: METRICS_TOKEN,
};
// BENCH_PROFILE=<folder>: each replica writes a V8 CPU profile there when it stops, and the bench
// writes each step's window beside them (steps.json) for bench/profile-summary.ts.
const profileFolder = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : undefined;
if (profileFolder) mkdirSync(profileFolder, { recursive: true });
const nodeArgs = [
  ...imageNodeOptions(),
  ...(profileFolder ? ['--cpu-prof', `--cpu-prof-dir=${profileFolder}`] : []),
];
execFileSync(process.execPath, ['build.mjs'], { cwd: path.resolve(import.meta.dirname, '..') });
// The profiles' lines are this build's: its source map goes with them, for a later build's is not theirs.
if (profileFolder)
  copyFileSync(
    path.resolve(import.meta.dirname, '../dist/main.js.map'),
    path.join(profileFolder, 'main.js.map'),
  );
const replicas: AppProcess[] = [
  await startAppProcess(env, port, nodeArgs, true),
  await startAppProcess(env, undefined, nodeArgs, true),
];
// However the bench ends, the replicas end with it.
process.on('exit', () => {
  for (const replica of replicas) {
    try {
      process.kill(replica.pid, 'SIGKILL');
    } catch {
      // Already stopped.
    }
  }
});
console.log(`two replicas: ${replicas.map((r) => r.url).join(', ')}`);
// The replicas run the Node that runs the bench; production runs the image's (its last FROM).
const imageNode = [...dockerfile.matchAll(/^FROM node:(\d+)/gm)].at(-1)?.[1];
if (imageNode !== process.versions.node.split('.')[0])
  console.log(
    `the replicas run Node ${process.version}, the image Node ${imageNode}: put that Node first on PATH to measure what production runs`,
  );

const rssPeakMb = new Map<number, number>();
function sampleRss(): void {
  for (const replica of replicas) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${replica.pid}/status`, 'utf8'));
    const mb = Number(match?.[1] ?? 0) / 1024;
    rssPeakMb.set(replica.pid, Math.max(rssPeakMb.get(replica.pid) ?? 0, mb));
  }
}

type Samples = Map<string, { ms: number[]; errors: number }>;
let samples: Samples = new Map();
const failures: string[] = [];
function record(route: string, ms: number, ok: boolean, failure?: string): void {
  if (failure && failures.length < 10) failures.push(`${route}: ${failure}`);
  const entry = samples.get(route) ?? { ms: [], errors: 0 };
  entry.ms.push(ms);
  if (!ok) entry.errors += 1;
  samples.set(route, entry);
}
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const ctx: LifecycleContext = {
  replicas: replicas.map((replica) => replica.url),
  publicUrl,
  twilioAuthToken: TWILIO_TOKEN,
  elevenLabsSecret: ELEVENLABS_SECRET,
  hotline: '+15550100',
  record,
};

/** Parents watching their dashboards: each polls plan status and call history every 5 s. */
function pollDashboards(): () => void {
  const timers = parentTokens.map((token, i) =>
    setTimeout(function poll() {
      const replica = ctx.replicas[i % ctx.replicas.length]!;
      for (const route of ['/api/subscription/status', '/api/calls/history']) {
        const started = performance.now();
        benchFetch(`${replica}${route}`, { headers: { cookie: `session_token=${token}` } })
          .then(async (res) => {
            await res.arrayBuffer();
            record(`dashboard ${route}`, performance.now() - started, res.ok);
          })
          .catch(() => record(`dashboard ${route}`, performance.now() - started, false));
      }
      timers[i] = setTimeout(poll, POLL_EVERY_MS);
    }, Math.random() * POLL_EVERY_MS),
  );
  return () => timers.forEach((timer) => clearTimeout(timer));
}

let billedByBench = 0;
let stored = 0;
let leftOpen = 0;
/** Calls whose outcome the generator never heard (see LifecycleResult), and their seconds. */
const unheard = { stored: 0, storedSeconds: 0, open: 0 };
let nextFamily = 0;

/** Starts `rate` lifecycles a second for the step; answers how many failed or did not finish. */
async function runStep(
  rate: number,
  seconds = stepSeconds,
): Promise<{ failed: number; started: number; late: number }> {
  const running = new Set<Promise<void>>();
  let failed = 0;
  let started = 0;
  const begin = performance.now();
  const total = rate * seconds;
  while (started < total) {
    const due = begin + (started * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const phone = phones[nextFamily++ % phones.length]!;
    started += 1;
    const lifecycle = callLifecycle(ctx, phone).then((result) => {
      if (!result.ok) failed += 1;
      if (result.stored) {
        stored += 1;
        billedByBench += result.seconds;
      }
      if (result.leftOpen) leftOpen += 1;
      if (result.storedMaybe) {
        unheard.stored += 1;
        unheard.storedSeconds += result.seconds;
      }
      if (result.openMaybe) unheard.open += 1;
    });
    running.add(lifecycle);
    void lifecycle.finally(() => running.delete(lifecycle));
  }
  // The generator itself fell behind if the last call started well after its time.
  const late = Math.max(0, performance.now() - (begin + seconds * 1000));
  await Promise.all(running);
  return { failed, started, late };
}

/** Capacity as a caller feels it: a ring answered after 3 s is no error, but it is a failure. */
const INBOUND_P99_MS = 250;
const POST_CALL_P99_MS = 1_000;

const loggedBytes = () => replicas.reduce((sum, replica) => sum + replica.outputBytes(), 0);
const replicasMicros = () => replicas.reduce((sum, replica) => sum + (processMicros(replica.pid) ?? 0), 0);
async function transactions(): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Each replica's event-loop delay since the last read, in ms (Node's monitorEventLoopDelay, which
 * prom-client resets on every scrape): how long a webhook can wait for its turn on that replica.
 * prom-client samples every 10 ms, and an idle loop reads those 10 ms: they are taken off. Beside
 * it, the replica's garbage collection so far (prom-client's histogram, which is never reset): a
 * pause stops every webhook on that replica.
 */
const SAMPLED_EVERY_MS = 10;
interface GcSoFar {
  ms: number;
  majorMs: number;
  /** Collections that paused the replica for more than 10 ms. */
  over10Ms: number;
}
type RecapRenders = Record<RenderWay, number>;
const eachWay = (count: (way: RenderWay) => number) =>
  Object.fromEntries(RENDER_WAYS.map((way) => [way, count(way)])) as RecapRenders;
async function replicaMetrics(): Promise<
  { loop: { p99: number; max: number }; gc: GcSoFar; recaps: RecapRenders; statements: number }[]
> {
  return Promise.all(
    replicas.map(async (replica) => {
      const res = await benchFetch(`${replica.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await res.text();
      const read = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) * 1000 - SAMPLED_EVERY_MS;
      const gc = (series: string, labels: RegExp) =>
        [...text.matchAll(new RegExp(`^nodejs_gc_duration_seconds_${series}\\{([^}]*)\\} (\\S+)`, 'gm'))]
          .filter((match) => labels.test(match[1]!))
          .reduce((sum, match) => sum + Number(match[2]), 0);
      const recaps = (way: RenderWay) =>
        Number(
          new RegExp(`^santa_recap_emails_rendered_total\\{way="${way}"\\} (\\S+)`, 'm').exec(text)?.[1] ?? 0,
        );
      return {
        loop: {
          p99: read('nodejs_eventloop_lag_p99_seconds'),
          max: read('nodejs_eventloop_lag_max_seconds'),
        },
        gc: {
          ms: gc('sum', /./) * 1000,
          majorMs: gc('sum', /kind="major"/) * 1000,
          over10Ms: gc('count', /./) - gc('bucket', /le="0.01"/),
        },
        recaps: eachWay(recaps),
        statements: Number(/^santa_db_statements_total (\S+)/m.exec(text)?.[1] ?? NaN),
      };
    }),
  );
}

function recapRendersBetween(
  before: { recaps: RecapRenders }[],
  after: { recaps: RecapRenders }[],
): RecapRenders {
  return eachWay((way) =>
    after.reduce((sum, replica, i) => sum + replica.recaps[way] - before[i]!.recaps[way], 0),
  );
}

interface StepResult {
  rate: number;
  errors: number;
  routes: Record<string, { p50: number; p99: number }>;
  /**
   * The generator is this process (the carrier's and the parents' side, which production does not
   * run beside the app); the machine is everything, the kernel included.
   */
  cpuMsPerLifecycle: { replicas: number; postgres: number | null; generator: number; machine: number | null };
  transactionsPerLifecycle: number;
  /** What both replicas sent their database (their own count, BEGIN and COMMIT included). */
  statementsPerLifecycle: number;
  /** What both replicas logged, in bytes. */
  logBytesPerLifecycle: number;
  eventLoopDelayMs: { p99: number; max: number }[];
  /** Per replica: collection time per lifecycle (ms), and pauses over 10 ms per minute. */
  gc: { msPerLifecycle: number; majorMsPerLifecycle: number; pausesOver10MsPerMinute: number }[];
  /** Both replicas' recap emails in the step, by how each was rendered. */
  recapEmails: RecapRenders;
  /** The step's window on the database's clock, which stamps the summary jobs. */
  window: { from: Date; to: Date };
  /** Seconds the summaries of the step's calls waited to start (known once the bench drained). */
  summaryLag?: { p50: number; p99: number; jobs: number };
}
const steps: StepResult[] = [];

const stopPolling = pollDashboards();
const rssTimer = setInterval(sampleRss, 1_000);
let sustained = 0;
let qualified = 0;
function printRoutes(): void {
  for (const [route, entry] of samples) {
    console.log(
      `  ${route.padEnd(36)} n=${String(entry.ms.length).padStart(6)}  p50 ${percentile(entry.ms, 50).toFixed(1)} ms  p99 ${percentile(entry.ms, 99).toFixed(1)} ms  errors ${entry.errors}`,
    );
  }
}
/**
 * Each step's window on the clock a CPU profile's samples are timed by (the monotonic clock, in
 * µs), with the lifecycles started in it: bench/profile-summary.ts turns a profile into ms per
 * lifecycle with these.
 */
const profileWindows: { step: string; startUs: number; endUs: number; lifecycles: number }[] = [];
async function runTimedStep(step: string, rate: number, seconds?: number): ReturnType<typeof runStep> {
  const startUs = Number(process.hrtime.bigint() / 1000n);
  const result = await runStep(rate, seconds);
  profileWindows.push({
    step,
    startUs,
    endUs: Number(process.hrtime.bigint() / 1000n),
    lifecycles: result.started,
  });
  return result;
}
if (warmupSeconds > 0) {
  const { failed } = await runTimedStep('warm-up', rates[0]!, warmupSeconds);
  console.log(
    `\nwarm-up, counted for no capacity: ${rates[0]} calls/s for ${warmupSeconds} s, ${failed} failed`,
  );
  printRoutes();
}
for (const rate of rates) {
  samples = new Map();
  const cpuBefore = {
    replicas: replicasMicros(),
    postgres: postgresSnapshot(),
    xacts: await transactions(),
    logBytes: loggedBytes(),
    here: cpuSnapshot(),
  };
  const metricsBefore = await replicaMetrics();
  const from = await databaseNow(db);
  const { failed, started, late } = await runTimedStep(String(rate), rate);
  const window = { from, to: await databaseNow(db) };
  const metricsAfter = await replicaMetrics();
  const eventLoopDelayMs = metricsAfter.map((replica) => replica.loop);
  const gc = metricsAfter.map(({ gc: after }, i) => {
    const before = metricsBefore[i]!.gc;
    return {
      msPerLifecycle: (after.ms - before.ms) / started,
      majorMsPerLifecycle: (after.majorMs - before.majorMs) / started,
      pausesOver10MsPerMinute: ((after.over10Ms - before.over10Ms) * 60) / stepSeconds,
    };
  });
  const recapEmails = recapRendersBetween(metricsBefore, metricsAfter);
  const errors = [...samples.values()].reduce((sum, entry) => sum + entry.errors, 0) + failed;
  const spentHere = cpuSpentSince(cpuBefore.here);
  const perLifecycle = (micros: number | null) => (micros === null ? null : micros / 1000 / started);
  const step: StepResult = {
    rate,
    errors,
    routes: Object.fromEntries(
      [...samples].map(([route, entry]) => [
        route,
        { p50: percentile(entry.ms, 50), p99: percentile(entry.ms, 99) },
      ]),
    ),
    cpuMsPerLifecycle: {
      replicas: perLifecycle(replicasMicros() - cpuBefore.replicas)!,
      postgres: perLifecycle(postgresMicrosSince(cpuBefore.postgres)),
      generator: perLifecycle(spentHere.server)!,
      machine: perLifecycle(spentHere.machine),
    },
    // Postgres's count, which a statement outside BEGIN…COMMIT makes a transaction of its own.
    transactionsPerLifecycle: ((await transactions()) - cpuBefore.xacts) / started,
    statementsPerLifecycle:
      metricsAfter.reduce((sum, { statements }, i) => sum + statements - metricsBefore[i]!.statements, 0) /
      started,
    logBytesPerLifecycle: (loggedBytes() - cpuBefore.logBytes) / started,
    eventLoopDelayMs,
    gc,
    recapEmails,
    window,
  };
  steps.push(step);
  console.log(
    `\n${rate} calls/s for ${stepSeconds} s: ${started} lifecycles, ${failed} failed, ${errors} request errors, generator ${late.toFixed(0)} ms late`,
  );
  printRoutes();
  const { replicas: replicasMs, postgres: postgresMs, generator, machine } = step.cpuMsPerLifecycle;
  console.log(
    `  per lifecycle (the dashboards polled meanwhile included): CPU ${replicasMs.toFixed(1)} ms in the replicas, ${postgresMs?.toFixed(1) ?? '?'} ms in Postgres, ${generator.toFixed(1)} ms in the load generator, ${machine?.toFixed(1) ?? '?'} ms on the whole machine; ${step.statementsPerLifecycle.toFixed(1)} SQL statements in ${step.transactionsPerLifecycle.toFixed(1)} database transactions; ${step.logBytesPerLifecycle.toFixed(0)} bytes of log`,
  );
  console.log(
    `  event-loop delay per replica: ${eventLoopDelayMs.map(({ p99, max }) => `p99 ${p99.toFixed(1)} ms, max ${max.toFixed(0)} ms`).join('; ')}`,
  );
  console.log(
    `  garbage collection per replica: ${gc.map((replica) => `${replica.msPerLifecycle.toFixed(2)} ms per lifecycle (major ${replica.majorMsPerLifecycle.toFixed(2)}), ${replica.pausesOver10MsPerMinute.toFixed(0)} pauses over 10 ms a minute`).join('; ')}`,
  );
  const recapsMade = recapEmails.template + recapEmails.new_shape + recapEmails.whole;
  console.log(
    `  recap emails: ${recapsMade} rendered, ${((100 * recapEmails.template) / Math.max(recapsMade, 1)).toFixed(0)}% filled into a shape seen before, ${recapEmails.new_shape} new shapes, ${recapEmails.whole} whole`,
  );
  if (errors > 0 || late > 1_000) break;
  sustained = rate;
  const postCallP99 = Math.max(
    step.routes['post-call transcription']?.p99 ?? 0,
    step.routes['post-call audio']?.p99 ?? 0,
  );
  if ((step.routes.inbound?.p99 ?? Infinity) <= INBOUND_P99_MS && postCallP99 <= POST_CALL_P99_MS)
    qualified = rate;
}
stopPolling();
clearInterval(rssTimer);
await autovacuum.stop();
if (failures.length > 0) {
  console.log('\nfirst failures:');
  for (const failure of failures) console.log(`  ${failure}`);
  for (const replica of replicas)
    console.log(`replica ${replica.url} said:\n${replica.output().slice(-3000)}`);
}

const ledger = await checkLedger(db, {
  jobsSchema: JOBS,
  stored,
  billedSeconds: billedByBench,
  leftOpen,
  unheard,
});
const lag = await jobLag(db, JOBS);
for (const step of steps) step.summaryLag = await jobLag(db, JOBS, step.window);
// Per call the server stored: a transcript whose answer never came may have been stored too.
const { rows: jobRows } = await db.query<{ jobs: number; calls: number }>(
  `select (select count(*)::int from ${JOBS}.job where name = 'after-call') as jobs,
          (select count(*)::int from calls where call_sid like 'CAxmas%') as calls`,
);
const jobsPerCall = jobRows[0]!.calls > 0 ? jobRows[0]!.jobs / jobRows[0]!.calls : 0;
console.log(
  `\ncapacity (0 errors, inbound p99 <= ${INBOUND_P99_MS} ms, post-call p99 <= ${POST_CALL_P99_MS} ms, for ${stepSeconds} s): ${qualified} call lifecycles/s`,
);
console.log(`highest rate sustained for ${stepSeconds} s with 0 errors: ${sustained} call lifecycles/s`);
console.log(`jobs per stored call: ${jobsPerCall.toFixed(2)}`);
console.log(`summary job lag: p50 ${lag.p50.toFixed(2)} s, p99 ${lag.p99.toFixed(2)} s (${lag.jobs} jobs)`);
for (const { rate, summaryLag } of steps)
  console.log(
    `  of the calls made at ${rate}/s: p50 ${summaryLag!.p50.toFixed(2)} s, p99 ${summaryLag!.p99.toFixed(2)} s (${summaryLag!.jobs} jobs)`,
  );
if (autovacuum.running)
  console.log(
    `this Postgres runs without autovacuum; the bench did its part every minute: ${autovacuum.done.analyzed} tables analyzed, ${autovacuum.done.vacuumed} of them vacuumed`,
  );
console.log(`RSS peak per replica: ${[...rssPeakMb.values()].map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`);
for (const line of ledger.lines) console.log(line);
console.log(
  `RESULT ${JSON.stringify({ qualified, sustained, steps, jobsPerCall, summaryLagP99: lag.p99, rssPeakMb: [...rssPeakMb.values()], ledgerExact: ledger.exact })}`,
);
if (profileFolder)
  writeFileSync(path.join(profileFolder, 'steps.json'), JSON.stringify(profileWindows, null, 2));
await Promise.all(replicas.map((replica) => replica.stop()));
// Only now: the summaries still running after the last step ask it too.
await openAi?.close();
await db.close();
process.exit(ledger.exact ? 0 : 1);
