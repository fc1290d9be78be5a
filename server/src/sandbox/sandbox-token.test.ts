/**
 * Production with ALLOW_SANDBOX=true (a trial or staging): the sandbox mailbox and phone show every
 * reset link and code, so each /sandbox page and API needs SANDBOX_PAGES_TOKEN.
 */
import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

const TOKEN = 'a-long-enough-sandbox-pages-token';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: { NODE_ENV: 'production', ALLOW_SANDBOX: 'true', SANDBOX_PAGES_TOKEN: TOKEN },
  });
});
afterAll(() => ctx.close());

test('without the token the sandbox mailbox and phone are refused', async () => {
  for (const path of ['/sandbox/mail', '/sandbox/phone', '/sandbox/phone/app.js']) {
    const res = await supertest(ctx.app).get(path);
    expect(res.status, path).toBe(403);
    expect(res.body.detail).toContain('SANDBOX_PAGES_TOKEN');
  }
});

test('a wrong token is refused', async () => {
  expect((await supertest(ctx.app).get('/sandbox/mail?token=not-the-token')).status).toBe(403);
  expect((await supertest(ctx.app).get('/sandbox/mail').set('X-Sandbox-Token', 'nope')).status).toBe(403);
});

test('opened once with the token, the browser keeps it for the other sandbox pages', async () => {
  const browser = supertest.agent(ctx.app);
  expect((await browser.get(`/sandbox/mail?token=${TOKEN}`)).status).toBe(200);
  expect((await browser.get('/sandbox/phone')).status).toBe(200);
});

test('a script may send the token as a header', async () => {
  expect((await supertest(ctx.app).get('/sandbox/mail').set('X-Sandbox-Token', TOKEN)).status).toBe(200);
});
