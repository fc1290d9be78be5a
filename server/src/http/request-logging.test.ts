import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { expect, test } from 'vitest';
import { useRequestLogging } from './request-logging.ts';

function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  useRequestLogging(app, pino({ level: 'info' }, sink));
  app.use(express.json());
  app.post('/api/things', (req, res) => {
    req.log.info('handler speaking');
    res.status(201).json({ ok: true });
  });
  app.get('/api/missing', (_req, res) => {
    res.status(404).json({ detail: 'Not found' });
  });
  app.get(['/api/keepsakes/:token/recording', '/keepsake/:token'], (_req, res) => {
    res.status(410).json({ detail: 'ended' });
  });
  app.get(['/api/gifts/:code', '/gift/:code'], (_req, res) => {
    res.status(404).json({ detail: 'unknown' });
  });
  app.post('/api/gifts/redeem', (_req, res) => {
    res.status(401).json({ detail: 'Not authenticated' });
  });
  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Lines are written once the response has closed.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return { app, lines, settle };
}

test('each request is logged once with its id, method, path and status, and answers X-Request-Id', async () => {
  const { app, lines, settle } = appWithLog();
  const res = await supertest(app).post('/api/things?code=secret-code').send({ email: 'parent@example.com' });
  await settle();
  const line = lines.find((l) => l.msg === 'request completed')!;
  expect(line).toMatchObject({
    level: 30,
    reqId: res.headers['x-request-id'],
    req: { method: 'POST', path: '/api/things' },
    res: { statusCode: 201 },
  });
  expect(typeof line.responseTime).toBe('number');
});

test('logs carry no query string, body or cookie', async () => {
  const { app, lines, settle } = appWithLog();
  await supertest(app)
    .post('/api/things?code=secret-code')
    .set('Cookie', 'session_token=secret-token')
    .send({ email: 'parent@example.com' });
  await settle();
  const text = JSON.stringify(lines);
  for (const secret of ['secret-code', 'secret-token', 'parent@example.com'])
    expect(text).not.toContain(secret);
});

test("a shared keepsake's token stays out of the log, its route stays in", async () => {
  const { app, lines, settle } = appWithLog();
  await supertest(app).get('/api/keepsakes/secret-keepsake-token/recording');
  await supertest(app).get('/keepsake/secret-keepsake-token');
  await settle();
  expect(lines.map((line) => (line.req as { path: string }).path)).toEqual([
    '/api/keepsakes/:token/recording',
    '/keepsake/:token',
  ]);
  expect(JSON.stringify(lines)).not.toContain('secret-keepsake-token');
});

test("a gift's redeem code stays out of the log; the buying and redeeming routes keep their names", async () => {
  const { app, lines, settle } = appWithLog();
  await supertest(app).get('/api/gifts/secret-gift-code');
  await supertest(app).get('/gift/secret-gift-code');
  await supertest(app).post('/api/gifts/redeem').send({ code: 'secret-gift-code' });
  await settle();
  expect(lines.map((line) => (line.req as { path: string }).path)).toEqual([
    '/api/gifts/:token',
    '/gift/:token',
    '/api/gifts/redeem',
  ]);
  expect(JSON.stringify(lines)).not.toContain('secret-gift-code');
});

test('a handler logging through req.log is tied to the request id', async () => {
  const { app, lines, settle } = appWithLog();
  const res = await supertest(app).post('/api/things').send({});
  await settle();
  expect(lines.find((l) => l.msg === 'handler speaking')).toMatchObject({
    reqId: res.headers['x-request-id'],
  });
});

test('a client error is logged as a warning', async () => {
  const { app, lines, settle } = appWithLog();
  await supertest(app).get('/api/missing');
  await settle();
  expect(lines.find((l) => l.msg === 'request completed')).toMatchObject({
    level: 40,
    res: { statusCode: 404 },
  });
});

test('a well-formed incoming X-Request-Id is kept, a malformed one replaced', async () => {
  const { app } = appWithLog();
  expect(
    (await supertest(app).get('/api/missing').set('X-Request-Id', 'abc-123')).headers['x-request-id'],
  ).toBe('abc-123');
  const replaced = await supertest(app).get('/api/missing').set('X-Request-Id', 'bad id<script>');
  expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('health checks are not logged', async () => {
  const { app, lines, settle } = appWithLog();
  await supertest(app).get('/api/health');
  await settle();
  expect(lines).toHaveLength(0);
});
