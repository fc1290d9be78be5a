/** "Manage billing": the portal endpoint, and the sandbox portal's changes reaching the family's plan. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import supertest from 'supertest';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
import { agentNumber, buyPass, generateCoupon } from '../../../test/fixtures/admin.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signInAsAdmin,
  signUp,
  TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A parent with a paid 3-month pass, and the path of their portal session. */
async function passHolderInPortal(couponCode?: string) {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, couponCode);
  const res = await client.post('/api/stripe/billing-portal');
  expect(res.status).toBe(200);
  const portal = new URL(res.body.url as string).pathname;
  const sub = (await plan(client)).stripe_subscription_id as string;
  return { client, user, portal, sub };
}

async function plan(client: TestClient) {
  const status = await client.get('/api/subscription/status');
  return { ...(status.body.subscription as Record<string, unknown> | null), ...(await stripeIdOf(client)) };
}

async function stripeIdOf(client: TestClient) {
  const me = (await client.get('/api/auth/me')).body as { user: { id: string } };
  const { rows } = await ctx.db.query<{ stripe_subscription_id: string | null }>(
    'select stripe_subscription_id from subscriptions where user_id = $1',
    [me.user.id],
  );
  return { stripe_subscription_id: rows[0]?.stripe_subscription_id ?? null };
}

/** A press of a portal button, from the portal page itself (same origin). */
const press = (path: string, form: Record<string, string> = {}) =>
  new TestClient(ctx.app).post(path).type('form').send(form);

describe('POST /api/stripe/billing-portal', () => {
  test('needs sign-in', async () => {
    expect((await new TestClient(ctx.app).post('/api/stripe/billing-portal')).status).toBe(401);
  });

  test('a plan not paid through Stripe has no billing to manage (409)', async () => {
    const { client, user } = await signUp(ctx.app);
    expect((await client.post('/api/stripe/billing-portal')).body).toEqual({
      detail: PAYMENT_MESSAGES.notBilledByStripe,
      code: 'conflict',
    });
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 8900 }),
    );
    expect((await client.post('/api/stripe/billing-portal')).status).toBe(409);
  });

  test("answers a portal session for the parent's own Stripe customer, returning to the dashboard", async () => {
    const { client, portal } = await passHolderInPortal();
    expect(portal).toMatch(/^\/sandbox\/portal\/bps_\w+$/);
    const page = await supertest(ctx.app).get(portal);
    expect(page.status).toBe(200);
    expect(page.text).toContain('SANDBOX');
    expect(page.text).toContain('$89 every 3 months · renews automatically · cancel anytime');
    expect(page.text).toContain(`href="${PUBLIC_URL}/dashboard?billing=portal"`);
    // The first payment is listed among the invoices.
    expect(page.text).toMatch(/First payment<\/td><td>paid<\/td><td class="amount">\$89</);
    expect((await client.get('/api/subscription/status')).body.subscription).toMatchObject({
      billed_by_stripe: true,
      renewal_amount: 8900,
      cancel_at_period_end: false,
    });
  });
});

describe('the sandbox portal', () => {
  test('cancelling keeps the pass to its period end and tells the parent the end date; taking it back renews again', async () => {
    const { client, portal, sub } = await passHolderInPortal();
    const cancelled = await press(`${portal}/subscriptions/${sub}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).toContain('Cancelled: ends on');
    const shown = (await client.get('/api/subscription/status')).body.subscription;
    expect(shown).toMatchObject({ status: 'active', cancel_at_period_end: true, renewal_amount: null });
    // The end date is the end of the paid 3-month period Stripe holds.
    const periodEnd = (await ctx.providers.stripe.retrieveSubscription(sub)).currentPeriodEnd!;
    expect(shown.current_period_end).toBe(periodEnd.toISOString());
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now() + 80 * 24 * 3600_000);

    expect((await press(`${portal}/subscriptions/${sub}/renew`)).status).toBe(200);
    expect((await client.get('/api/subscription/status')).body.subscription).toMatchObject({
      cancel_at_period_end: false,
      renewal_amount: 8900,
    });
  });

  test('when the cancelled period ends, Stripe deletes the subscription: the pass ends and its number is released', async () => {
    const { client, user, portal, sub } = await passHolderInPortal();
    const number = await agentNumber(ctx, user.id);
    expect(number).toBeDefined();
    // Ending early is refused until the plan is cancelled.
    expect((await press(`${portal}/subscriptions/${sub}/end-period`)).status).toBe(400);
    await press(`${portal}/subscriptions/${sub}/cancel`);
    expect((await press(`${portal}/subscriptions/${sub}/end-period`)).status).toBe(200);
    expect((await client.get('/api/subscription/status')).body).toEqual({
      has_subscription: false,
      subscription: null,
    });
    expect(await agentNumber(ctx, user.id)).toBeUndefined();
  });

  test('an every-payment coupon shows in the renewal amount; a first-payment one does not', async () => {
    const admin = await signInAsAdmin(ctx.app);
    const forever = await passHolderInPortal(await generateCoupon(admin, 50, 'forever'));
    expect((await forever.client.get('/api/subscription/status')).body.subscription.renewal_amount).toBe(
      4450,
    );
    const once = await passHolderInPortal(await generateCoupon(admin, 50, 'first_month'));
    expect((await once.client.get('/api/subscription/status')).body.subscription.renewal_amount).toBe(8900);
  });

  test('a new card is kept for renewals; an invalid or declined one is refused in red', async () => {
    const { portal } = await passHolderInPortal();
    const year = String(new Date().getFullYear() + 2);
    const declined = await press(`${portal}/payment-method`, {
      number: '4000 0000 0000 0002',
      exp_month: '12',
      exp_year: year,
    });
    expect(declined.status).toBe(400);
    expect(declined.text).toContain('Your card was declined.');
    const invalid = await press(`${portal}/payment-method`, {
      number: '4242 4242 4242 4241',
      exp_month: '12',
      exp_year: year,
    });
    expect(invalid.text).toContain('Your card number is invalid.');
    const updated = await press(`${portal}/payment-method`, {
      number: '4242 4242 4242 4242',
      exp_month: '12',
      exp_year: year,
    });
    expect(updated.status).toBe(200);
    expect(updated.text).toContain(`visa ending in 4242, expires 12/${year}`);
  });

  test("one parent's portal session cannot touch another parent's subscription", async () => {
    const first = await passHolderInPortal();
    const second = await passHolderInPortal();
    const res = await press(`${first.portal}/subscriptions/${second.sub}/cancel`);
    expect(res.status).toBe(400);
    expect((await second.client.get('/api/subscription/status')).body.subscription.cancel_at_period_end).toBe(
      false,
    );
  });

  test('refuses a button pressed from another site, and an unknown session is a 404', async () => {
    const { portal, sub } = await passHolderInPortal();
    const foreign = await supertest(ctx.app)
      .post(`${portal}/subscriptions/${sub}/cancel`)
      .set('Origin', 'https://evil.example');
    expect(foreign.status).toBe(403);
    expect((await supertest(ctx.app).get('/sandbox/portal/bps_nope')).status).toBe(404);
  });
});
