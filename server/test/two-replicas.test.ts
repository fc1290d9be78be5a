/**
 * Two replicas on one database, each with its own memory (session and script caches): what one
 * does reaches the other within a second. Runs on PGlite (one database, two apps) and on Postgres.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../src/app.ts';
import { createServices } from '../src/services.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestContext,
  signUp,
  TestClient,
  type TestContext,
} from './test-app.ts';
import { postProfile, validProfile } from './fixtures/santa.ts';

let ctx: TestContext;
let replicaB: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext();
  replicaB = createApp(ctx.deps, createServices(ctx.deps));
});
afterAll(() => ctx.close());

/** The same browser talking to replica B (the load balancer sent it there). */
function onReplicaB(client: TestClient): TestClient {
  const other = new TestClient(replicaB);
  other.cookie = client.cookie;
  return other;
}

async function msUntil(check: () => Promise<boolean>, limitMs = 3_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error(`still not true after ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Date.now() - started;
}

test('a logout on one replica is refused on the other within a second', async () => {
  const { client } = await signUp(ctx.app);
  const b = onReplicaB(client);
  expect((await b.get('/api/auth/me')).status).toBe(200); // now remembered by replica B
  const token = client.cookie;
  await client.post('/api/auth/logout');
  b.cookie = token;
  expect(await msUntil(async () => (await b.get('/api/auth/me')).status === 401)).toBeLessThan(1_000);
});

test('a user deleted on one replica gets 401 on the other, never 500', async () => {
  const { client, user } = await signUp(ctx.app);
  const b = onReplicaB(client);
  expect((await b.get('/api/auth/me')).status).toBe(200);
  const admin = new TestClient(ctx.app);
  await admin.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  expect((await admin.delete(`/api/admin/users/${user.id}`)).status).toBe(200);
  // Straight away, while replica B may still remember the session: refused, not failed.
  const save = await postProfile(b, validProfile());
  expect(save.status).toBe(401);
  expect(await msUntil(async () => (await b.get('/api/auth/me')).status === 401)).toBeLessThan(1_000);
});

test('a Santa script saved on one replica is used by calls on the other within a second', async () => {
  const admin = new TestClient(ctx.app);
  await admin.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const servicesB = createServices(ctx.deps);
  await servicesB.santaScript.scriptForCall(); // remembered by replica B
  const current = (await admin.get('/api/admin/santa-prompt')).body.prompt as string;
  const saved = `${current}\nAlways mention the reindeer games.`;
  expect((await admin.post('/api/admin/santa-prompt').send({ prompt: saved })).status).toBe(200);
  expect(
    await msUntil(async () => (await servicesB.santaScript.scriptForCall()).prompt === saved),
  ).toBeLessThan(1_000);
});
