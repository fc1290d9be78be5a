import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_EMAIL,
  PUBLIC_URL,
  TestClient,
  createTestContext,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-app.ts';
import { SANDBOX_CODE_TTL_MS, SandboxGoogle } from '../../providers/google/sandbox-google.ts';
import { hashToken } from './tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const SIGN_IN_FAILED = '/auth?error=google';

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** GET /api/auth/google: the redirect to the sandbox's account chooser. */
async function startGoogleSignIn(client: TestClient) {
  const res = await client.get('/api/auth/google');
  expect(res.status).toBe(302);
  const chooser = new URL(res.headers.location!);
  expect(`${chooser.origin}${chooser.pathname}`).toBe(`${PUBLIC_URL}/sandbox/google`);
  return { chooser, params: Object.fromEntries(chooser.searchParams) };
}

/** Picks an account on the sandbox chooser; answers the callback URL it sends the browser to. */
async function choose(client: TestClient, params: Record<string, string>, choice: Record<string, string>) {
  const res = await client
    .post('/sandbox/google')
    .type('form')
    .send({ ...params, ...choice });
  expect(res.status).toBe(303);
  return new URL(res.headers.location!);
}

async function callback(client: TestClient, url: URL) {
  const res = await client.get(pathOf(url));
  expect(res.status).toBe(302);
  return res.headers.location!;
}

/** The whole journey with a typed-in account; answers where the callback redirected. */
async function signInWithGoogle(account: { email: string; name?: string; verified?: boolean }) {
  const client = new TestClient(ctx.app);
  const { params } = await startGoogleSignIn(client);
  const back = await choose(client, params, {
    choice: 'custom',
    email: account.email,
    name: account.name ?? 'Gale Google',
    ...(account.verified === false ? {} : { email_verified: 'on' }),
  });
  return { client, location: await callback(client, back) };
}

function handoffIdFrom(location: string): string {
  const match = /^\/dashboard#session_id=([\w-]+)$/.exec(location);
  if (!match) throw new Error(`expected a dashboard redirect, got ${location}`);
  return match[1]!;
}

async function countHandoffs() {
  const { rows } = await ctx.db.query<{ n: number }>('select count(*)::int as n from sign_in_handoffs');
  return rows[0]!.n;
}

describe('Google sign-in through the sandbox', () => {
  test('the sandbox account chooser says it is a sandbox and lists accounts to choose', async () => {
    const client = new TestClient(ctx.app);
    const { chooser } = await startGoogleSignIn(client);
    const page = await client.get(pathOf(chooser));
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('SANDBOX');
    expect(page.text).toContain('Choose an account');
    expect(page.text).toContain('holly.jolly@example.com');
    expect(page.text).toContain('nick.frost@example.com');
    expect(page.text).not.toMatch(/<script/i);
  });

  test('third-party sign-in return: the session id from the redirect signs the user in once, with the cookie', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    expect(params).toMatchObject({ redirect_uri: CALLBACK, code_challenge_method: 'S256' });
    const back = await choose(client, params, { choice: 'preset', preset: '0' });
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    const handoffId = handoffIdFrom(await callback(client, back));

    const session = await client.get('/api/auth/session').set('X-Session-ID', handoffId);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({
      email: 'holly.jolly@example.com',
      name: 'Holly Jolly',
      google_id: expect.stringMatching(/^sandbox-/),
      is_admin: false,
    });
    expect(session.headers['set-cookie']).toContainEqual(
      expect.stringContaining(`session_token=${session.body.session_token}`),
    );
    expect((await client.get('/api/auth/me')).body.user.email).toBe('holly.jolly@example.com');

    const reused = await new TestClient(ctx.app).get('/api/auth/session').set('X-Session-ID', handoffId);
    expect(reused.status).toBe(401);
  });

  test('signing in with the same Google account again finds the same user', async () => {
    const email = uniqueEmail('google');
    const first = await signInWithGoogle({ email });
    const second = await signInWithGoogle({ email });
    const ids = [];
    for (const { client, location } of [first, second]) {
      const res = await client.get('/api/auth/session').set('X-Session-ID', handoffIdFrom(location));
      ids.push(res.body.user.id as string);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  test('the sandbox Google never signs into or links to an account that has a password', async () => {
    const { user, password } = await signUp(ctx.app);
    const before = await countHandoffs();
    const { client, location } = await signInWithGoogle({ email: user.email });
    expect(location).toBe(SIGN_IN_FAILED);
    expect(client.cookie).toBeUndefined();
    expect(await countHandoffs()).toBe(before);
    const { rows } = await ctx.db.query('select google_id from users where id = $1', [user.id]);
    expect(rows[0]).toEqual({ google_id: null });
    const login = await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email, password });
    expect(login.status).toBe(200);
  });

  test('login CSRF: a callback URL opened in another browser does not sign that browser in', async () => {
    const attacker = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(attacker);
    const back = await choose(attacker, params, {
      choice: 'custom',
      email: uniqueEmail('attacker'),
      name: 'Attacker',
      email_verified: 'on',
    });
    const victim = new TestClient(ctx.app);
    expect(await callback(victim, back)).toBe(SIGN_IN_FAILED);
    expect(victim.cookie).toBeUndefined();
    expect(victim.otherCookies.has('sign_in_handoff')).toBe(false);
  });

  test('login CSRF: a handoff id sent to another browser in a link is refused there', async () => {
    const { location } = await signInWithGoogle({ email: uniqueEmail('attacker') });
    const victim = new TestClient(ctx.app);
    const res = await victim.get('/api/auth/session').set('X-Session-ID', handoffIdFrom(location));
    expect(res.status).toBe(401);
    expect(victim.cookie).toBeUndefined();
  });

  test('an unverified Google email does not create or link an account', async () => {
    const { user } = await signUp(ctx.app);
    const { location } = await signInWithGoogle({ email: user.email, verified: false });
    expect(location).toBe(SIGN_IN_FAILED);
    const { rows } = await ctx.db.query('select google_id from users where id = $1', [user.id]);
    expect(rows[0]).toEqual({ google_id: null });
  });

  test('Google sign-in with the admin email is refused: back to /auth, no session', async () => {
    const before = await countHandoffs();
    const { client, location } = await signInWithGoogle({ email: ADMIN_EMAIL });
    expect(location).toBe(SIGN_IN_FAILED);
    expect(client.cookie).toBeUndefined();
    expect(await countHandoffs()).toBe(before);
    const { rows } = await ctx.db.query('select google_id from users where email = $1', [ADMIN_EMAIL]);
    expect(rows[0]).toEqual({ google_id: null });
  });

  test('cancelling on the account chooser returns to /auth', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const back = await choose(client, params, { choice: 'cancel' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('the account chooser only sends codes back to our own origin', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const evil = { ...params, redirect_uri: 'https://evil.example/callback' };
    expect((await client.get(`/sandbox/google?${new URLSearchParams(evil)}`)).status).toBe(400);
    const res = await client
      .post('/sandbox/google')
      .type('form')
      .send({ ...evil, choice: 'preset', preset: '1' });
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('Google callback refusals', () => {
  test('stores only the hash of the state, which expires within ten minutes', async () => {
    const { params } = await startGoogleSignIn(new TestClient(ctx.app));
    const { rows } = await ctx.db.query<{ state_hash: string; ttl: number }>(
      `select state_hash, extract(epoch from expires_at - now())::float as ttl from oauth_states
       where state_hash = $1 or state_hash = $2`,
      [hashToken(params.state!), params.state],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state_hash).toBe(hashToken(params.state!));
    expect(rows[0]!.ttl).toBeGreaterThan(9 * 60);
    expect(rows[0]!.ttl).toBeLessThanOrEqual(10 * 60);
  });

  test('the hourly clean-up deletes abandoned sign-in states and keeps live ones', async () => {
    const abandoned = await startGoogleSignIn(new TestClient(ctx.app));
    const live = await startGoogleSignIn(new TestClient(ctx.app));
    await ctx.db.query(
      `update oauth_states set expires_at = now() - interval '1 second' where state_hash = $1`,
      [hashToken(abandoned.params.state!)],
    );
    expect(await ctx.services.auth.deleteExpiredOAuthStates()).toBeGreaterThanOrEqual(1);
    const { rows } = await ctx.db.query<{ state_hash: string }>(
      'select state_hash from oauth_states where state_hash = any($1)',
      [[hashToken(abandoned.params.state!), hashToken(live.params.state!)]],
    );
    expect(rows.map((row) => row.state_hash)).toEqual([hashToken(live.params.state!)]);
  });

  test('a state used once cannot be used again', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const back = await choose(client, params, { choice: 'preset', preset: '1' });
    handoffIdFrom(await callback(client, back));
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('a missing, unknown or expired state is refused', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const back = await choose(client, params, { choice: 'preset', preset: '0' });

    const withoutState = new URL(back);
    withoutState.searchParams.delete('state');
    expect(await callback(client, withoutState)).toBe(SIGN_IN_FAILED);
    const unknown = new URL(back);
    unknown.searchParams.set('state', 'x'.repeat(43));
    expect(await callback(client, unknown)).toBe(SIGN_IN_FAILED);

    await ctx.db.query(
      `update oauth_states set expires_at = now() - interval '1 second' where state_hash = $1`,
      [hashToken(params.state!)],
    );
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('a forged sandbox code is refused', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const back = await choose(client, params, { choice: 'preset', preset: '0' });
    const [body, signature] = back.searchParams.get('code')!.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forgedBody = Buffer.from(
      JSON.stringify({ ...payload, email: 'someone.else@example.com' }),
    ).toString('base64url');
    back.searchParams.set('code', `${forgedBody}.${signature}`);
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('a code signed with another secret is refused', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const impostor = new SandboxGoogle({ clientSecret: 'not-the-sandbox-secret', publicUrl: PUBLIC_URL });
    const back = impostor.approve(
      {
        state: params.state!,
        nonce: params.nonce!,
        codeChallenge: params.code_challenge!,
        redirectUri: CALLBACK,
      },
      { email: uniqueEmail('forged'), name: 'Forged', emailVerified: true },
    );
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('an expired sandbox code is refused', async () => {
    const client = new TestClient(ctx.app);
    const { params } = await startGoogleSignIn(client);
    const earlier = new SandboxGoogle({
      clientSecret: ctx.providers.sandboxSecrets.googleClientSecret,
      publicUrl: PUBLIC_URL,
      now: () => Date.now() - SANDBOX_CODE_TTL_MS - 1000,
    });
    const back = earlier.approve(
      {
        state: params.state!,
        nonce: params.nonce!,
        codeChallenge: params.code_challenge!,
        redirectUri: CALLBACK,
      },
      { email: uniqueEmail('late'), name: 'Late', emailVerified: true },
    );
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('a code is bound to the sign-in that asked for it (PKCE challenge and nonce)', async () => {
    const client = new TestClient(ctx.app);
    const first = await startGoogleSignIn(client);
    const second = await startGoogleSignIn(client);
    const back = await choose(client, first.params, { choice: 'preset', preset: '0' });
    back.searchParams.set('state', second.params.state!);
    expect(await callback(client, back)).toBe(SIGN_IN_FAILED);
  });

  test('a sandbox code is refused without the PKCE verifier of its sign-in', async () => {
    const google = new SandboxGoogle({ clientSecret: 'secret', publicUrl: PUBLIC_URL });
    const started = await google.startAuthorization(CALLBACK);
    const challenge = new URL(started.url).searchParams.get('code_challenge')!;
    const back = google.approve(
      { state: started.state, nonce: started.nonce, codeChallenge: challenge, redirectUri: CALLBACK },
      { email: 'pat@example.com', name: 'Pat', emailVerified: true },
    );
    const expected = { ...started, redirectUri: CALLBACK };
    await expect(google.finishAuthorization(back, expected)).resolves.toMatchObject({
      email: 'pat@example.com',
    });
    const other = await google.startAuthorization(CALLBACK);
    await expect(
      google.finishAuthorization(back, { ...expected, codeVerifier: other.codeVerifier }),
    ).rejects.toThrow('PKCE mismatch');
  });
});
