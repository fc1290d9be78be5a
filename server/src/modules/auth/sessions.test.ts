import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, signUp, TestClient, type TestContext } from '../../../test/test-app.ts';
import type { Db, PreparedStatement } from '../../db/db.ts';
import { describeDevice } from './device.ts';

let ctx: TestContext;
/** While set, the app's session lookups read the row, then wait for it before answering. */
let lookupsHeld: Promise<void> | undefined;
beforeAll(async () => {
  ctx = await createTestContext({
    appDb: (db): Db => ({
      ...db,
      kind: db.kind,
      async query<T>(sql: string | PreparedStatement, params?: unknown[]) {
        const held = String(sql).includes('from sessions s join users') ? lookupsHeld : undefined;
        const result = await db.query<T>(sql, params);
        await held;
        return result;
      },
      transaction: (fn) => db.transaction(fn),
      script: (sql, params) => db.script(sql, params),
      exec: (sql) => db.exec(sql),
      close: () => db.close(),
    }),
  });
});
afterAll(() => ctx.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** The same parent signed in on two devices. */
async function parentOnTwoDevices() {
  const { client: phone, user, password } = await signUp(ctx.app);
  const laptop = new TestClient(ctx.app);
  await laptop.post('/api/auth/login').set('User-Agent', WINDOWS).send({ email: user.email, password });
  return { phone, laptop, user, password };
}

test('a parent sees their signed-in devices, this one marked', async () => {
  const { client, user, password } = await signUp(ctx.app);
  const laptop = new TestClient(ctx.app);
  await laptop.post('/api/auth/login').set('User-Agent', WINDOWS).send({ email: user.email, password });
  const res = await laptop.get('/api/auth/sessions');
  expect(res.status).toBe(200);
  expect(res.body.sessions).toHaveLength(2);
  expect(res.body.sessions.find((s: { current: boolean }) => s.current).device).toBe('Chrome on Windows');
  expect(
    (await client.get('/api/auth/sessions')).body.sessions.filter((s: { current: boolean }) => s.current),
  ).toHaveLength(1);
});

test('a parent signs one device out; it is refused at once', async () => {
  const { phone, laptop } = await parentOnTwoDevices();
  const { sessions } = (await laptop.get('/api/auth/sessions')).body;
  const other = sessions.find((s: { current: boolean }) => !s.current);
  expect((await laptop.delete(`/api/auth/sessions/${other.id}`)).status).toBe(200);
  expect((await phone.get('/api/auth/me')).status).toBe(401);
  expect((await laptop.get('/api/auth/me')).status).toBe(200);
});

test('“sign out everywhere else” ends every other session and keeps this one', async () => {
  const { phone, laptop, user, password } = await parentOnTwoDevices();
  const tablet = new TestClient(ctx.app);
  await tablet.post('/api/auth/login').send({ email: user.email, password });
  const res = await laptop.post('/api/auth/sessions/sign-out-others');
  expect(res.body.message).toBe('Signed out on 2 other devices');
  expect((await phone.get('/api/auth/me')).status).toBe(401);
  expect((await tablet.get('/api/auth/me')).status).toBe(401);
  expect((await laptop.get('/api/auth/me')).status).toBe(200);
});

test('a parent cannot sign out another parent’s device', async () => {
  const victim = await parentOnTwoDevices();
  const { sessions } = (await victim.laptop.get('/api/auth/sessions')).body;
  const { client: attacker } = await signUp(ctx.app);
  expect((await attacker.delete(`/api/auth/sessions/${sessions[0].id}`)).status).toBe(404);
  expect((await victim.laptop.get('/api/auth/me')).status).toBe(200);
});

test('the devices list needs a signed-in parent', async () => {
  expect((await new TestClient(ctx.app).get('/api/auth/sessions')).status).toBe(401);
});

test('a parent session unused for 3 days ends', async () => {
  const { client, user } = await signUp(ctx.app);
  await ctx.db.query(`update sessions set last_seen_at = now() - interval '73 hours' where user_id = $1`, [
    user.id,
  ]);
  ctx.services.auth.forgetUser(user.id);
  expect((await client.get('/api/auth/me')).status).toBe(401);
});

test('devices are named by browser and system', () => {
  expect(describeDevice(IPHONE)).toBe('Safari on iPhone');
  expect(describeDevice(WINDOWS)).toBe('Chrome on Windows');
  expect(describeDevice(undefined)).toBe('Unknown device');
});

test('a request after signing out never shares a session lookup begun before it', async () => {
  const { client } = await signUp(ctx.app);
  const { auth } = ctx.services;
  let release!: () => void;
  lookupsHeld = new Promise<void>((resolve) => (release = resolve));
  const before = auth.authenticate(client.cookie);
  await auth.logout(client.cookie);
  lookupsHeld = undefined;
  const after = auth.authenticate(client.cookie);
  release();
  await before;
  expect(await after).toBeUndefined();
});
