/**
 * Hostile input against every mounted route: fuzzed JSON with NUL and control characters, broken
 * multipart, bad %-escapes in paths and forms. Whatever comes in, the answer is never a 5xx.
 */
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, signUp, TestClient, type TestContext } from '../../test/test-app.ts';
import { listRoutes, type MountedRoute } from '../../test/routes.ts';
import { postProfile, validProfile } from '../../test/fixtures/santa.ts';

let ctx: TestContext;
let parent: TestClient;
let routes: MountedRoute[];
beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: parent } = await signUp(ctx.app));
  await postProfile(parent, validProfile());
  routes = listRoutes(ctx.app);
});
afterAll(async () => {
  await ctx.close();
});

const FIELDS = [
  'email',
  'password',
  'name',
  'kid_name',
  'parent_phone',
  'age',
  'wish_list',
  'plan',
  'coupon_code',
  'minutes',
  'note',
  'prompt',
  'user_id',
  'discount',
  'santa_personality',
  'type',
  'data',
  'choice',
];
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u007f', '%', 'a', '\ud800', '{{', '}') }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 3 }),
);
const jsonBody = fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 6 });
const pathParam = fc.oneof(
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%00',
    '..%2F..%2Fetc',
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

function concretePath(route: MountedRoute, param: string): string {
  return route.path.replace(/:\w+/g, param);
}

function send(client: TestClient | undefined, method: string, path: string) {
  const agent = client ?? new TestClient(ctx.app);
  const m = method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  if (m === 'get' || m === 'post' || m === 'put' || m === 'delete') return agent[m](path);
  return supertest(ctx.app)[m as 'patch'](path).set('Origin', agent.origin);
}

const BROKEN_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"email": "a@b.c", ' },
  { type: 'application/json', body: '{"kid_name": "\\u0000"}' },
  { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="kid_name"\r\n\r\nEmma' },
  { type: 'multipart/form-data; boundary=', body: 'garbage' },
  {
    type: 'multipart/form-data; boundary=abc',
    body: '--abc\r\nContent-Disposition: form-data; name="kid_na',
  },
  { type: 'multipart/form-data; boundary=abc', body: '--abc\r\nNot-A-Header\r\n\r\nx\r\n--abc--' },
  { type: 'application/x-www-form-urlencoded', body: 'kid_name=%E0%A4%A&email=%' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%00&b=%ZZ' },
  { type: 'text/plain', body: '\u0000\u0000' },
];

test('fuzzed JSON bodies and path parameters never answer 5xx on any route', async () => {
  expect(routes.length).toBeGreaterThan(30);
  const failures: string[] = [];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...routes),
      pathParam,
      jsonBody,
      fc.constantFrom<'parent' | 'anonymous'>('parent', 'anonymous'),
      async (route, param, body, who) => {
        const path = concretePath(route, param);
        // The parent stays signed in throughout; logging out is fuzzed anonymously.
        const asParent = who === 'parent' && route.path !== '/api/auth/logout';
        const req = send(asParent ? parent : undefined, route.method, path);
        const res = route.method === 'GET' ? await req : await req.send(body);
        if (res.status >= 500)
          failures.push(`${route.method} ${path} ${JSON.stringify(body)} → ${res.status}`);
        return res.status < 500;
      },
    ),
    { numRuns: 1500, seed: 20261124 },
  );
  expect(failures).toEqual([]);
});

test('broken multipart, JSON and form bodies never answer 5xx on any route', async () => {
  const failures: string[] = [];
  for (const route of routes.filter((r) => r.method !== 'GET' && r.path !== '/api/auth/logout')) {
    for (const { type, body } of BROKEN_BODIES) {
      const res = await send(parent, route.method, concretePath(route, 'x'))
        .set('Content-Type', type)
        .send(body);
      if (res.status >= 500) failures.push(`${route.method} ${route.path} [${type}] → ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
});

test('a NUL byte in a profile field is refused with a clear detail', async () => {
  const res = await postProfile(parent, validProfile({ kid_name: 'Emma\u0000' }));
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe('kid_name contains a control character');
});

test('a malformed %-escape in a path answers 400', async () => {
  const res = await parent.get('/api/calls/%E0%A4%A/recording');
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('bad_request');
});

test('deeply nested JSON is refused with a 4xx on every route, signed in or not', async () => {
  const deep = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
  const deepObject = `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`;
  const failures: string[] = [];
  for (const route of routes.filter((r) => r.method !== 'GET' && r.path !== '/api/auth/logout')) {
    for (const who of [parent, undefined]) {
      for (const body of [deep, deepObject]) {
        const res = await send(who, route.method, concretePath(route, 'x'))
          .set('Content-Type', 'application/json')
          .send(body);
        if (res.status >= 500) failures.push(`${route.method} ${route.path} → ${res.status}`);
      }
    }
  }
  expect(failures).toEqual([]);
});

test('a sign-up nested past the limit is told so', async () => {
  let body: unknown = 'x';
  for (let i = 0; i < 40; i += 1) body = { nested: body };
  const res = await new TestClient(ctx.app).post('/api/auth/register').send({ email: body });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe('The request is nested too deeply.');
});
