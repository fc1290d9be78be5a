import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
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

/** An app whose upload route holds each body until `release`, behind a budget of 1,000 bytes. */
async function limitedApp(maxWaitMs: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  app.post(
    '/upload',
    limitBytesInFlight(1_000, {
      unknownBytes: 1_000,
      maxWaitMs,
      whenTooLong: (_req, res) => void res.json({ deferred: true }),
    }),
    async (_req, res) => {
      await held;
      res.json({ ok: true });
    },
  );
  app.use(errorHandler);
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { url, release: () => release(), close };
}

test('a body over the in-flight budget waits its turn and is served, never refused for its size', async () => {
  const { url, release, close } = await limitedApp(60_000);
  try {
    const first = fetch(url, { method: 'POST', body: 'x'.repeat(600) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 600 + 300 bytes fit in the budget of 1,000; 600 + 300 + 600 do not, so the last one waits.
    const small = fetch(url, { method: 'POST', body: 'x'.repeat(300) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = fetch(url, { method: 'POST', body: 'x'.repeat(600) });
    release();
    const answers = await Promise.all([first, small, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await answers[2]!.json()).toEqual({ ok: true });
  } finally {
    await close();
  }
});

test('a body that waits past its limit is handed to the fallback, which answers it', async () => {
  const { url, release, close } = await limitedApp(100);
  try {
    const first = fetch(url, { method: 'POST', body: 'x'.repeat(900) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const late = await fetch(url, { method: 'POST', body: 'x'.repeat(900) });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ deferred: true });
    release();
    expect((await first).status).toBe(200);
  } finally {
    await close();
  }
});
