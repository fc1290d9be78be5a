import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import supertest from 'supertest';
import { passAlreadyActiveMessage, PAYMENT_MESSAGES } from '@santa/shared/payments';
import {
  createTestContext,
  PUBLIC_URL,
  signUp,
  TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  checkoutIdOf,
  checkoutSession,
  postEvent,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const form = (overrides: Record<string, string> = {}) => ({
  plan: 'subscription_3month',
  success_url: `${PUBLIC_URL}/dashboard`,
  cancel_url: `${PUBLIC_URL}/pricing`,
  ...overrides,
});

const newCoupon = (percent: 25 | 50 | 100, type: 'first_month' | 'forever' = 'first_month') =>
  ctx.services.payments.coupons.generateCoupon({ percent, type });

const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

describe('POST /api/stripe/create-checkout', () => {
  test('answers the sandbox checkout URL for a multipart form', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client
      .post('/api/stripe/create-checkout')
      .field('plan', 'subscription_3month')
      .field('success_url', `${PUBLIC_URL}/dashboard`)
      .field('cancel_url', `${PUBLIC_URL}/pricing`);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${PUBLIC_URL}/sandbox/checkout/cs_test_\\w+$`));
  });

  test('needs sign-in', async () => {
    const res = await new TestClient(ctx.app).post('/api/stripe/create-checkout').type('form').send(form());
    expect(res.status).toBe(401);
  });

  test('a family with a pass is not sold Pay Per Call over it, but may move to a longer pass', async () => {
    const { client, user } = await signUp(ctx.app);
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 8900 }),
    );
    const res = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ plan: 'pay_per_call' }));
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(passAlreadyActiveMessage('3-Month Pass'));
    const longer = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ plan: 'subscription_12month' }));
    expect(longer.status).toBe(200);
  });

  test.each([
    [{ plan: 'gold_plan' }, PAYMENT_MESSAGES.unknownPlan],
    [{ plan: 'free_sample' }, PAYMENT_MESSAGES.unknownPlan],
    [{ success_url: 'https://evil.example/dashboard' }, PAYMENT_MESSAGES.foreignRedirect],
    [{ cancel_url: 'http://localhost:4000/pricing' }, PAYMENT_MESSAGES.foreignRedirect],
    [{ success_url: 'javascript:alert(1)' }, 'success_url must be an absolute http(s) URL'],
    [{ coupon_code: 'NOSUCHCODE' }, PAYMENT_MESSAGES.invalidCoupon],
  ])('refuses an invalid request with 400 %#', async (overrides, detail) => {
    const { client } = await signUp(ctx.app);
    const res = await client.post('/api/stripe/create-checkout').type('form').send(form(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail, code: 'bad_request' });
  });

  test('refuses a used coupon', async () => {
    const coupon = await newCoupon(50);
    await ctx.db.query('update coupons set used = true where id = $1', [coupon.id]);
    const { client } = await signUp(ctx.app);
    const res = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.usedCoupon);
  });

  test('accepts a coupon typed in lower case with spaces and shows its discount on the checkout page', async () => {
    const coupon = await newCoupon(50, 'forever');
    const { client } = await signUp(ctx.app);
    const res = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: `  ${coupon.code.toLowerCase()} ` }));
    expect(res.status).toBe(200);
    const page = await supertest(ctx.app).get(new URL(res.body.url).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('SANDBOX');
    expect(page.text).toContain('3-Month Pass');
    expect(page.text).toContain('$89 every 3 months');
    expect(page.text).toContain(`Coupon ${coupon.code} (50% off, every payment)`);
    expect(page.text).toContain('−$44.50');
    expect(page.text).toContain('Pay $44.50');
  });

  test('the checkout page links the terms and the privacy notice beside the pay button', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.post('/api/stripe/create-checkout').type('form').send(form());
    const page = await supertest(ctx.app).get(new URL(res.body.url).pathname);
    expect(page.text).toContain(`<a href="${PUBLIC_URL}/terms">${PUBLIC_URL}/terms</a>`);
    expect(page.text).toContain(`<a href="${PUBLIC_URL}/privacy">${PUBLIC_URL}/privacy</a>`);
  });

  test('20 parents racing for one coupon: exactly one checkout gets it, the rest are refused before payment', async () => {
    const coupon = await newCoupon(100);
    const parents = await Promise.all(Array.from({ length: 20 }, () => signUp(ctx.app)));
    const results = await Promise.all(
      parents.map(({ client }) =>
        client
          .post('/api/stripe/create-checkout')
          .type('form')
          .send(form({ coupon_code: coupon.code })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 400);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((r) => r.body.detail))).toEqual(new Set([PAYMENT_MESSAGES.couponInCheckout]));
  });

  test('20 concurrent fulfilments of one coupon: exactly one parent gets the discount', async () => {
    const coupon = await newCoupon(50);
    const parents = await Promise.all(Array.from({ length: 20 }, () => signUp(ctx.app)));
    const events = [];
    for (const { client, user } of parents) {
      const res = await client
        .post('/api/stripe/create-checkout')
        .type('form')
        .send(form({ plan: 'pay_per_call' }));
      const checkoutId = await checkoutIdOf(ctx.db, res.body.url);
      // As if every hold had been bypassed: the atomic redemption is the last line of defence.
      await ctx.db.query('update checkouts set coupon_code = $2 where id = $1', [checkoutId, coupon.code]);
      const metadata = {
        checkout_id: checkoutId,
        user_id: user.id,
        kind: 'plan',
        plan: 'pay_per_call',
        coupon_code: coupon.code,
      };
      events.push(
        stripeEvent('checkout.session.completed', checkoutSession({ metadata, amount_total: 150 })),
      );
    }
    const secret = webhookSecret(ctx.providers);
    const responses = await Promise.all(events.map((event) => postEvent(ctx.app, event, secret)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const ids = parents.map((p) => p.user.id);
    const discounted = await ctx.db.query<{ user_id: string }>(
      'select user_id from subscriptions where user_id = any($1) and discount_source = $2',
      [ids, coupon.code],
    );
    expect(discounted.rows).toHaveLength(1);
    const active = await ctx.db.query('select 1 from subscriptions where user_id = any($1) and status = $2', [
      ids,
      'active',
    ]);
    expect(active.rows).toHaveLength(20);
    const used = await ctx.db.query<{ used: boolean; used_by: string }>(
      'select used, used_by from coupons where id = $1',
      [coupon.id],
    );
    expect(used.rows[0]).toEqual({ used: true, used_by: discounted.rows[0]!.user_id });
    const history = await ctx.db.query('select 1 from discount_history where discount_source = $1', [
      coupon.code,
    ]);
    expect(history.rows).toHaveLength(1);
  });

  test('a parent who cancelled checkout can start again with the same coupon', async () => {
    const coupon = await newCoupon(25);
    const { client } = await signUp(ctx.app);
    const first = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    const cancel = await new TestClient(ctx.app).post(`${new URL(first.body.url).pathname}/cancel`);
    expect(cancel.status).toBe(303);
    expect(cancel.headers.location).toBe(`${PUBLIC_URL}/pricing`);
    const again = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    expect(again.status).toBe(200);
    // The checkout is still open at Stripe, so it is the one they come back to, and it can be paid.
    expect(again.body.url).toBe(first.body.url);
    const pay = await new TestClient(ctx.app).post(`${new URL(again.body.url).pathname}/pay`);
    expect(pay.status).toBe(303);
  });

  test('a parent who comes back with another coupon gets a new checkout, and the old one can no longer be paid', async () => {
    const [first, second] = [await newCoupon(25), await newCoupon(50)];
    const { client } = await signUp(ctx.app);
    const opened = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: first.code }));
    const again = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: second.code }));
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(opened.body.url);
    const old = await new TestClient(ctx.app).post(`${new URL(opened.body.url).pathname}/pay`);
    expect(old.status).toBe(409);
  });

  test('a parent who comes back with the same coupon as their checkout runs out gets a fresh one with it', async () => {
    const coupon = await newCoupon(25);
    const { client } = await signUp(ctx.app);
    const first = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    await ctx.db.query(`update checkouts set expires_at = now() + interval '1 minute' where url = $1`, [
      first.body.url,
    ]);
    const again = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    expect(again.status).toBe(200);
    expect(again.body.url).not.toBe(first.body.url);
  });

  test('ten concurrent requests for one plan open one checkout', async () => {
    const { client, user } = await signUp(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post('/api/stripe/create-checkout').type('form').send(form())),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((res) => res.body.url)).size).toBe(1);
    const { rows } = await ctx.db.query(`select 1 from checkouts where user_id = $1 and status = 'open'`, [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('sandbox checkout page', () => {
  test('Pay sends the signed events, activates the pass with a dedicated number and returns to success_url', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.post('/api/stripe/create-checkout').type('form').send(form());
    const path = new URL(res.body.url).pathname;
    const pay = await new TestClient(ctx.app).post(`${path}/pay`);
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(`${PUBLIC_URL}/dashboard`);
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({
      plan: 'subscription_3month',
      minutes_limit: 180,
      status: 'active',
    });
    const events = await ctx.db.query<{ type: string }>(
      `select type from stripe_events where id in (select id from stripe_events) order by processed_at`,
    );
    expect(events.rows.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    const again = await new TestClient(ctx.app).post(`${path}/pay`);
    expect(again.status).toBe(409);
    const page = await supertest(ctx.app).get(path);
    expect(page.text).toContain('already paid');
  });

  test('a 100% coupon completes with nothing to pay and records the discount', async () => {
    const coupon = await newCoupon(100, 'first_month');
    const { client, user } = await signUp(ctx.app);
    const res = await client
      .post('/api/stripe/create-checkout')
      .type('form')
      .send(form({ coupon_code: coupon.code }));
    const path = new URL(res.body.url).pathname;
    expect((await supertest(ctx.app).get(path)).text).toContain('Pay $0');
    expect((await new TestClient(ctx.app).post(`${path}/pay`)).status).toBe(303);
    const status = await client.get('/api/subscription/status');
    expect(status.body.subscription).toMatchObject({
      plan: 'subscription_3month',
      amount: 0,
      discount_percent: 100,
      discount_type: 'first_month',
      discount_source: coupon.code,
    });
    const history = await ctx.db.query(
      'select action, discount_percent from discount_history where user_id = $1',
      [user.id],
    );
    expect(history.rows).toEqual([{ action: 'applied', discount_percent: 100 }]);
    const used = await ctx.db.query('select used, used_by from coupons where id = $1', [coupon.id]);
    expect(used.rows[0]).toEqual({ used: true, used_by: user.id });
    const session = await ctx.db.query<{ object: { payment_status: string } }>(
      'select object from sandbox_stripe_checkout_sessions where id = $1',
      [sessionIdOf(res.body.url)],
    );
    expect(session.rows[0]!.object.payment_status).toBe('no_payment_required');
  });

  test('an unknown checkout session is a 404', async () => {
    expect((await supertest(ctx.app).get('/sandbox/checkout/cs_test_nope')).status).toBe(404);
  });
});

describe('POST /api/calls/:id/purchase-recording', () => {
  async function callOf(userId: string, overrides: { audio?: boolean; purchased?: boolean } = {}) {
    const { rows } = await ctx.db.query<{ id: string }>(
      `insert into calls (user_id, duration, audio_key, recording_purchased) values ($1, 90, $2, $3) returning id`,
      [userId, overrides.audio === false ? null : `recordings/${userId}.mp3`, overrides.purchased ?? false],
    );
    return rows[0]!.id;
  }

  test('answers a checkout_url and the paid webhook unlocks the recording', async () => {
    const { client, user } = await signUp(ctx.app);
    const callId = await callOf(user.id);
    const res = await client.post(`/api/calls/${callId}/purchase-recording`);
    expect(res.status).toBe(200);
    expect(res.body.checkout_url).toMatch(/\/sandbox\/checkout\/cs_test_/);
    expect((await supertest(ctx.app).get(new URL(res.body.checkout_url).pathname)).text).toContain('$0.99');
    expect(
      (await new TestClient(ctx.app).post(`${new URL(res.body.checkout_url).pathname}/pay`)).status,
    ).toBe(303);
    const { rows } = await ctx.db.query('select recording_purchased from calls where id = $1', [callId]);
    expect(rows[0]).toEqual({ recording_purchased: true });
    const again = await client.post(`/api/calls/${callId}/purchase-recording`);
    expect(again.status).toBe(409);
  });

  test('the sandbox checkout refuses a Pay posted from another site', async () => {
    const { client, user } = await signUp(ctx.app);
    const callId = await callOf(user.id);
    const res = await client.post(`/api/calls/${callId}/purchase-recording`);
    const path = `${new URL(res.body.checkout_url).pathname}/pay`;
    expect((await new TestClient(ctx.app, 'https://evil.example').post(path)).status).toBe(403);
    expect((await supertest(ctx.app).post(path)).status).toBe(403);
    const { rows } = await ctx.db.query('select recording_purchased from calls where id = $1', [callId]);
    expect(rows[0]).toEqual({ recording_purchased: false });
  });

  test('ten concurrent unlock requests for one call open one checkout, which is paid once', async () => {
    const { client, user } = await signUp(ctx.app);
    const callId = await callOf(user.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => client.post(`/api/calls/${callId}/purchase-recording`)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const urls = new Set(answers.map((res) => res.body.checkout_url as string));
    expect(urls.size).toBe(1);
    const [url] = [...urls];
    expect((await new TestClient(ctx.app).post(`${new URL(url!).pathname}/pay`)).status).toBe(303);
    expect((await new TestClient(ctx.app).post(`${new URL(url!).pathname}/pay`)).status).toBe(409);
    const { rows } = await ctx.db.query(`select 1 from checkouts where call_id = $1`, [callId]);
    expect(rows).toHaveLength(1);
  });

  test("another parent's call is a 404", async () => {
    const owner = await signUp(ctx.app);
    const callId = await callOf(owner.user.id);
    const { client } = await signUp(ctx.app);
    const res = await client.post(`/api/calls/${callId}/purchase-recording`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.callNotFound);
    expect((await client.post('/api/calls/not-a-uuid/purchase-recording')).status).toBe(404);
  });

  test('an already purchased recording is a 409', async () => {
    const { client, user } = await signUp(ctx.app);
    const callId = await callOf(user.id, { purchased: true });
    const res = await client.post(`/api/calls/${callId}/purchase-recording`);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.recordingPurchased);
  });

  test('a call without audio cannot be purchased', async () => {
    const { client, user } = await signUp(ctx.app);
    const callId = await callOf(user.id, { audio: false });
    const res = await client.post(`/api/calls/${callId}/purchase-recording`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.noRecording);
  });
});

describe('coupons service', () => {
  test('generates unique single-use codes from an unambiguous alphabet', async () => {
    const coupons = await Promise.all(Array.from({ length: 30 }, () => newCoupon(25)));
    const codes = coupons.map((c) => c.code);
    expect(new Set(codes).size).toBe(30);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$/);
    const listed = await ctx.services.payments.coupons.listCoupons();
    expect(listed.map((c) => c.code)).toEqual(expect.arrayContaining(codes));
  });
});
