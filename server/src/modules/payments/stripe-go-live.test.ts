/** Stripe events a real account sends that the happy path never meets: failures and leftovers. */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { invoiceObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import { buyPass, openCheckout } from '../../../test/fixtures/admin.ts';
import {
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestClient, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function stripeSubscriptionOf(userId: string): Promise<Json> {
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select s.object from sandbox_stripe_subscriptions s
     join subscriptions p on p.stripe_subscription_id = s.id where p.user_id = $1`,
    [userId],
  );
  return rows[0]!.object;
}

async function deliver(type: string, object: Json) {
  const res = await postEvent(ctx.app, stripeEvent(type, object), webhookSecret(ctx.providers));
  expect(res.status).toBe(200);
  return res;
}

async function planShown(client: TestClient) {
  return (await client.get('/api/subscription/status')).body.subscription as Json;
}

/** A renewal invoice Stripe could not charge, with the page where it can be paid. */
function failedRenewal(sub: Json): Json {
  return {
    ...invoiceObject({
      subscription: sub,
      customer: String(sub.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    amount_due: 8900,
    amount_remaining: 8900,
    attempt_count: 1,
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/test_failed_renewal',
  };
}

test('a renewal Stripe could not charge asks the parent to pay it with another card, until a payment goes through', async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  const sub: Json = { ...(await stripeSubscriptionOf(user.id)), status: 'past_due' };
  await ctx.db.query('update sandbox_stripe_subscriptions set object = $2 where id = $1', [sub.id, sub]);

  await deliver('invoice.payment_failed', failedRenewal(sub));
  const failing = await planShown(client);
  expect(failing).toMatchObject({
    status: 'past_due',
    payment_update_url: 'https://invoice.stripe.com/i/acct_test/test_failed_renewal',
  });
  expect(Date.parse(String(failing.payment_failed_at))).toBeGreaterThan(Date.now() - 60_000);

  const paid: Json = { ...sub, status: 'active' };
  await ctx.db.query('update sandbox_stripe_subscriptions set object = $2 where id = $1', [sub.id, paid]);
  await deliver('invoice.paid', invoice(paid, 'subscription_cycle', 8900));
  expect(await planShown(client)).toMatchObject({
    status: 'active',
    payment_failed_at: null,
    payment_update_url: null,
  });
});

test('a failed payment on a subscription the family has moved away from is not shown to them', async () => {
  const { client, user } = await signUp(ctx.app);
  // Two checkouts opened side by side (two tabs), then both paid: the second replaces the first.
  const shorter = await openCheckout(client, 'subscription_3month');
  const longer = await openCheckout(client, 'subscription_6month');
  await sandboxStripe(ctx.providers).pay(shorter);
  const first = await stripeSubscriptionOf(user.id);
  await sandboxStripe(ctx.providers).pay(longer);
  await deliver('invoice.payment_failed', failedRenewal({ ...first, status: 'past_due' }));
  expect(await planShown(client)).toMatchObject({ plan: 'subscription_6month', payment_failed_at: null });
});

test('an event about a subscription Stripe no longer has is acknowledged once and not retried', async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  const sub = await stripeSubscriptionOf(user.id);
  const before = await planShown(client);
  const gone = { ...sub, id: 'sub_deleted_in_the_dashboard' };
  const event = stripeEvent('customer.subscription.updated', gone);
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  const { rows } = await ctx.db.query('select 1 from stripe_events where id = $1', [event.id]);
  expect(rows).toHaveLength(1);
  expect(await planShown(client)).toEqual(before);
});

test('an event for a checkout already fulfilled is acknowledged without asking Stripe', async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select s.object from sandbox_stripe_checkout_sessions s
     join checkouts c on c.stripe_session_id = s.id where c.user_id = $1`,
    [user.id],
  );
  const retrieve = vi.spyOn(ctx.providers.stripe, 'retrieveSubscription');
  try {
    await deliver('checkout.session.completed', rows[0]!.object);
    await deliver('checkout.session.async_payment_succeeded', rows[0]!.object);
    expect(retrieve).not.toHaveBeenCalled();
  } finally {
    retrieve.mockRestore();
  }
  const numbers = await ctx.db.query('select 1 from agent_configs where user_id = $1', [user.id]);
  expect(numbers.rows).toHaveLength(1);
});
