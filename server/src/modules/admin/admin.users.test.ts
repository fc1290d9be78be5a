import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_EMAIL,
  createTestContext,
  signInAsAdmin,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  auditRows,
  buyPass,
  createParent,
  generateCoupon,
  subscriptionOf,
} from '../../../test/fixtures/admin.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

describe('GET /api/admin/users', () => {
  test('lists users with their subscription and discount badge data', async () => {
    const plain = await createParent(ctx, 'Plain Parent');
    const discounted = await createParent(ctx, 'Discount Parent');
    await buyPass(ctx, discounted.client, await generateCoupon(admin, 25, 'first_month'));

    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    const byId = new Map((res.body.users as { id: string }[]).map((u) => [u.id, u]));
    expect(byId.get(plain.user.id)).toEqual({
      id: plain.user.id,
      name: 'Plain Parent',
      email: plain.user.email,
      picture: null,
      created_at: expect.any(String),
      subscription: null,
      discount_percent: null,
      discount_type: null,
      plan_summary: 'no plan',
    });
    expect(byId.get(discounted.user.id)).toMatchObject({
      discount_percent: 25,
      discount_type: 'first_month',
      subscription: { plan: 'subscription_3month', status: 'active', minutes_limit: 180 },
    });
  });

  test("each user's plan and its state are told in a few words", async () => {
    const sampled = await createParent(ctx, 'Sampled Parent');
    const paidOnce = await createParent(ctx, 'Paid Once Parent');
    const passHolder = await createParent(ctx, 'Pass Parent');
    const newcomer = await createParent(ctx, 'New Parent');
    // A spent free sample stays active at 0; a spent pay-per-call ends, as the call settles them.
    await ctx.db.query(
      `insert into subscriptions (user_id, plan, status, seconds_limit, seconds_used)
       values ($1, 'free_sample', 'active', 60, 60), ($2, 'pay_per_call', 'ended', 300, 300)`,
      [sampled.user.id, paidOnce.user.id],
    );
    await buyPass(ctx, passHolder.client);

    const res = await admin.get('/api/admin/users');
    const summaries = new Map(
      (res.body.users as { id: string; plan_summary: string }[]).map((u) => [u.id, u.plan_summary]),
    );
    expect(summaries.get(sampled.user.id)).toBe('Free Sample · used');
    expect(summaries.get(paidOnce.user.id)).toBe('Pay Per Call · used');
    expect(summaries.get(passHolder.user.id)).toBe('3-Month Pass · active');
    expect(summaries.get(newcomer.user.id)).toBe('no plan');
  });
});

describe('GET /api/admin/users/:id', () => {
  test('answers user with auth_method, subscription, agent_config and recent_calls', async () => {
    const parent = await createParent(ctx);
    await buyPass(ctx, parent.client);
    await ctx.db.query(
      `insert into calls (user_id, phone_number, duration) values ($1, '+15551230000', 42)`,
      [parent.user.id],
    );
    const res = await admin.get(`/api/admin/users/${parent.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: parent.user.id,
      email: parent.user.email,
      auth_method: 'email',
    });
    expect(res.body.subscription).toMatchObject({ plan: 'subscription_3month' });
    expect(res.body.agent_config).toEqual({
      company_name: expect.any(String),
      contact_email: parent.user.email,
      twilio_phone_number: expect.stringMatching(/^\+1555/),
      documents: [],
    });
    expect(res.body.recent_calls).toEqual([
      { id: expect.any(String), phone_number: '+15551230000', created_at: expect.any(String), duration: 42 },
    ]);
  });

  test('a user who signed in with Google shows auth_method google', async () => {
    const parent = await createParent(ctx);
    await ctx.db.query(`update users set google_id = 'google-sub-1' where id = $1`, [parent.user.id]);
    const res = await admin.get(`/api/admin/users/${parent.user.id}`);
    expect(res.body.user.auth_method).toBe('google');
    expect(res.body.agent_config).toBeNull();
  });

  test('an unknown or malformed id answers 404', async () => {
    expect((await admin.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/users/not-a-uuid')).status).toBe(404);
  });
});

describe('POST /api/admin/gift-minutes', () => {
  test('raises the limit by the gift’s minutes, records the gift with gifted_by_email and answers a message', async () => {
    const parent = await createParent(ctx);
    await buyPass(ctx, parent.client);
    const res = await admin.post('/api/admin/gift-minutes').type('form').send({
      user_id: parent.user.id,
      minutes: '30',
      note: 'Snowed-in call',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `Successfully gifted 30 minutes to ${parent.user.email}` });
    expect((await subscriptionOf(ctx, parent.user.id))!.seconds_limit).toBe(210 * 60);
    const gifts = await admin.get(`/api/admin/gift-history/${parent.user.id}`);
    expect(gifts.body.gifts).toEqual([
      {
        id: expect.any(String),
        minutes: 30,
        gifted_by_email: ADMIN_EMAIL,
        note: 'Snowed-in call',
        created_at: expect.any(String),
      },
    ]);
    expect(await auditRows(ctx, 'gift_minutes', parent.user.id)).toEqual([
      {
        admin_email: ADMIN_EMAIL,
        action: 'gift_minutes',
        target_user_id: parent.user.id,
        details: { minutes: 30 },
      },
    ]);
  });

  test('a user without a plan gets the Gifted Minutes plan', async () => {
    const parent = await createParent(ctx);
    const res = await admin
      .post('/api/admin/gift-minutes')
      .field('user_id', parent.user.id)
      .field('minutes', '10');
    expect(res.status).toBe(200);
    expect(await subscriptionOf(ctx, parent.user.id)).toMatchObject({
      plan: 'gift',
      status: 'active',
      seconds_limit: 600,
    });
    const status = await parent.client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({ plan_name: 'Gifted Minutes', minutes_remaining: 10 });
  });

  test.each([
    ['0', 'Please enter a valid number of minutes'],
    ['-5', 'Please enter a valid number of minutes'],
    ['2.5', 'Please enter a valid number of minutes'],
    ['abc', 'Please enter a valid number of minutes'],
    ['', 'Please enter a valid number of minutes'],
    ['10001', 'Cannot gift more than 10,000 minutes at once'],
  ])('refuses %j minutes with %j and changes nothing', async (minutes, detail) => {
    const parent = await createParent(ctx);
    const res = await admin
      .post('/api/admin/gift-minutes')
      .type('form')
      .send({ user_id: parent.user.id, minutes });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
    expect(await subscriptionOf(ctx, parent.user.id)).toBeUndefined();
    expect(await auditRows(ctx, 'gift_minutes', parent.user.id)).toEqual([]);
  });

  test('accepts exactly 10,000 minutes', async () => {
    const parent = await createParent(ctx);
    const res = await admin
      .post('/api/admin/gift-minutes')
      .type('form')
      .send({ user_id: parent.user.id, minutes: '10000' });
    expect(res.status).toBe(200);
    expect((await subscriptionOf(ctx, parent.user.id))!.seconds_limit).toBe(10000 * 60);
  });

  test('an unknown user answers 404', async () => {
    const res = await admin
      .post('/api/admin/gift-minutes')
      .type('form')
      .send({ user_id: '00000000-0000-4000-8000-000000000000', minutes: '5' });
    expect(res.status).toBe(404);
  });
});
