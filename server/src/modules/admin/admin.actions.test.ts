import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NO_CONFIGURATION_MESSAGE } from '@santa/shared/admin';
import {
  ADMIN_EMAIL,
  createTestContext,
  signInAsAdmin,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  agentNumber,
  auditRows,
  buyPass,
  createParent,
  generateCoupon,
  sandboxNumberExists,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/fixtures/admin.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

async function discountedParent(percent = 50, type = 'forever') {
  const parent = await createParent(ctx);
  const code = await generateCoupon(admin, percent, type);
  await buyPass(ctx, parent.client, code);
  const before = (await subscriptionOf(ctx, parent.user.id))!;
  expect(before.discount_percent).toBe(percent);
  return { ...parent, code, stripeId: before.stripe_subscription_id! };
}

describe('POST /api/admin/revoke-discount', () => {
  test('cancel_immediately cancels the Stripe subscription now, ends the plan and releases the number', async () => {
    const parent = await discountedParent();
    const number = (await agentNumber(ctx, parent.user.id))!;
    const res = await admin
      .post('/api/admin/revoke-discount')
      .type('form')
      .send({ user_id: parent.user.id, action: 'cancel_immediately' });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain('cancelled immediately');
    expect((await stripeSubscription(ctx, parent.stripeId))!.status).toBe('canceled');
    expect(await subscriptionOf(ctx, parent.user.id)).toMatchObject({
      status: 'ended',
      discount_percent: null,
    });
    expect(await agentNumber(ctx, parent.user.id)).toBeUndefined();
    expect(await sandboxNumberExists(ctx, number)).toBe(false);
    expect((await parent.client.get('/api/subscription/status')).body.has_subscription).toBe(false);
  });

  test('finish_period removes the discount and cancels at period end, service continues', async () => {
    const parent = await discountedParent(25, 'first_month');
    const res = await admin
      .post('/api/admin/revoke-discount')
      .field('user_id', parent.user.id)
      .field('action', 'finish_period');
    expect(res.status).toBe(200);
    const stripe = (await stripeSubscription(ctx, parent.stripeId))!;
    expect(stripe).toMatchObject({ status: 'active', cancel_at_period_end: true, discounts: [] });
    expect(await subscriptionOf(ctx, parent.user.id)).toMatchObject({
      status: 'active',
      discount_percent: null,
      cancel_at_period_end: true,
    });
    expect(await agentNumber(ctx, parent.user.id)).toBeDefined();
  });

  test('writes a discount_history row with revoked_by and revoke_reason, and an audit row', async () => {
    const parent = await discountedParent(100, 'first_month');
    await admin
      .post('/api/admin/revoke-discount')
      .type('form')
      .send({ user_id: parent.user.id, action: 'finish_period' });
    const res = await admin.get(`/api/admin/discount-history/${parent.user.id}`);
    const revoked = (res.body.history as { action: string }[]).find((item) => item.action === 'revoked');
    expect(revoked).toEqual({
      id: expect.any(String),
      action: 'revoked',
      discount_percent: 100,
      discount_type: 'first_month',
      discount_source: parent.code,
      revoked_by: ADMIN_EMAIL,
      revoke_reason: 'finish_period',
      created_at: expect.any(String),
    });
    expect(await auditRows(ctx, 'revoke_discount', parent.user.id)).toHaveLength(1);
  });

  test('a user without a discount answers 400 with a detail', async () => {
    const parent = await createParent(ctx);
    await buyPass(ctx, parent.client);
    const res = await admin
      .post('/api/admin/revoke-discount')
      .type('form')
      .send({ user_id: parent.user.id, action: 'cancel_immediately' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('This user has no active discount to revoke');
    expect((await subscriptionOf(ctx, parent.user.id))!.status).toBe('active');
  });

  test('an unknown action answers 400', async () => {
    const parent = await discountedParent();
    const res = await admin
      .post('/api/admin/revoke-discount')
      .type('form')
      .send({ user_id: parent.user.id, action: 'refund' });
    expect(res.status).toBe(400);
    expect((await subscriptionOf(ctx, parent.user.id))!.discount_percent).toBe(50);
  });
});

describe('DELETE /api/admin/users/:id/phone', () => {
  test('releases the number at Twilio and removes the agent configuration', async () => {
    const parent = await createParent(ctx);
    await buyPass(ctx, parent.client);
    const number = (await agentNumber(ctx, parent.user.id))!;
    expect(await sandboxNumberExists(ctx, number)).toBe(true);
    const res = await admin.delete(`/api/admin/users/${parent.user.id}/phone`);
    expect(res.status).toBe(200);
    expect(await sandboxNumberExists(ctx, number)).toBe(false);
    expect(await agentNumber(ctx, parent.user.id)).toBeUndefined();
    expect(await auditRows(ctx, 'delete_phone_number', parent.user.id)).toHaveLength(1);
  });

  test('none → 404 No configuration found for this user', async () => {
    const parent = await createParent(ctx);
    const res = await admin.delete(`/api/admin/users/${parent.user.id}/phone`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(NO_CONFIGURATION_MESSAGE);
  });
});

describe('GET/POST /api/admin/santa-prompt', () => {
  test('answers prompt, last_updated and updated_by', async () => {
    const res = await admin.get('/api/admin/santa-prompt');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      prompt: expect.stringContaining('{kid_name}'),
      last_updated: expect.any(String),
      updated_by: expect.any(String),
    });
  });

  test('saves the script as the admin (multipart form) and writes an audit row', async () => {
    const prompt = 'You are Santa. Say hello to {kid_name}, who is {age}.';
    const res = await admin.post('/api/admin/santa-prompt').field('prompt', prompt);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ prompt, updated_by: ADMIN_EMAIL });
    expect((await admin.get('/api/admin/santa-prompt')).body.prompt).toBe(prompt);
    expect(await auditRows(ctx, 'update_santa_prompt')).not.toHaveLength(0);
  });

  test('refuses a script without {kid_name} or too long, keeping the old one', async () => {
    const before = (await admin.get('/api/admin/santa-prompt')).body.prompt;
    const missing = await admin.post('/api/admin/santa-prompt').type('form').send({ prompt: 'Hello child' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain('{kid_name}');
    const long = await admin
      .post('/api/admin/santa-prompt')
      .type('form')
      .send({ prompt: `{kid_name} ${'x'.repeat(9000)}` });
    expect(long.status).toBe(400);
    expect((await admin.get('/api/admin/santa-prompt')).body.prompt).toBe(before);
  });
});

describe('coupons', () => {
  test.each([25, 50, 100].flatMap((p) => ['first_month', 'forever'].map((t) => [p, t] as const)))(
    'generates a %i%% %s coupon',
    async (percent, type) => {
      const res = await admin.post(
        `/api/admin/coupons/generate?discount_percent=${percent}&discount_type=${type}`,
      );
      expect(res.status).toBe(201);
      expect(res.body.coupon).toEqual({
        id: expect.any(String),
        code: expect.stringMatching(/^[A-Z0-9]{6,}$/),
        discount_percent: percent,
        discount_type: type,
        used: false,
        used_by: [],
        created_at: expect.any(String),
      });
    },
  );

  test.each([
    'discount_percent=30&discount_type=forever',
    'discount_percent=25&discount_type=weekly',
    'discount_type=forever',
    'discount_percent=abc&discount_type=forever',
  ])('refuses %s with 400', async (query) => {
    const res = await admin.post(`/api/admin/coupons/generate?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  test('codes are unique and the list shows Used after a parent redeems one', async () => {
    const codes = await Promise.all(Array.from({ length: 8 }, () => generateCoupon(admin, 50, 'forever')));
    expect(new Set(codes).size).toBe(codes.length);
    const parent = await createParent(ctx);
    await buyPass(ctx, parent.client, codes[0]);
    const list = await admin.get('/api/admin/coupons/list');
    const byCode = new Map((list.body.coupons as { code: string; used: boolean }[]).map((c) => [c.code, c]));
    expect(byCode.get(codes[0]!)!.used).toBe(true);
    expect(byCode.get(codes[1]!)!.used).toBe(false);
    expect(await auditRows(ctx, 'generate_coupon')).not.toHaveLength(0);
  });

  test('each coupon tells who used it: the email of the account that redeemed it, with its uses', async () => {
    const [kept, forgotten, unused] = await Promise.all([
      generateCoupon(admin, 25, 'first_month'),
      generateCoupon(admin, 50, 'forever'),
      generateCoupon(admin, 100, 'first_month'),
    ]);
    const stays = await createParent(ctx, 'Coupon Keeper');
    const leaves = await createParent(ctx, 'Coupon Leaver');
    await buyPass(ctx, stays.client, kept);
    await buyPass(ctx, leaves.client, forgotten);
    expect((await admin.delete(`/api/admin/users/${leaves.user.id}`)).status).toBe(200);

    const list = await admin.get('/api/admin/coupons/list');
    type Listed = { code: string; used: boolean; used_by: { email: string; uses: number }[] };
    const byCode = new Map((list.body.coupons as Listed[]).map((c) => [c.code, c]));
    expect(byCode.get(kept)).toMatchObject({ used: true, used_by: [{ email: stays.user.email, uses: 1 }] });
    // A deleted account leaves the code used, by nobody the admin can still look up.
    expect(byCode.get(forgotten)).toMatchObject({ used: true, used_by: [] });
    expect(byCode.get(unused)).toMatchObject({ used: false, used_by: [] });
  });
});
