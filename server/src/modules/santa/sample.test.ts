import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  TestClient,
  createTestContext,
  signUp,
  verifyPhone,
  type TestContext,
} from '../../../test/test-app.ts';
import { hashPhone } from './sample-claims.ts';
import { postProfile, uniquePhone, validProfile } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ALREADY_USED = 'You have already used your free sample call';
const PHONE_USED = 'This phone number has already been used for a free sample call';

async function plan(userId: string) {
  const { rows } = await ctx.db.query<{ plan: string; status: string; seconds_limit: number }>(
    'select plan, status, seconds_limit from subscriptions where user_id = $1',
    [userId],
  );
  return rows[0];
}

describe('sample call', () => {
  test('both endpoints need sign-in (401)', async () => {
    const anon = new TestClient(ctx.app);
    expect((await anon.get('/api/santa/sample-call-status')).status).toBe(401);
    expect((await anon.post('/api/santa/use-sample-call')).status).toBe(401);
  });

  test('a new account has not used its sample call', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.get('/api/santa/sample-call-status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sample_call_used: false, used_by: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('using the sample activates the free_sample plan with a 1-minute limit', async () => {
    const { client, user } = await signUp(ctx.app);
    const res = await client.post('/api/santa/use-sample-call');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sample_call_used: true,
      subscription: {
        plan: 'free_sample',
        plan_name: 'Free Sample',
        status: 'active',
        minutes_limit: 1,
        minutes_used: 0,
        seconds_limit: 60,
        seconds_used: 0,
        seconds_remaining: 60,
        amount: 0,
      },
    });
    expect(await plan(user.id)).toEqual({ plan: 'free_sample', status: 'active', seconds_limit: 60 });
    expect((await client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: true,
      used_by: 'account',
    });
    const status = await client.get('/api/subscription/status');
    expect(status.body).toMatchObject({
      has_subscription: true,
      subscription: { plan: 'free_sample', minutes_limit: 1 },
    });
  });

  test('a second use is refused with 409 "You have already used your free sample call"', async () => {
    const { client } = await signUp(ctx.app);
    await client.post('/api/santa/use-sample-call');
    const res = await client.post('/api/santa/use-sample-call');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: ALREADY_USED, code: 'conflict' });
  });

  test('the sample stays used after the free plan has ended', async () => {
    const { client, user } = await signUp(ctx.app);
    await client.post('/api/santa/use-sample-call');
    await ctx.db.transaction((tx) => ctx.services.subscription.endPlan(tx, user.id));
    const res = await client.post('/api/santa/use-sample-call');
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(ALREADY_USED);
  });

  test('two clicks at once activate the sample only once', async () => {
    const { client } = await signUp(ctx.app);
    const results = await Promise.all([
      client.post('/api/santa/use-sample-call'),
      client.post('/api/santa/use-sample-call'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  test("one account's sample never marks another account's sample as used", async () => {
    const first = await signUp(ctx.app);
    await first.client.post('/api/santa/use-sample-call');
    const second = await signUp(ctx.app);
    expect((await second.client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: false,
      used_by: null,
    });
    expect((await second.client.post('/api/santa/use-sample-call')).status).toBe(200);
  });

  test('a new account whose verified phone already had a sample elsewhere is refused', async () => {
    const phone = uniquePhone();
    const first = await signUp(ctx.app);
    await postProfile(first.client, { parent_phone: phone, kid_name: 'Emma' });
    await verifyPhone(ctx, first.client, phone);
    expect((await first.client.post('/api/santa/use-sample-call')).status).toBe(200);
    await ctx.db.query('delete from users where id = $1', [first.user.id]);

    const second = await signUp(ctx.app);
    expect((await postProfile(second.client, { parent_phone: phone, kid_name: 'Emma' })).status).toBe(201);
    await verifyPhone(ctx, second.client, phone);
    // The parent is told why: the phone, not this account, had the free call.
    expect((await second.client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: true,
      used_by: 'phone',
    });
    const res = await second.client.post('/api/santa/use-sample-call');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: PHONE_USED, code: 'conflict' });
    expect(await plan(second.user.id)).toBeUndefined();
  });

  test('a sample taken before the phone was verified carries the phone once it is', async () => {
    const { client, user } = await signUp(ctx.app);
    await client.post('/api/santa/use-sample-call');
    const phone = uniquePhone();
    expect((await postProfile(client, { parent_phone: phone, kid_name: 'Emma' })).status).toBe(201);
    await verifyPhone(ctx, client, phone);
    const { rows } = await ctx.db.query('select phone_hash from free_sample_claims where user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ phone_hash: hashPhone(phone) }]);
  });

  test('a phone merely typed into another account’s profile cannot use up its owner’s sample', async () => {
    const phone = uniquePhone();
    const stranger = await signUp(ctx.app);
    await postProfile(stranger.client, { parent_phone: phone, kid_name: 'Max' });
    expect((await stranger.client.post('/api/santa/use-sample-call')).status).toBe(200);

    const owner = await signUp(ctx.app);
    expect((await postProfile(owner.client, { parent_phone: phone, kid_name: 'Emma' })).status).toBe(201);
    await verifyPhone(ctx, owner.client, phone);
    expect((await owner.client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: false,
      used_by: null,
    });
    expect((await owner.client.post('/api/santa/use-sample-call')).status).toBe(200);
  });

  test('a user with an active paid pass cannot downgrade by taking the sample', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 8900 }),
    );
    const res = await client.post('/api/santa/use-sample-call');
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/already have an active plan/);
    expect(await plan(user.id)).toEqual({
      plan: 'subscription_3month',
      status: 'active',
      seconds_limit: 180 * 60,
    });
    expect((await client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: false,
      used_by: null,
    });
  });

  test('after a paid plan has ended the sample may still be taken once', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction(async (tx) => {
      await ctx.services.subscription.activatePlan(tx, user.id, { plan: 'pay_per_call', amountCents: 299 });
      await ctx.services.subscription.endPlan(tx, user.id);
    });
    expect((await client.post('/api/santa/use-sample-call')).status).toBe(200);
    expect(await plan(user.id)).toEqual({ plan: 'free_sample', status: 'active', seconds_limit: 60 });
  });

  test('profile validation does not consume the sample', async () => {
    const { client } = await signUp(ctx.app);
    await postProfile(client, validProfile({ parent_phone: 'nope' }));
    expect((await client.get('/api/santa/sample-call-status')).body).toEqual({
      sample_call_used: false,
      used_by: null,
    });
  });
});
