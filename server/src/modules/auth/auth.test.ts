import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import supertest from 'supertest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  PUBLIC_URL,
  TestClient,
  createTestContext,
  signUp,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-app.ts';
import { delaySeconds, FREE_FAILURES, TOO_MANY_TRIES } from './sign-in-throttle.ts';
import { hashToken } from './tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const password = 'correct-horse-battery';

/** A browser that came back from a third-party sign-in: it holds the handoff's binding cookie. */
function browserThatSignedIn(handoff: string): TestClient {
  const client = new TestClient(ctx.app);
  client.otherCookies.set('sign_in_handoff', handoff);
  return client;
}

describe('POST /api/auth/register', () => {
  test('creates the account, answers session_token and user, and sets the session cookie', async () => {
    const client = new TestClient(ctx.app);
    const email = uniqueEmail();
    const res = await client.post('/api/auth/register').send({ email, password, name: 'Pat' });
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(String),
      email,
      email_verified: false,
      has_password: true,
      name: 'Pat',
      picture: null,
      google_id: null,
      is_admin: false,
    });
    expect(res.body.session_token).toMatch(/^[\w-]{43}$/);
    const cookie = res.headers['set-cookie']![0]!;
    expect(cookie).toContain(`session_token=${res.body.session_token}`);
    expect(cookie).toMatch(/Max-Age=604800/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=None/);
  });

  test('stores only the hash of the session token', async () => {
    const { client } = await signUp(ctx.app);
    const { rows } = await ctx.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(client.cookie!));
    expect(rows.map((r) => r.token_hash)).not.toContain(client.cookie);
  });

  test('normalises the email (trim, lower-case)', async () => {
    const email = uniqueEmail();
    const res = await new TestClient(ctx.app)
      .post('/api/auth/register')
      .send({ email: `  ${email.toUpperCase()} `, password, name: 'Pat' });
    expect(res.status).toBe(201);
    expect(res.body.user.email).toBe(email);
  });

  test('refuses a duplicate email with 409', async () => {
    const { user } = await signUp(ctx.app);
    const res = await new TestClient(ctx.app)
      .post('/api/auth/register')
      .send({ email: user.email.toUpperCase(), password, name: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'An account with this email already exists', code: 'conflict' });
  });

  test.each([
    [{ password, name: 'Pat' }, 'Email is required'],
    [{ email: 'not-an-email', password, name: 'Pat' }, 'Please enter a valid email address'],
    [{ email: uniqueEmail(), name: 'Pat' }, 'Password is required'],
    [{ email: uniqueEmail(), password: 'short', name: 'Pat' }, 'Password must be at least 8 characters'],
    [{ email: uniqueEmail(), password: 'x'.repeat(73), name: 'Pat' }, 'Password must be at most 72 bytes'],
    [{ email: uniqueEmail(), password }, 'Name is required'],
    [{ email: uniqueEmail(), password, name: '   ' }, 'Name is required'],
  ])('refuses missing or invalid fields %#', async (body, detail) => {
    const res = await new TestClient(ctx.app).post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail, code: 'bad_request' });
  });

  test('refuses the admin email', async () => {
    const res = await new TestClient(ctx.app)
      .post('/api/auth/register')
      .send({ email: ADMIN_EMAIL, password, name: 'Mallory' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('This email address cannot be used to create an account');
  });

  test('hashes passwords with bcrypt cost 11 by default', async () => {
    const production = await createTestContext({ deps: { bcryptCost: undefined } });
    try {
      const { user } = await signUp(production.app);
      const { rows } = await production.db.query<{ password_hash: string }>(
        'select password_hash from users where id = $1',
        [user.id],
      );
      expect(rows[0]!.password_hash).toMatch(/^\$2b\$11\$/);
    } finally {
      await production.close();
    }
  });
});

describe('POST /api/auth/login', () => {
  test('signs in with the right password and makes a new session each time', async () => {
    const { user, client: first } = await signUp(ctx.app);
    const client = new TestClient(ctx.app);
    const res = await client.post('/api/auth/login').send({ email: user.email, password });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(first.cookie);
  });

  test('answers the same 401 for a wrong password and an unknown email', async () => {
    const { user } = await signUp(ctx.app);
    const wrong = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: 'wrong-password' });
    const unknown = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .send({ email: uniqueEmail(), password });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.detail).toBe('Invalid email or password');
  });

  test('refuses missing fields', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/login').send({ email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Password is required');
  });

  test('refuses malformed JSON with a detail', async () => {
    const res = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'Malformed JSON body', code: 'bad_request' });
  });

  test('refuses an oversize body with 413', async () => {
    const res = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .send({ email: uniqueEmail(), password: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  test('the admin signs in with ADMIN_PASSWORD and is_admin is true', async () => {
    const res = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.is_admin).toBe(true);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  test('me answers the signed-in user', async () => {
    const { client, user } = await signUp(ctx.app, { name: 'Robin' });
    const res = await client.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Robin', is_admin: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('me answers 401 without a session', async () => {
    const res = await new TestClient(ctx.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
  });

  test('logout deletes the session, so the old token no longer works', async () => {
    const { client } = await signUp(ctx.app);
    const token = client.cookie!;
    const res = await client.post('/api/auth/logout');
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']![0]).toMatch(/session_token=;/);
    const { rowCount } = await ctx.db.query('select 1 from sessions where token_hash = $1', [
      hashToken(token),
    ]);
    expect(rowCount).toBe(0);
    const replay = new TestClient(ctx.app);
    replay.cookie = token;
    expect((await replay.get('/api/auth/me')).status).toBe(401);
  });

  test('an expired session token is refused', async () => {
    const { client } = await signUp(ctx.app);
    await ctx.db.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      hashToken(client.cookie!),
    ]);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('an admin session ends after 30 minutes idle', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    await ctx.db.query(
      `update sessions set last_seen_at = now() - interval '31 minutes' where token_hash = $1`,
      [hashToken(client.cookie!)],
    );
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  test('an admin session ends 12 hours after sign-in even when active', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const { rows } = await ctx.db.query<{ hours: number }>(
      `select extract(epoch from expires_at - created_at) / 3600 as hours from sessions where token_hash = $1`,
      [hashToken(client.cookie!)],
    );
    expect(Number(rows[0]!.hours)).toBeCloseTo(12, 1);
    await ctx.db.query(`update sessions set created_at = now() - interval '13 hours' where token_hash = $1`, [
      hashToken(client.cookie!),
    ]);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });
});

describe('GET /api/auth/session (sign-in handoff)', () => {
  test('exchanges a handoff id for a session cookie and the user, once', async () => {
    const { user } = await signUp(ctx.app);
    const handoff = await ctx.services.auth.createHandoff(user.id);
    const client = browserThatSignedIn(handoff);
    const res = await client.get('/api/auth/session').set('X-Session-ID', handoff);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(user.id);
    expect(client.cookie).toBe(res.body.session_token);
    expect((await client.get('/api/auth/me')).status).toBe(200);

    const reused = await browserThatSignedIn(handoff).get('/api/auth/session').set('X-Session-ID', handoff);
    expect(reused.status).toBe(401);
    expect(reused.body.detail).toBe('Sign-in link is invalid or has expired');
  });

  test('refuses an expired handoff id', async () => {
    const { user } = await signUp(ctx.app);
    const handoff = await ctx.services.auth.createHandoff(user.id);
    await ctx.db.query(
      `update sign_in_handoffs set expires_at = now() - interval '1 second' where id_hash = $1`,
      [hashToken(handoff)],
    );
    const res = await browserThatSignedIn(handoff).get('/api/auth/session').set('X-Session-ID', handoff);
    expect(res.status).toBe(401);
  });

  test('refuses a handoff id that this browser’s own sign-in did not produce', async () => {
    const { user } = await signUp(ctx.app);
    const handoff = await ctx.services.auth.createHandoff(user.id);
    const res = await new TestClient(ctx.app).get('/api/auth/session').set('X-Session-ID', handoff);
    expect(res.status).toBe(401);
    const own = await browserThatSignedIn(handoff).get('/api/auth/session').set('X-Session-ID', handoff);
    expect(own.status).toBe(200);
  });

  test('refuses a missing header', async () => {
    expect((await new TestClient(ctx.app).get('/api/auth/session')).status).toBe(401);
  });
});

describe('CSRF: state-changing requests must come from our origin', () => {
  test('a foreign Origin is refused with 403 and nothing is created', async () => {
    const email = uniqueEmail();
    const res = await new TestClient(ctx.app, 'https://evil.example')
      .post('/api/auth/register')
      .send({ email, password, name: 'Eve' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Request origin not allowed');
    const { rowCount } = await ctx.db.query('select 1 from users where email = $1', [email]);
    expect(rowCount).toBe(0);
  });

  test('a request with neither Origin nor Referer is refused', async () => {
    const res = await supertest(ctx.app).post('/api/auth/login').send({ email: uniqueEmail(), password });
    expect(res.status).toBe(403);
  });

  test('a Referer from our origin is accepted', async () => {
    const res = await supertest(ctx.app)
      .post('/api/auth/register')
      .set('Referer', `${PUBLIC_URL}/auth`)
      .send({ email: uniqueEmail(), password, name: 'Pat' });
    expect(res.status).toBe(201);
  });

  test('Sec-Fetch-Site: cross-site is refused even with our Origin', async () => {
    const res = await new TestClient(ctx.app).post('/api/auth/logout').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
  });

  test('a logout from a foreign origin leaves the session alive', async () => {
    const { client } = await signUp(ctx.app);
    const attacker = new TestClient(ctx.app, 'https://evil.example');
    attacker.cookie = client.cookie;
    expect((await attacker.post('/api/auth/logout')).status).toBe(403);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

describe('rate limiting', () => {
  const wrong = (client: TestClient, email: string) =>
    client.post('/api/auth/login').send({ email, password: 'wrong-password' });

  test('a third party’s wrong passwords from another address never lock the owner out', async () => {
    // Behind a proxy (TRUST_PROXY) the client address comes from X-Forwarded-For.
    const proxied = await createTestContext({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const { user } = await signUp(proxied.app);
      for (let i = 0; i < 30; i += 1) {
        const res = await wrong(new TestClient(proxied.app), user.email).set(
          'X-Forwarded-For',
          '203.0.113.9',
        );
        expect([401, 429]).toContain(res.status);
      }
      const owner = await new TestClient(proxied.app)
        .post('/api/auth/login')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ email: user.email, password });
      expect(owner.status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  test('wrong passwords from one client grow a delay: 429 with Retry-After, not a lock', async () => {
    const { user } = await signUp(ctx.app);
    for (let i = 0; i < FREE_FAILURES; i += 1)
      expect((await wrong(new TestClient(ctx.app), user.email)).status).toBe(401);
    const res = await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email, password });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: TOO_MANY_TRIES, code: 'rate_limited' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(delaySeconds(FREE_FAILURES));

    // Once the delay has passed, the right password signs in and the count starts again.
    await ctx.db.query(`update sign_in_failures set last_failure_at = now() - interval '1 hour'`);
    const later = await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email, password });
    expect(later.status).toBe(200);
    const { rows } = await ctx.db.query('select 1 from sign_in_failures where user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  test('the delay grows with each wrong password and never exceeds 15 minutes', () => {
    expect(delaySeconds(FREE_FAILURES - 1)).toBe(0);
    expect(delaySeconds(FREE_FAILURES)).toBe(2);
    expect(delaySeconds(FREE_FAILURES + 1)).toBe(4);
    expect(delaySeconds(FREE_FAILURES + 40)).toBe(15 * 60);
  });

  test('sign-ups with a taken email and requests without a password never slow the owner down', async () => {
    const { user } = await signUp(ctx.app);
    for (let i = 0; i < 12; i += 1) {
      await new TestClient(ctx.app)
        .post('/api/auth/register')
        .send({ email: user.email, password, name: 'X' });
      await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email });
    }
    const owner = await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email, password });
    expect(owner.status).toBe(200);
  });

  test('a password longer than 72 bytes is refused at sign-in as at sign-up', async () => {
    const long = 'a'.repeat(72);
    const { user } = await signUp(ctx.app, { password: long });
    const withSuffix = await new TestClient(ctx.app)
      .post('/api/auth/login')
      .send({ email: user.email, password: `${long}anything` });
    expect(withSuffix.status).toBe(400);
    expect(withSuffix.body.detail).toBe('Password must be at most 72 bytes');
  });

  test('successful sign-ins never count against the address', async () => {
    const limited = await createTestContext({
      deps: { authRateLimits: { perIp: { limit: 3, windowMs: 60_000 } } },
    });
    try {
      const { user } = await signUp(limited.app);
      for (let i = 0; i < 10; i += 1) {
        const res = await new TestClient(limited.app)
          .post('/api/auth/login')
          .send({ email: user.email, password });
        expect(res.status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  test('each address gets a bounded number of failed attempts', async () => {
    const limited = await createTestContext({
      deps: { authRateLimits: { perIp: { limit: 3, windowMs: 60_000 } } },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        await new TestClient(limited.app).post('/api/auth/login').send({ email: uniqueEmail(), password });
      }
      const res = await new TestClient(limited.app)
        .post('/api/auth/register')
        .send({ email: uniqueEmail(), password, name: 'Pat' });
      expect(res.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the HTTP layer', () => {
  test('GET /api/health reports the database as reachable', async () => {
    const res = await supertest(ctx.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'reachable' });
  });

  test('unknown API routes answer 404 JSON', async () => {
    const res = await supertest(ctx.app).get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found', code: 'not_found' });
  });

  test('every answer carries a request id and helmet headers', async () => {
    const res = await supertest(ctx.app).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('GET /api/auth/current-user', () => {
  test('a visitor who is not signed in is told there is no user, without an error status', async () => {
    const res = await new TestClient(ctx.app).get('/api/auth/current-user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  test('a signed-in parent is told who they are, as /api/auth/me says', async () => {
    const { client, user } = await signUp(ctx.app);
    const res = await client.get('/api/auth/current-user');
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual((await client.get('/api/auth/me')).body.user);
    expect(res.body.user.id).toBe(user.id);
  });
});
