import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { expect, test } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { serveSpa } from './spa.ts';

const SCRIPT = `console.log(${JSON.stringify('Ho ho ho! '.repeat(200))});`;

function spaApp() {
  const dist = mkdtempSync(path.join(tmpdir(), 'santa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-1234.js.gz'), gzipSync(SCRIPT));
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.use(serveSpa(dist));
  app.use(errorHandler);
  return app;
}

test('a missing /assets file answers 404, not the app page or a 500', async () => {
  const res = await supertest(spaApp()).get('/assets/app-0000.js');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ detail: 'Not found', code: 'not_found' });
});

test('a built asset is served, and client routes get the app page', async () => {
  const app = spaApp();
  expect((await supertest(app).get('/assets/app-1234.js')).status).toBe(200);
  const page = await supertest(app).get('/dashboard');
  expect(page.status).toBe(200);
  expect(page.text).toContain('id="root"');
});

test('assets are served precompressed: brotli when the browser takes it, else gzip, else as built', async () => {
  const app = spaApp();
  // supertest decodes what it receives, so each answer must read as the script whatever its encoding.
  const get = (encoding: string) =>
    supertest(app).get('/assets/app-1234.js').set('Accept-Encoding', encoding);
  const brotli = await get('gzip, deflate, br');
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers['content-type']).toMatch(/javascript/);
  expect(brotli.headers['cache-control']).toContain('immutable');
  expect(Number(brotli.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
  expect(brotli.text).toBe(SCRIPT);
  const gzip = await get('gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.text).toBe(SCRIPT);
  const plain = await get('identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.text).toBe(SCRIPT);
});

function prerenderedApp() {
  const dist = mkdtempSync(path.join(tmpdir(), 'santa-dist-'));
  mkdirSync(path.join(dist, 'prerendered'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(
    path.join(dist, 'prerendered', 'pricing.html'),
    '<!doctype html><meta property="og:url" content="%PUBLIC_URL%/pricing"><div id="root"><h1>Choose Your Magical Plan</h1></div>',
  );
  writeFileSync(
    path.join(dist, 'prerendered', 'routes.json'),
    JSON.stringify({ '/pricing': 'pricing.html' }),
  );
  const app = express();
  app.use(serveSpa(dist, 'https://santa.example/'));
  return app;
}

test('a prerendered page is sent for its route, with this server’s address in its link-preview tags', async () => {
  const page = await supertest(prerenderedApp()).get('/pricing').set('Accept-Encoding', 'gzip, br');
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expect(page.headers.vary).toContain('Accept-Encoding');
  expect(page.text).toContain('<h1>Choose Your Magical Plan</h1>');
  expect(page.text).toContain('content="https://santa.example/pricing"');
});

test('a prerendered page goes gzipped to a browser without brotli, and plain to one without either', async () => {
  const app = prerenderedApp();
  const gzip = await supertest(app).get('/pricing').set('Accept-Encoding', 'gzip');
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.text).toContain('Choose Your Magical Plan');
  const plain = await supertest(app).get('/pricing').set('Accept-Encoding', 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.text).toContain('Choose Your Magical Plan');
});

test('routes without a prerendered page still get the empty app shell', async () => {
  const page = await supertest(prerenderedApp()).get('/dashboard');
  expect(page.status).toBe(200);
  expect(page.text).toBe('<!doctype html><div id="root"></div>');
});
