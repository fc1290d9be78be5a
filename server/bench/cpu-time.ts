/**
 * CPU time the bench can account for on Linux: the server (this process), a Postgres running on
 * the same machine, and the machine as a whole (server, load, database and kernel). On a small
 * machine where all three share the cores, these say where a request's cost goes far more
 * steadily than requests/s, which drifts with the neighbours.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process and machine CPU time in ticks of 1/100 s (USER_HZ). */
const TICK_MICROS = 10_000;

export interface CpuSnapshot {
  server: number;
  machine: number | null;
  database: Map<string, number> | null;
}

export interface CpuSpent {
  server: number;
  machine: number | null;
  database: number | null;
}

function machineMicros(): number | null {
  try {
    // user nice system idle iowait irq softirq steal: time the hypervisor stole is not ours.
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq!) * TICK_MICROS;
  } catch {
    return null;
  }
}

/** Each running Postgres process's CPU so far, by pid; null where /proc is not readable. */
function postgresMicros(): Map<string, number> | null {
  try {
    const byPid = new Map<string, number>();
    for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MICROS);
      } catch {
        // The process ended between listing and reading it.
      }
    }
    return byPid.size > 0 ? byPid : null;
  } catch {
    return null;
  }
}

/** CPU (user + system) a process has used so far, in microseconds; null once it has gone. */
export function processMicros(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
  } catch {
    return null;
  }
}

/** CPU the processes of `to` used since `from`, by pid; one that started in between counts from zero. */
export function spentBetween(from: Map<string, number>, to: Map<string, number>): number {
  let spent = 0;
  for (const [pid, micros] of to) spent += micros - (from.get(pid) ?? 0);
  return spent;
}

/** CPU all Postgres processes on this machine used since `start` (new backends from zero). */
export function postgresMicrosSince(start: Map<string, number> | null): number | null {
  const now = postgresMicros();
  if (!start || !now) return null;
  return spentBetween(start, now);
}

export const postgresSnapshot = postgresMicros;

export function cpuSnapshot(): CpuSnapshot {
  const usage = process.cpuUsage();
  return { server: usage.user + usage.system, machine: machineMicros(), database: postgresMicros() };
}

export function cpuSpentSince(start: CpuSnapshot): CpuSpent {
  const now = cpuSnapshot();
  let database: number | null = null;
  if (start.database && now.database) {
    database = spentBetween(start.database, now.database);
  }
  return {
    server: now.server - start.server,
    machine: start.machine !== null && now.machine !== null ? now.machine - start.machine : null,
    database,
  };
}
