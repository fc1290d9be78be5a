/**
 * A refund or a dispute ends what the payment bought, once per Stripe event: a pass's minutes and
 * number at once, a Pay Per Call, a gift not yet redeemed; a redeemed gift ends for its holder,
 * who is told why. A partial refund ends nothing. The admin sees each on the family.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openCheckout } from '../../../test/fixtures/admin.ts';
import { buyGift, redeemCodeFor } from '../../../test/fixtures/gifts.ts';
import { postEvent, stripeEvent, webhookSecret } from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signInAsAdmin, signUp, type TestContext } from '../../../test/test-app.ts';
import { chargeObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import type { SandboxStripe } from '../../providers/stripe/sandbox-stripe.ts';

let ctx: TestContext;
let secret: string;
beforeAll(async () => {
  ctx = await createTestContext();
  secret = webhookSecret(ctx.providers);
});
afterAll(() => ctx.close());

const sandbox = () => ctx.providers.stripe as SandboxStripe;
type Json = Record<string, unknown>;

async function deliver(event: Json) {
  const res = await postEvent(ctx.app, event, secret);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    stripe_subscription_id: string | null;
  }>('select plan, status, stripe_subscription_id from subscriptions where user_id = $1', [userId]);
  return rows[0];
}

async function reversalsOf(userId: string) {
  const { rows } = await ctx.db.query<{ kind: string; ended: string }>(
    'select kind, ended from payment_reversals where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

/** The charge Stripe made for a paid Pay Per Call checkout, as the sandbox recorded it. */
async function chargeOfSession(sessionId: string): Promise<Json> {
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select c.object from sandbox_stripe_charges c join sandbox_stripe_checkout_sessions s
       on s.object->>'payment_intent' = c.object->>'payment_intent' where s.id = $1`,
    [sessionId],
  );
  return rows[0]!.object;
}

const refunded = (charge: Json, amountRefunded = Number(charge.amount)) =>
  stripeEvent('charge.refunded', {
    ...charge,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= Number(charge.amount),
  });

async function payPerCallFamily() {
  const family = await signUp(ctx.app);
  const sessionId = await openCheckout(family.client, 'pay_per_call');
  await sandbox().pay(sessionId);
  expect(await planOf(family.user.id)).toMatchObject({ plan: 'pay_per_call', status: 'active' });
  return { ...family, charge: await chargeOfSession(sessionId) };
}

/** A family on a pass, with the charge of its first invoice as Stripe holds it. */
async function passFamily() {
  const family = await signUp(ctx.app);
  await sandbox().pay(await openCheckout(family.client, 'subscription_3month'));
  const { rows } = await ctx.db.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from subscriptions where user_id = $1',
    [family.user.id],
  );
  const charge = chargeObject({
    paymentIntent: `pi_pass_${family.user.id}`,
    customer: rows[0]!.stripe_customer_id,
    amount: 8900,
  });
  await sandbox().putCharge(charge);
  return { ...family, charge };
}

test('a refunded Pay Per Call ends at once, once, and the admin sees it', async () => {
  const { user, charge } = await payPerCallFamily();
  const event = refunded(charge);
  await deliver(event);
  await deliver(event);
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
  expect(await reversalsOf(user.id)).toEqual([{ kind: 'refund', ended: 'Pay Per Call' }]);
  const admin = await signInAsAdmin(ctx.app);
  const detail = await admin.get(`/api/admin/users/${user.id}`);
  expect(detail.body.payment_reversals).toEqual([
    { kind: 'refund', amount_cents: 299, ended: 'Pay Per Call', created_at: expect.any(String) },
  ]);
});

test('a partial refund is a goodwill gesture: the plan goes on, and the admin sees it', async () => {
  const { user, charge } = await payPerCallFamily();
  await deliver(refunded(charge, 100));
  expect(await planOf(user.id)).toMatchObject({ plan: 'pay_per_call', status: 'active' });
  expect(await reversalsOf(user.id)).toEqual([{ kind: 'partial_refund', ended: 'nothing' }]);
});

test('a refunded pass ends at once: its minutes, its number and its subscription at Stripe', async () => {
  const { user, charge } = await passFamily();
  const before = await planOf(user.id);
  await deliver(refunded(charge));
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
  const { rows: numbers } = await ctx.db.query('select 1 from agent_configs where user_id = $1', [user.id]);
  expect(numbers).toEqual([]);
  expect((await sandbox().retrieveSubscription(before!.stripe_subscription_id!)).status).toBe('canceled');
  expect(await reversalsOf(user.id)).toEqual([{ kind: 'refund', ended: '3-Month Pass' }]);
});

test('a disputed pass payment ends the pass as a refund does', async () => {
  const { user, charge } = await passFamily();
  await deliver(
    stripeEvent('charge.dispute.created', {
      id: `dp_${user.id}`,
      object: 'dispute',
      amount: 8900,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'needs_response',
    }),
  );
  expect(await planOf(user.id)).toMatchObject({ status: 'ended' });
  expect(await reversalsOf(user.id)).toEqual([{ kind: 'dispute', ended: '3-Month Pass' }]);
});

async function giftCharge(sessionId: string) {
  return chargeOfSession(sessionId);
}

test('a refunded gift not yet redeemed can no longer be redeemed', async () => {
  const { order, sessionId } = await buyGift(ctx);
  const code = await redeemCodeFor(ctx, order.recipient_email);
  await deliver(refunded(await giftCharge(sessionId)));
  const recipient = await signUp(ctx.app, { email: order.recipient_email });
  const redeemed = await recipient.client.post('/api/gifts/redeem').send({ code });
  expect(redeemed.status).toBe(404);
  expect(await planOf(recipient.user.id)).toBeUndefined();
});

test('a redeemed gift whose payment is disputed ends for its holder, who is told why', async () => {
  const { order, sessionId } = await buyGift(ctx);
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const recipient = await signUp(ctx.app, { email: order.recipient_email });
  expect((await recipient.client.post('/api/gifts/redeem').send({ code })).status).toBe(200);
  const charge = await giftCharge(sessionId);
  await deliver(
    stripeEvent('charge.dispute.created', {
      id: `dp_gift_${recipient.user.id}`,
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
    }),
  );
  expect(await planOf(recipient.user.id)).toMatchObject({ status: 'ended' });
  const { rows } = await ctx.db.query(`select 1 from emails where user_id = $1 and kind = 'gift_reversed'`, [
    recipient.user.id,
  ]);
  expect(rows).toHaveLength(1);
});
