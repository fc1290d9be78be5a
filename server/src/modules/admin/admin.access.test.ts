import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_DENIED_MESSAGE } from '@santa/shared/admin';
import { TestClient, createTestContext, signInAsAdmin, type TestContext } from '../../../test/test-app.ts';
import { createParent } from '../../../test/fixtures/admin.ts';

let ctx: TestContext;
let admin: TestClient;
let parent: TestClient;
let otherParentId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
  parent = (await createParent(ctx)).client;
  otherParentId = (await createParent(ctx, 'Other Parent')).user.id;
});
afterAll(() => ctx.close());

type Method = 'get' | 'post' | 'delete';
const routes = (id: string): [Method, string, Record<string, string>?][] => [
  ['get', '/api/admin/users'],
  ['get', `/api/admin/users/${id}`],
  ['get', `/api/admin/discount-history/${id}`],
  ['get', `/api/admin/gift-history/${id}`],
  ['delete', `/api/admin/users/${id}/phone`],
  ['delete', `/api/admin/users/${id}`],
  ['post', '/api/admin/gift-minutes', { user_id: id, minutes: '5' }],
  ['post', '/api/admin/revoke-discount', { user_id: id, action: 'finish_period' }],
  ['get', '/api/admin/santa-prompt'],
  ['post', '/api/admin/santa-prompt', { prompt: 'Ho ho ho, {kid_name}!' }],
  ['get', `/api/admin/santa-prompt/preview?user_id=${id}`],
  ['post', '/api/admin/santa-prompt/preview', { user_id: id }],
  ['post', '/api/admin/santa-prompt/test-call', { user_id: id, 'child_says[]': 'Hi Santa' }],
  ['get', '/api/admin/coupons/list'],
  ['post', '/api/admin/coupons/generate?discount_percent=25&discount_type=forever'],
];

function send(client: TestClient, [method, path, form]: [Method, string, Record<string, string>?]) {
  const req = client[method](path);
  return form ? req.type('form').send(form) : req;
}

describe('every admin route needs the admin role', () => {
  test.each(routes('00000000-0000-4000-8000-000000000000'))('anonymous → 401 on %s %s', async (...route) => {
    const res = await send(new TestClient(ctx.app), route);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });

  test.each(routes('00000000-0000-4000-8000-000000000000'))('parent → 403 on %s %s', async (...route) => {
    const res = await send(parent, route);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: ADMIN_DENIED_MESSAGE, code: 'forbidden' });
  });

  test('a parent cannot act on another parent through the admin routes, and nothing changes', async () => {
    for (const route of routes(otherParentId)) {
      const res = await send(parent, route);
      expect(res.status).toBe(403);
    }
    const { rows } = await ctx.db.query('select 1 from users where id = $1', [otherParentId]);
    expect(rows).toHaveLength(1);
    const gifts = await ctx.db.query('select 1 from gift_history where user_id = $1', [otherParentId]);
    expect(gifts.rows).toHaveLength(0);
  });

  test('the admin is let through every read route', async () => {
    for (const path of [
      '/api/admin/users',
      `/api/admin/users/${otherParentId}`,
      `/api/admin/discount-history/${otherParentId}`,
      `/api/admin/gift-history/${otherParentId}`,
      '/api/admin/santa-prompt',
      '/api/admin/coupons/list',
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(200);
    }
  });

  test('admin answers are never cached', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  test('a state-changing admin request from another origin is refused', async () => {
    const foreign = new TestClient(ctx.app, 'https://evil.example');
    foreign.cookie = admin.cookie;
    const res = await foreign
      .post('/api/admin/gift-minutes')
      .type('form')
      .send({ user_id: otherParentId, minutes: '5' });
    expect(res.status).toBe(403);
    const gifts = await ctx.db.query('select 1 from gift_history where user_id = $1', [otherParentId]);
    expect(gifts.rows).toHaveLength(0);
  });
});
