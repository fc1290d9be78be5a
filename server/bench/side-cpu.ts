/**
 * What each side of `npm run bench:christmas:compare` costs the machine per call lifecycle, read
 * from /proc by the comparing process while a bench runs: the whole machine, every Postgres
 * process, and the bench's replicas (its descendants running the app). An older bench that does
 * not print its own CPU (596bd71's) is measured exactly as this commit's is, and CPU per lifecycle
 * moves far less from run to run than a p99 does on a shared machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSnapshot, processMicros, spentBetween } from './cpu-time.ts';

export interface CpuSample {
  /** performance.now() when read. */
  at: number;
  machine: number | null;
  /** CPU used so far, in µs, by pid. */
  postgres: Map<string, number> | null;
  replicas: Map<string, number>;
}

/** One measured step: from the bench's previous line that ended something to its own. */
export interface StepWindow {
  rate: number;
  lifecycles: number;
  startedAt: number;
  endedAt: number;
}

export interface StepCost {
  machine: number | null;
  postgres: number | null;
  replicas: number;
}

/** "50 calls/s for 30 s: 1500 lifecycles", the line every commit's bench prints after a step. */
const STEP_LINE = /^(\d+) calls\/s for (\d+) s: (\d+) lifecycles/;
/** This commit's bench warms up first and says so when the warm-up ends. */
const WARM_UP_LINE = /^warm-up, counted for no capacity/;

/**
 * Follows a bench's output line by line and answers each measured step's window. A step starts
 * when the line before it (the warm-up's or the previous step's) was printed: the bench goes
 * straight on to the next step. Its first step, with no line before it, is taken as its nominal
 * length before it ended.
 */
export function stepWindows(): { read(line: string, at: number): StepWindow | undefined } {
  let lastEnd: number | undefined;
  return {
    read(line, at) {
      const match = STEP_LINE.exec(line);
      const startedAt = lastEnd ?? (match ? at - Number(match[2]) * 1000 : undefined);
      if (match || WARM_UP_LINE.test(line)) lastEnd = at;
      if (!match) return undefined;
      return { rate: Number(match[1]), lifecycles: Number(match[3]), startedAt: startedAt!, endedAt: at };
    },
  };
}

/** The processes below `root`, by pid, with their command lines. */
function descendants(root: number): Map<number, string> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // It ended between listing and reading.
    }
  }
  const found = new Map<number, string>();
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    try {
      found.set(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
    } catch {
      continue;
    }
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** A replica runs the bundle (dist/main.js) or, in older benches, the sources (src/main.ts). */
const REPLICA = /\b(dist\/main\.js|src\/main\.ts)\b/;

export function sampleCpu(benchPid: number): CpuSample {
  const { machine, database } = cpuSnapshot();
  const replicas = new Map<string, number>();
  for (const [pid, command] of descendants(benchPid)) {
    if (!REPLICA.test(command)) continue;
    const micros = processMicros(pid);
    if (micros !== null) replicas.set(String(pid), micros);
  }
  return { at: performance.now(), machine, postgres: database, replicas };
}

type Part = keyof StepCost;

/** CPU used since the first sample, in µs, at each sample (null once a part could not be read). */
function runningTotals(samples: CpuSample[]): { at: number; totals: Record<Part, number | null> }[] {
  let totals: Record<Part, number | null> = { machine: 0, postgres: 0, replicas: 0 };
  return samples.map((sample, i) => {
    const previous = samples[i - 1];
    if (previous) {
      const add = (sum: number | null, micros: number | null) =>
        sum === null || micros === null ? null : sum + micros;
      totals = {
        machine: add(
          totals.machine,
          previous.machine !== null && sample.machine !== null ? sample.machine - previous.machine : null,
        ),
        postgres: add(
          totals.postgres,
          previous.postgres && sample.postgres ? spentBetween(previous.postgres, sample.postgres) : null,
        ),
        replicas: add(totals.replicas, spentBetween(previous.replicas, sample.replicas)),
      };
    }
    return { at: sample.at, totals };
  });
}

/** A running total at `at`, read on the straight line between the samples either side of it. */
function totalAt(series: ReturnType<typeof runningTotals>, at: number, part: Part): number | null {
  const after = series.findIndex((point) => point.at >= at);
  if (after === 0 && series[0]!.at === at) return series[0]!.totals[part];
  if (after <= 0) return null;
  const [a, b] = [series[after - 1]!, series[after]!];
  const [from, to] = [a.totals[part], b.totals[part]];
  if (from === null || to === null) return null;
  return from + ((to - from) * (at - a.at)) / (b.at - a.at);
}

/**
 * Ms per lifecycle between the step's start and end, each read between the samples either side
 * of it; undefined when the samples do not cover the step.
 */
export function stepCost(samples: CpuSample[], step: StepWindow): StepCost | undefined {
  if (step.lifecycles === 0) return undefined;
  const series = runningTotals(samples);
  const cost = (part: Part) => {
    const [from, to] = [totalAt(series, step.startedAt, part), totalAt(series, step.endedAt, part)];
    return from === null || to === null ? null : (to - from) / 1000 / step.lifecycles;
  };
  const replicas = cost('replicas');
  if (replicas === null) return undefined;
  return { machine: cost('machine'), postgres: cost('postgres'), replicas };
}
