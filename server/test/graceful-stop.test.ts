/**
 * A replica told to stop (SIGTERM, as a deploy or a scale-in does) answers what it is answering and
 * exits at once, though a load balancer keeps its connections alive for a minute.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a replica told to stop', () => {
  let app: AppProcess;
  let stopped = false;

  beforeAll(async () => {
    app = await startAppProcess({});
  }, 90_000);
  afterAll(async () => {
    if (!stopped) await app?.stop();
  });

  test('answers a request half-sent when it is told, then exits without waiting out the kept-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
    const request = http.request(`${app.url}/api/auth/login`, {
      agent,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        origin: app.url,
      },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve).on('error', reject);
    });
    request.write(body.slice(0, 10));
    await pause(300);

    const exitCode = app.stop();
    stopped = true;
    await pause(300);
    request.end(body.slice(10));
    const response = await answered;
    response.resume();

    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('keep-alive');
    expect(await exitCode).toBe(0);
    expect(app.output()).not.toMatch(/did not finish in time/);
    agent.destroy();
  });
});
