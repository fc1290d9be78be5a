/**
 * npm run bench:christmas:compare — the Christmas Eve bench of another commit and of this one,
 * one after the other on this machine at the same rates, and the ratio of each webhook's p50 and
 * p99: a regression shows as a ratio on any machine, however fast or loaded.
 *
 * Settings: BENCH_BASELINE (a git ref, required), BENCH_ROUNDS (1: how many times the two run in
 * turn, the baseline first in odd rounds and this commit first in even ones; with more, each
 * side's p50 and p99 is its median over the rounds, and the range of the rounds' own ratios is
 * printed beside it, since a shared machine moves one run's p99 by 2x or more), and the bench's
 * own BENCH_RATES and BENCH_STEP_SECONDS, given to both runs. The baseline
 * is checked out in a worktree under the system's temporary folder and installed there once
 * (npm ci); each commit runs its own bench, with this commit's HTTP client (see sameHttpClient) and,
 * on a Postgres without autovacuum, this commit's stand-in for it (see withAutovacuum).
 * This bench warms the replicas up at the first rate before it measures; an older bench that does
 * not is given that first rate twice, and its second, warm step is the one compared.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { standInForAutovacuum } from './autovacuum.ts';
import {
  sampleCpu,
  stepCost,
  stepWindows,
  type CpuSample,
  type StepCost,
  type StepWindow,
} from './side-cpu.ts';

const baselineRef = process.env.BENCH_BASELINE;
if (!baselineRef) {
  console.error('Set BENCH_BASELINE to the git ref to compare with, e.g. BENCH_BASELINE=596bd71');
  process.exit(2);
}
const here = path.resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: here, encoding: 'utf8' }).trim();
const sha = git('rev-parse', '--short', `${baselineRef}^{commit}`);
const worktree = path.join(tmpdir(), `santa-bench-${sha}`);
if (!existsSync(worktree)) {
  console.log(`checking out ${sha} in ${worktree}…`);
  git('worktree', 'add', '--detach', worktree, sha);
}
if (!existsSync(path.join(worktree, 'node_modules'))) {
  const install = (command: string) =>
    execFileSync('npm', [command, '--no-audit', '--no-fund'], { cwd: worktree, stdio: 'inherit' });
  // An older lock file another npm version reads as out of date is installed from package.json.
  try {
    install('ci');
  } catch {
    install('install');
  }
}

/**
 * The load generator shares the machine with the servers it measures, so its own cost decides how
 * much of the machine is left to them. An older bench sent its requests with the global fetch,
 * which costs about five times the CPU of this commit's client: given to the baseline as well,
 * only the servers differ between the two runs.
 */
function sameHttpClient(baselineServer: string): void {
  const bench = path.join(baselineServer, 'bench');
  copyFileSync(path.join(here, 'bench', 'http-client.ts'), path.join(bench, 'http-client.ts'));
  const undici = path.join(worktree, 'node_modules', 'undici');
  if (!existsSync(undici)) {
    const ours = path.dirname(createRequire(import.meta.url).resolve('undici/package.json'));
    symlinkSync(ours, undici, 'dir');
  }
  for (const file of ['christmas.ts', 'lifecycle.ts']) {
    const source = readFileSync(path.join(bench, file), 'utf8');
    if (source.includes('./http-client.ts') || !source.includes('fetch(')) continue;
    // Shadows the global fetch in that module only; the rest of the file is left as it was.
    writeFileSync(
      path.join(bench, file),
      `import { benchFetch as fetch } from './http-client.ts';\n${source}`,
    );
  }
}
sameHttpClient(path.join(worktree, 'server'));

/**
 * An older bench's children all said one line, so every recap had one shape and its template fit
 * every time: given this commit's varied lines (bench/child-talk.ts), both sides summarise, read
 * and email the same kinds of calls.
 */
function sameChildTalk(baselineServer: string): void {
  const bench = path.join(baselineServer, 'bench');
  const file = path.join(bench, 'lifecycle.ts');
  const source = readFileSync(file, 'utf8');
  if (source.includes('./child-talk.ts')) return;
  const oneLine = /transcript: \[\s*\{ role: 'agent'[^\]]*\],/;
  if (!oneLine.test(source)) throw new Error(`${file}: no transcript to give the children's varied lines to`);
  copyFileSync(path.join(here, 'bench', 'child-talk.ts'), path.join(bench, 'child-talk.ts'));
  writeFileSync(
    file,
    `import { childTalk } from './child-talk.ts';\n${source.replace(oneLine, 'transcript: childTalk(),')}`,
  );
}
sameChildTalk(path.join(worktree, 'server'));

/**
 * Production logs a line per request. An older bench ran its replicas at LOG_LEVEL 'error', which
 * spared them the logging this commit's bench makes its own replicas do: both log as production.
 */
function sameLogLevel(baselineServer: string): void {
  const file = path.join(baselineServer, 'bench', 'christmas.ts');
  const source = readFileSync(file, 'utf8');
  if (source.includes("LOG_LEVEL: 'error'"))
    writeFileSync(file, source.replace("LOG_LEVEL: 'error'", "LOG_LEVEL: 'info'"));
}
sameLogLevel(path.join(worktree, 'server'));

/**
 * An older bench did not stand in for autovacuum on a Postgres that runs without it: its run gets
 * this commit's stand-in from here, so both measure a database analyzed as the night goes on.
 */
async function withAutovacuum<T>(serverDir: string, run: () => Promise<T>): Promise<T> {
  if (existsSync(path.join(serverDir, 'bench', 'autovacuum.ts'))) return run();
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // The schemas every commit's bench:christmas has used (its SCHEMA and JOBS).
  const standIn = await standInForAutovacuum(databaseUrl, ['christmas', 'christmas_jobs']);
  try {
    return await run();
  } finally {
    await standIn.stop();
  }
}

/** How often the comparing process reads what each side costs the machine. */
const SAMPLE_MS = 500;

/**
 * Runs one commit's bench, echoing its output, and answers that output with what each rate's step
 * cost the machine per lifecycle (a rate run twice keeps its later, warm step).
 */
function runBench(
  label: string,
  serverDir: string,
): Promise<{ output: string; costs: Map<number, StepCost> }> {
  console.log(`\n── ${label} ──`);
  const bench = readFileSync(path.join(serverDir, 'bench', 'christmas.ts'), 'utf8');
  const rates = process.env.BENCH_RATES ?? '25,50,75,100,125,150,200';
  const env = bench.includes('BENCH_WARMUP_SECONDS')
    ? process.env
    : { ...process.env, BENCH_RATES: `${rates.split(',')[0]},${rates}` };
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'bench/christmas.ts'], { cwd: serverDir, env });
    const samples: CpuSample[] = [];
    const sampling = setInterval(() => samples.push(sampleCpu(child.pid!)), SAMPLE_MS);
    const windows = stepWindows();
    const steps: StepWindow[] = [];
    let output = '';
    let partial = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      take(chunk);
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop()!;
      const at = performance.now();
      for (const line of lines) {
        const step = windows.read(line, at);
        if (!step) continue;
        steps.push(step);
        // A sample at the step's end itself: an older bench may print its last step and exit
        // within one sampling interval, which left that step unmeasured (596bd71's 40/s).
        samples.push(sampleCpu(child.pid!));
      }
    });
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', () => {
      clearInterval(sampling);
      const costs = new Map<number, StepCost>();
      for (const step of steps) {
        const cost = stepCost(samples, step);
        if (cost) costs.set(step.rate, cost);
      }
      resolve({ output, costs });
    });
  });
}

type Percentiles = Map<string, { p50: number; p99: number }>;

/**
 * Each rate's routes, read from the bench's step lines (a format every commit's bench prints); a
 * rate run twice keeps its later, warm step.
 */
function parseSteps(output: string): Map<number, Percentiles> {
  const steps = new Map<number, Percentiles>();
  let current: Percentiles | undefined;
  for (const line of output.split('\n')) {
    const header = /^(\d+) calls\/s for /.exec(line);
    if (header) steps.set(Number(header[1]), (current = new Map()));
    const route = /^\s{2}(\S.*?)\s+n=\s*\d+\s+p50 ([\d.]+) ms\s+p99 ([\d.]+) ms/.exec(line);
    if (route && current) current.set(route[1]!, { p50: Number(route[2]), p99: Number(route[3]) });
  }
  return steps;
}

interface Run {
  percentiles: Map<number, Percentiles>;
  costs: Map<number, StepCost>;
}
const asRun = ({ output, costs }: { output: string; costs: Map<number, StepCost> }): Run => ({
  percentiles: parseSteps(output),
  costs,
});

const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const headSha = git('rev-parse', '--short', 'HEAD');
const baselineRuns: Run[] = [];
const headRuns: Run[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const of = rounds > 1 ? `, round ${round} of ${rounds}` : '';
  const baselineServer = path.join(worktree, 'server');
  const baseline = async () =>
    baselineRuns.push(
      asRun(await withAutovacuum(baselineServer, () => runBench(`baseline ${sha}${of}`, baselineServer))),
    );
  const head = async () => headRuns.push(asRun(await runBench(`this commit ${headSha}${of}`, here)));
  // Every other round the other goes first (A B B A …): a machine that drifts slower or faster
  // over the run does not favour the side that always ran first.
  if (round % 2 === 1) await baseline().then(head);
  else await head().then(baseline);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** One route's percentile at one rate in every run that has it. */
const taken = (runs: Run[], rate: number, route: string, p: 'p50' | 'p99') =>
  runs.flatMap((run) => run.percentiles.get(rate)?.get(route)?.[p] ?? []);
/** What one rate's step cost the machine per lifecycle in every run that measured it. */
const costs = (runs: Run[], rate: number, part: keyof StepCost) =>
  runs.flatMap((run) => run.costs.get(rate)?.[part] ?? []);

/** The medians side by side with their ratio and, over several rounds, the rounds' own ratios. */
function compared(name: string, then: number[], now: number[]): string {
  const ratio = median(now) / median(then);
  const text = `${name} ${median(then).toFixed(1)} → ${median(now).toFixed(1)} ms (×${ratio.toFixed(2)})`;
  if (rounds === 1 || then.length !== now.length) return text;
  const each = now.map((value, i) => value / then[i]!);
  return `${text} [rounds ×${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)}]`;
}
const sideBySide = (rate: number, route: string, p: 'p50' | 'p99') =>
  compared(p, taken(baselineRuns, rate, route, p), taken(headRuns, rate, route, p));

/** CPU per lifecycle, read from /proc alike for both sides (bench/side-cpu.ts). */
function cpuSideBySide(rate: number): string | undefined {
  const parts = (['replicas', 'postgres', 'machine'] as const).flatMap((part) => {
    const [then, now] = [costs(baselineRuns, rate, part), costs(headRuns, rate, part)];
    return then.length === rounds && now.length === rounds ? [compared(part, then, now)] : [];
  });
  return parts.length > 0 ? `CPU per lifecycle: ${parts.join(', ')}` : undefined;
}

const label = rounds > 1 ? `medians of ${rounds} rounds; ` : '';
console.log(`\nside by side (this commit / ${sha}; ${label}above 1 is slower):`);
for (const [rate, routes] of headRuns[0]!.percentiles) {
  if (baselineRuns.some((run) => !run.percentiles.has(rate))) {
    console.log(`  ${rate}/s: the baseline did not reach this rate in every round`);
    continue;
  }
  for (const route of routes.keys()) {
    if (taken(baselineRuns, rate, route, 'p50').length === 0) continue;
    console.log(
      `  ${String(rate).padStart(4)}/s ${route.padEnd(32)} ${sideBySide(rate, route, 'p50')}  ${sideBySide(rate, route, 'p99')}`,
    );
  }
  const cpu = cpuSideBySide(rate);
  if (cpu) console.log(`  ${String(rate).padStart(4)}/s ${cpu}`);
}
