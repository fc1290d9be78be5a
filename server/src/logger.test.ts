/**
 * The replica's log on standard output, written a few kilobytes at a time: a line still reaches the
 * log driver promptly when few are written, and none is lost when the process exits.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** Runs `script` with the app's logger as `logger`; resolves with its output once it exits. */
function runWithLogger(script: string): Promise<{ stdout: string; code: number | null }> {
  const source = `import { createLogger } from ${JSON.stringify(LOGGER)};\nconst logger = createLogger('info');\n${script}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ stdout, code })));
}

const messages = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

test('a lone line reaches standard output within a moment, while the process runs on', async () => {
  // The process reports what its standard output held 500 ms after logging, then exits: a line
  // written only at exit would come after the marker.
  const { stdout } = await runWithLogger(`
    logger.info('a ring answered');
    setTimeout(() => { process.stdout.write(JSON.stringify({ msg: 'half a second later' }) + '\\n'); process.exit(0); }, 500);
  `);
  expect(messages(stdout)).toEqual(['a ring answered', 'half a second later']);
});

test('lines still waiting are written when the process exits', async () => {
  const { stdout, code } = await runWithLogger(`
    logger.info('first');
    logger.error('start-up stopped');
    process.exit(1);
  `);
  expect(code).toBe(1);
  expect(messages(stdout)).toEqual(['first', 'start-up stopped']);
});

test('lines still waiting are written when an uncaught error ends the process', async () => {
  const { stdout, code } = await runWithLogger(`
    logger.info('before the error');
    setTimeout(() => { throw new Error('boom'); }, 10);
  `);
  expect(code).toBe(1);
  expect(messages(stdout)).toEqual(['before the error']);
});
