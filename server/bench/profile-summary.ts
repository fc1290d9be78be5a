/**
 * npx tsx bench/profile-summary.ts <folder> [<baseline folder>] [--step <rate or warm-up>]
 *
 * Where the replicas' CPU went in a `BENCH_PROFILE=<folder> npm run bench:christmas` run: self time
 * per source file (ours by its path, each dependency by package, Node's own by name) and per
 * function, biggest first. The bundle's code is read back to its sources through its source map.
 * With --step, only that step's samples count, as ms per lifecycle (the bench writes each step's
 * window into steps.json). With a baseline folder (the same bench run on another commit, with the
 * same step), both side by side with what each file and function gained, the biggest gain first:
 * a regression shows by name.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface StepWindow {
  step: string;
  startUs: number;
  endUs: number;
  lifecycles: number;
}
/** Self time in µs, by source file and by function. */
interface Spent {
  byPlace: Map<string, number>;
  byFunction: Map<string, number>;
  busyMicros: number;
  /** What the figures are divided by: lifecycles with --step, otherwise 1 (µs in all). */
  per: number;
}

const sourceMaps = new Map<string, TraceMap | null>();
/** The map the bench saved beside the profiles (the build that ran), else the one beside the bundle. */
function sourceMapOf(folder: string, url: string): TraceMap | null {
  const file = fileURLToPath(url);
  const saved = path.join(folder, `${path.basename(file)}.map`);
  const mapFile = existsSync(saved) ? saved : `${file}.map`;
  if (!sourceMaps.has(mapFile))
    sourceMaps.set(mapFile, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  return sourceMaps.get(mapFile)!;
}

/** A source path as both commits name it: src/… or shared/src/…, whatever folder it ran from. */
const ourPath = (file: string) => /(?:^|\/)((?:shared\/)?src\/.*)$/.exec(file)?.[1] ?? file;

/** A frame's file (ours by its path under server/ or shared/, a dependency by its package) and function. */
function placeOf(folder: string, frame: CallFrame): { place: string; fn: string } {
  const fn = frame.functionName || '(anonymous)';
  if (!frame.url) return { place: '(native)', fn };
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (dependency) return { place: `dep ${dependency[1]}`, fn };
  if (frame.url.startsWith('file://') && frame.url.endsWith('.js')) {
    const map = sourceMapOf(folder, frame.url);
    const original =
      map && frame.lineNumber >= 0
        ? originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) })
        : null;
    if (original?.source) return { place: ourPath(original.source.replace(/^(\.\.\/)+/, '')), fn };
  }
  return { place: ourPath(frame.url.replace(/^file:\/\//, '')), fn };
}

const add = (map: Map<string, number>, key: string, micros: number) =>
  map.set(key, (map.get(key) ?? 0) + micros);

/** One run's replicas' self time, in the given step's window when there is one. */
function spentIn(folder: string, step: string | undefined): Spent {
  let window: StepWindow | undefined;
  if (step !== undefined) {
    const windows = JSON.parse(readFileSync(path.join(folder, 'steps.json'), 'utf8')) as StepWindow[];
    window = windows.find((candidate) => candidate.step === step);
    if (!window)
      throw new Error(`${folder}: no step ${step} (it has ${windows.map((w) => w.step).join(', ')})`);
  }
  const spent: Spent = {
    byPlace: new Map(),
    byFunction: new Map(),
    busyMicros: 0,
    per: window?.lifecycles ?? 1,
  };
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Profile;
    const places = new Map(profile.nodes.map((node) => [node.id, placeOf(folder, node.callFrame)]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const micros = profile.timeDeltas[i] ?? 0;
      at += micros;
      if (window && (at < window.startUs || at >= window.endUs)) return;
      const { place, fn } = places.get(id)!;
      if (fn === '(idle)') return;
      spent.busyMicros += micros;
      add(spent.byPlace, place, micros);
      add(spent.byFunction, `${fn} ${place}`, micros);
    });
  }
  return spent;
}

const args = process.argv.slice(2);
const stepAt = args.indexOf('--step');
const step = stepAt >= 0 ? args[stepAt + 1] : undefined;
const folders = stepAt >= 0 ? args.filter((_, i) => i !== stepAt && i !== stepAt + 1) : args;
if (folders.length < 1 || folders.length > 2) {
  console.error('usage: profile-summary.ts <folder> [<baseline folder>] [--step <rate or warm-up>]');
  process.exit(2);
}
const [now, baseline] = folders.map((folder) => spentIn(folder, step));
const unit = step === undefined ? 's' : 'ms/lifecycle';
const figure = (spent: Spent | undefined, micros: number | undefined) =>
  spent ? ((micros ?? 0) / spent.per / (step === undefined ? 1e6 : 1e3)).toFixed(3).padStart(9) : '';

function table(title: string, pick: (spent: Spent) => Map<string, number>, rows: number): void {
  const names = new Set([...pick(now!).keys(), ...(baseline ? pick(baseline).keys() : [])]);
  const gain = (name: string) =>
    (pick(now!).get(name) ?? 0) / now!.per - (baseline ? (pick(baseline).get(name) ?? 0) / baseline.per : 0);
  const header = baseline ? `${'now'.padStart(9)} ${'baseline'.padStart(9)} ${'gain'.padStart(9)}` : unit;
  console.log(`\n${title} (${unit}):\n  ${header}`);
  for (const name of [...names].sort((a, b) => gain(b) - gain(a)).slice(0, rows)) {
    const nowFigure = figure(now, pick(now!).get(name));
    const columns = baseline
      ? `${nowFigure} ${figure(baseline, pick(baseline).get(name))} ${figure({ ...now!, per: 1 }, gain(name))}`
      : nowFigure;
    console.log(`  ${columns}  ${name}`);
  }
}

console.log(
  `busy CPU: ${figure(now, now!.busyMicros).trim()} ${unit}${baseline ? `, baseline ${figure(baseline, baseline.busyMicros).trim()}` : ''}`,
);
table('by file or package', (spent) => spent.byPlace, 30);
table('by function', (spent) => spent.byFunction, 40);
