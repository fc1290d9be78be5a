/** The amount a family is shown as paid is what Stripe charged, not what we would have computed. */
import { afterAll, beforeAll, expect, test } from 'vitest';
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
import { createTestContext, PUBLIC_URL, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function deliver(event: Json) {
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
}

async function amountOf(userId: string): Promise<number | undefined> {
  const { rows } = await ctx.db.query<{ amount: number }>(
    'select amount from subscriptions where user_id = $1',
    [userId],
  );
  return rows[0]?.amount;
}

/** A 3-month pass as Stripe holds it after the parent's checkout (not yet told to us). */
async function paidAtStripe() {
  const { client, user } = await signUp(ctx.app);
  const sessionId = await openCheckout(client, 'subscription_3month');
  const { rows } = await ctx.db.query<{ id: string }>(
    'select id from checkouts where stripe_session_id = $1',
    [sessionId],
  );
  const metadata = { checkout_id: rows[0]!.id, user_id: user.id, kind: 'plan', plan: 'subscription_3month' };
  const sub = subscription({ metadata });
  await sandboxStripe(ctx.providers).putSubscription(sub);
  return { client, user, sub, metadata };
}

test("a pass's first payment is stored as the checkout session's amount_total", async () => {
  const { user, sub, metadata } = await paidAtStripe();
  // Stripe's total differs from the plan table (a tax, a Stripe-side promotion): Stripe is right.
  const session = checkoutSession({
    metadata,
    mode: 'subscription',
    subscription: sub.id,
    customer: sub.customer,
    amount_subtotal: 8900,
    amount_total: 8123,
  });
  await deliver(stripeEvent('checkout.session.completed', session));
  expect(await amountOf(user.id)).toBe(8123);
});

test('activated by customer.subscription.created first, the amount is corrected by the first invoice', async () => {
  const { user, sub } = await paidAtStripe();
  await deliver(stripeEvent('customer.subscription.created', sub));
  expect(await amountOf(user.id)).toBe(8900);
  await deliver(stripeEvent('invoice.paid', invoice(sub, 'subscription_create', 7777)));
  expect(await amountOf(user.id)).toBe(7777);
});

test('a first invoice arriving after the pass has changed does not undo the change', async () => {
  const { client, user, sub } = await paidAtStripe();
  await deliver(stripeEvent('customer.subscription.created', sub));
  const firstInvoice = invoice(sub, 'subscription_create', 8900);
  const upgrade = await client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan: 'subscription_6month',
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
    });
  expect(upgrade.status).toBe(200);
  expect(await amountOf(user.id)).toBe(15900);
  await deliver(stripeEvent('invoice.paid', firstInvoice));
  expect(await amountOf(user.id)).toBe(15900);
});
