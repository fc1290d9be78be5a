import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { signElevenLabsWebhook } from '../providers/voice/elevenlabs-signature.ts';
import { errorHandler } from './error-handler.ts';
import { limitBytesInFlight } from './signed-webhook.ts';

let ctx: TestContext;
let server: http.Server;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  server = ctx.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

const FORTY_MB = 40 * 1024 * 1024;

/**
 * Starts a 40 MB post-call upload, sends only its first 64 KB, and answers the status the server
 * gave while the rest was still unsent, with how many bytes had been sent by then.
 */
function startHugeUpload(headers: Record<string, string>): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request({
      port,
      method: 'POST',
      path: '/api/voice/elevenlabs/post-call',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(FORTY_MB), ...headers },
    });
    req.on('response', (res) => {
      resolve({ status: res.statusCode!, sent });
      res.resume();
      req.destroy();
    });
    req.on('error', (error) => (sent < FORTY_MB ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    req.write(chunk, () => (sent += chunk.length));
  });
}

test('an unsigned 40 MB post-call body is answered before it is read', async () => {
  const { status, sent } = await startHugeUpload({});
  expect(status).toBe(400);
  expect(sent).toBeLessThan(FORTY_MB);
});

test('a post-call body with a stale signature is answered before it is read', async () => {
  const stale = signElevenLabsWebhook('any-secret', '{}', new Date(Date.now() - 2 * 60 * 60_000));
  const { status, sent } = await startHugeUpload({ 'ElevenLabs-Signature': stale });
  expect(status).toBe(401);
  expect(sent).toBeLessThan(FORTY_MB);
});

test('24 unsigned 40 MB post-call bodies at once leave memory bounded', async () => {
  const before = process.memoryUsage().rss;
  const answers = await Promise.all(Array.from({ length: 24 }, () => startHugeUpload({})));
  expect(answers.every((answer) => answer.status === 400)).toBe(true);
  expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
});

test('bodies over the in-flight byte budget answer 503 with Retry-After, small ones pass, and the next one is served', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.post(
    '/upload',
    limitBytesInFlight(1_000, { unknownBytes: 1_000, retryAfterSeconds: 7 }),
    async (_req, res) => {
      await held;
      res.json({ ok: true });
    },
  );
  app.use(errorHandler);
  const limited = app.listen(0);
  await new Promise((resolve) => limited.once('listening', resolve));
  const url = `http://127.0.0.1:${(limited.address() as AddressInfo).port}/upload`;
  try {
    const first = fetch(url, { method: 'POST', body: 'x'.repeat(600) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 600 + 300 bytes fit in the budget of 1,000; 600 + 300 + 600 do not.
    const small = fetch(url, { method: 'POST', body: 'x'.repeat(300) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await fetch(url, { method: 'POST', body: 'x'.repeat(600) });
    expect(second.status).toBe(503);
    expect(second.headers.get('retry-after')).toBe('7');
    release();
    expect((await first).status).toBe(200);
    expect((await small).status).toBe(200);
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
  } finally {
    limited.closeAllConnections();
    await new Promise((resolve) => limited.close(resolve));
  }
});
