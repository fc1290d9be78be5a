/**
 * npx tsx bench/profile-summary.ts <file.cpuprofile>… — where a replica's CPU went: self time per
 * function and per source file (our files, each dependency by package), biggest first.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Our file by its path under src/, a dependency by its package, Node's own by name. */
function placeOf(url: string): string {
  if (!url) return '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return `dep ${dependency[1]}`;
  const ours = /\/server\/(src\/.*)$/.exec(url);
  return ours ? ours[1]! : url.replace(/^file:\/\//, '');
}

const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
for (const file of process.argv.slice(2)) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const micros = profile.timeDeltas[i] ?? 0;
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    total += micros;
    const place = placeOf(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  });
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, micros]) => `  ${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
console.log(`busy CPU: ${(total / 1e6).toFixed(1)} s\n\nby file or package:\n${top(byPlace, 30)}`);
console.log(`\nby function:\n${top(byFunction, 30)}`);
