/**
 * Fulfilment's rules for money and minutes when Stripe's word arrives late: an event about a
 * pass Stripe has already ended, a status the happy path never meets, a pass after an ended one.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { PLANS, type PurchasablePlanId } from '@santa/shared/plans';
import { invoiceObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import { openCheckout } from '../../../test/fixtures/admin.ts';
import {
  checkoutSession,
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  subscription,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestClient, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function deliver(type: string, object: Json) {
  const res = await postEvent(ctx.app, stripeEvent(type, object), webhookSecret(ctx.providers));
  expect(res.status).toBe(200);
}

/** A pass the parent paid for at Stripe (its subscription and checkout session), not yet told to us. */
async function paidAtStripe(
  client: TestClient,
  userId: string,
  plan: PurchasablePlanId = 'subscription_3month',
) {
  const sessionId = await openCheckout(client, plan);
  const { rows } = await ctx.db.query<{ id: string }>(
    'select id from checkouts where stripe_session_id = $1',
    [sessionId],
  );
  const metadata = { checkout_id: rows[0]!.id, user_id: userId, kind: 'plan', plan };
  const sub = subscription({ metadata }, PLANS[plan].periodMonths ?? 3);
  await sandboxStripe(ctx.providers).putSubscription(sub);
  const session = checkoutSession({
    metadata,
    mode: 'subscription',
    subscription: sub.id,
    customer: sub.customer,
    amount_subtotal: PLANS[plan].priceCents,
    amount_total: PLANS[plan].priceCents,
  });
  return { sub, session };
}

/** A family whose 3-month pass is active, bought by checkout.session.completed. */
async function familyWithPass() {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(client, user.id);
  await deliver('checkout.session.completed', session);
  return { client, user, sub };
}

/** Stripe's side of the subscription changes (the event telling us may come later, or never). */
async function atStripe(sub: Json, change: Json): Promise<Json> {
  const changed = { ...sub, ...change };
  await sandboxStripe(ctx.providers).putSubscription(changed);
  return changed;
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    seconds_limit: number;
    seconds_used: number;
    amount: number;
    payment_failed_at: Date | null;
    stripe_subscription_id: string | null;
  }>('select * from subscriptions where user_id = $1', [userId]);
  return rows[0];
}

async function emailsOf(userId: string, kind: string) {
  const { rows } = await ctx.db.query('select 1 from emails where user_id = $1 and kind = $2', [
    userId,
    kind,
  ]);
  return rows.length;
}

test('a renewal invoice that arrives after Stripe ended the pass neither revives it nor gives its minutes back', async () => {
  const { user, sub } = await familyWithPass();
  await ctx.db.query('update subscriptions set seconds_used = 7200 where user_id = $1', [user.id]);
  const canceled = await atStripe(sub, { status: 'canceled' });
  await deliver('invoice.paid', invoice(canceled, 'subscription_cycle', 8900));
  expect(await planOf(user.id)).toMatchObject({ status: 'ended', seconds_used: 7200 });
  expect(await emailsOf(user.id, 'purchase_receipt')).toBe(1);
  expect(await emailsOf(user.id, 'renewal_receipt')).toBe(0);
});

test('a failed renewal reported after Stripe ended the pass asks the parent for no card', async () => {
  const { user, sub } = await familyWithPass();
  const canceled = await atStripe(sub, { status: 'canceled' });
  const failed = {
    ...invoiceObject({
      subscription: canceled,
      customer: String(canceled.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    amount_due: 8900,
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/late_failure',
  };
  await deliver('invoice.payment_failed', failed);
  expect(await planOf(user.id)).toMatchObject({ status: 'ended', payment_failed_at: null });
  expect(await emailsOf(user.id, 'payment_failed')).toBe(0);
});

test('a first invoice that arrives after Stripe ended the pass changes neither the amount nor sends a receipt', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub } = await paidAtStripe(client, user.id);
  // Activated by customer.subscription.created: the amount waits for the first invoice.
  await deliver('customer.subscription.created', sub);
  const canceled = await atStripe(sub, { status: 'canceled' });
  await deliver('invoice.paid', invoice(canceled, 'subscription_create', 7777));
  expect(await planOf(user.id)).toMatchObject({ status: 'ended', amount: 8900 });
  expect(await emailsOf(user.id, 'purchase_receipt')).toBe(0);
});

test('a pass bought after the previous pass ended asks Stripe to cancel nothing', async () => {
  const { client, user, sub } = await familyWithPass();
  await ctx.providers.stripe.cancelSubscriptionNow(String(sub.id));
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
  const next = await paidAtStripe(client, user.id, 'subscription_6month');
  const cancel = vi.spyOn(ctx.providers.stripe, 'cancelSubscriptionNow');
  try {
    await deliver('checkout.session.completed', next.session);
    expect(cancel).not.toHaveBeenCalled();
  } finally {
    cancel.mockRestore();
  }
  expect(await planOf(user.id)).toMatchObject({ plan: 'subscription_6month', status: 'active' });
});

test('a pass Stripe reports as trialing is active with its minutes', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub } = await paidAtStripe(client, user.id);
  const trialing = await atStripe(sub, { status: 'trialing' });
  await deliver('customer.subscription.created', trialing);
  expect(await planOf(user.id)).toMatchObject({
    plan: 'subscription_3month',
    status: 'active',
    seconds_limit: PLANS.subscription_3month.minutes * 60,
  });
});

test('a pass whose subscription Stripe let expire unpaid (incomplete_expired) ends', async () => {
  const { user, sub } = await familyWithPass();
  const expired = await atStripe(sub, { status: 'incomplete_expired' });
  await deliver('customer.subscription.updated', expired);
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
});

test('a recording purchase Stripe reports twice (completed, then async_payment_succeeded) is acknowledged and unlocked once', async () => {
  const { client, user } = await signUp(ctx.app);
  const { rows: calls } = await ctx.db.query<{ id: string }>(
    `insert into calls (user_id, duration, audio_key) values ($1, 90, $2) returning id`,
    [user.id, `recordings/${user.id}.mp3`],
  );
  const res = await client.post(`/api/calls/${calls[0]!.id}/purchase-recording`);
  expect(res.status).toBe(200);
  const sessionId = new URL(res.body.checkout_url as string).pathname.split('/').pop()!;
  await sandboxStripe(ctx.providers).pay(sessionId);
  const { rows } = await ctx.db.query<{ object: Json }>(
    'select object from sandbox_stripe_checkout_sessions where id = $1',
    [sessionId],
  );
  await deliver('checkout.session.async_payment_succeeded', rows[0]!.object);
  const { rows: unlocked } = await ctx.db.query('select recording_purchased from calls where id = $1', [
    calls[0]!.id,
  ]);
  expect(unlocked).toEqual([{ recording_purchased: true }]);
  expect(await planOf(user.id)).toBeUndefined();
});

test('a pass whose number Twilio could not sell is given one when Stripe retries the same event', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(client, user.id);
  const event = stripeEvent('checkout.session.completed', session);
  const secret = webhookSecret(ctx.providers);
  const purchase = vi
    .spyOn(ctx.providers.telephony, 'purchaseNumber')
    .mockRejectedValueOnce(new Error('Twilio is unreachable'));
  try {
    // The pass is in, but the webhook fails so Stripe delivers the event again.
    expect((await postEvent(ctx.app, event, secret)).status).toBe(500);
    expect(await planOf(user.id)).toMatchObject({ plan: 'subscription_3month', status: 'active' });
    expect((await postEvent(ctx.app, event, secret)).status).toBe(200);
  } finally {
    purchase.mockRestore();
  }
  const { rows } = await ctx.db.query('select twilio_phone_number from agent_configs where user_id = $1', [
    user.id,
  ]);
  expect(rows).toEqual([{ twilio_phone_number: expect.stringMatching(/^\+1/) }]);
});

async function dedicatedNumberOf(userId: string) {
  const { rows } = await ctx.db.query<{ n: string }>(
    'select twilio_phone_number as n from agent_configs where user_id = $1',
    [userId],
  );
  return rows[0]?.n;
}

test('a pass that ends before Twilio could sell its number buys none when Stripe says it ended', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(client, user.id);
  const purchase = vi
    .spyOn(ctx.providers.telephony, 'purchaseNumber')
    .mockRejectedValueOnce(new Error('Twilio is unreachable'));
  try {
    const event = stripeEvent('checkout.session.completed', session);
    expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(500);
    // Stripe ends the pass before it delivers the checkout again.
    await deliver('customer.subscription.deleted', await atStripe(sub, { status: 'canceled' }));
    expect(purchase).toHaveBeenCalledTimes(1);
  } finally {
    purchase.mockRestore();
  }
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
  expect(await dedicatedNumberOf(user.id)).toBeUndefined();
});

test('a number Twilio would not take back when the pass ended goes back with the family’s next purchase', async () => {
  const { client, user, sub } = await familyWithPass();
  expect(await dedicatedNumberOf(user.id)).toBeDefined();
  const release = vi
    .spyOn(ctx.providers.telephony, 'releaseNumber')
    .mockRejectedValueOnce(new Error('Twilio is unreachable'));
  try {
    const ended = stripeEvent('customer.subscription.deleted', await atStripe(sub, { status: 'canceled' }));
    expect((await postEvent(ctx.app, ended, webhookSecret(ctx.providers))).status).toBe(500);
    expect(await dedicatedNumberOf(user.id)).toBeDefined();

    const sessionId = await openCheckout(client, 'pay_per_call');
    const { rows } = await ctx.db.query<{ id: string }>(
      'select id from checkouts where stripe_session_id = $1',
      [sessionId],
    );
    const metadata = { checkout_id: rows[0]!.id, user_id: user.id, kind: 'plan', plan: 'pay_per_call' };
    const price = PLANS.pay_per_call.priceCents;
    await deliver(
      'checkout.session.completed',
      checkoutSession({ metadata, mode: 'payment', amount_subtotal: price, amount_total: price }),
    );
    expect(release).toHaveBeenCalledTimes(2);
  } finally {
    release.mockRestore();
  }
  expect(await planOf(user.id)).toMatchObject({ plan: 'pay_per_call', status: 'active' });
  expect(await dedicatedNumberOf(user.id)).toBeUndefined();
});
