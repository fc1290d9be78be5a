import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/** A port no one listens on now, from the kernel (a port picked at random may be a service's). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The app as production runs it: `src/main.ts` in its own Node process, on a loopback port. */
export interface AppProcess {
  url: string;
  pid: number;
  /** What the process printed (its last megabyte at most), for a failing test's message. */
  output(): string;
  /** Bytes the process printed so far: its log's volume (a bench logs as production does). */
  outputBytes(): number;
  /** SIGKILL: the process dies mid-request, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM: graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A bench's replica logs every request: only the end of its output is kept. */
const KEPT_OUTPUT = 1 << 20;

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts the app with `env` (on top of a temporary DATA_DIR) and waits for its health check. */
export async function startAppProcess(
  env: Record<string, string>,
  port?: number,
  /** Options for node itself (a bench's --cpu-prof, which NODE_OPTIONS does not take). */
  nodeArgs: string[] = [],
  /** Run the bundle `npm run build` makes (dist/main.js), as deployed, instead of the sources. */
  built = false,
): Promise<AppProcess> {
  const listenOn = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenOn}`;
  const entry = built ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'santa-app-')),
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'admin-password-123',
      PORT: String(listenOn),
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let outputBytes = 0;
  const keep = (chunk: Buffer) => {
    outputBytes += chunk.length;
    output += chunk.toString();
    if (output.length > 2 * KEPT_OUTPUT) output = output.slice(-KEPT_OUTPUT);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const process_: AppProcess = {
    url,
    pid: child.pid!,
    output: () => output.slice(-KEPT_OUTPUT),
    outputBytes: () => outputBytes,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
  const until = Date.now() + 45_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited at start:\n${output}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return process_;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await process_.kill();
  throw new Error(`the app did not become healthy:\n${output}`);
}

/** A Postgres URL whose connections use `schema` (the test's own), for an app process. */
export function urlWithSchema(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
