import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { expect, test } from 'vitest';
import { errorHandler } from './error-handler.ts';
import { serveSpa } from './spa.ts';

function spaApp() {
  const dist = mkdtempSync(path.join(tmpdir(), 'santa-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
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
