/** A pass holder choosing another pass when Stripe does not simply charge the card on file. */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
import type { PurchasablePlanId } from '@santa/shared/plans';
import { invoiceObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import { buyPass } from '../../../test/fixtures/admin.ts';
import { postEvent, stripeEvent, webhookSecret } from '../../../test/fixtures/stripe-events.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

async function familyWithPass() {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  return { client, user };
}

function choosePass(client: TestClient, plan: PurchasablePlanId) {
  return client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({ plan, success_url: `${PUBLIC_URL}/dashboard`, cancel_url: `${PUBLIC_URL}/pricing` });
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{ plan: string; seconds_limit: number; amount: number }>(
    'select plan, seconds_limit, amount from subscriptions where user_id = $1',
    [userId],
  );
  return rows[0];
}

test('a pass change whose charge needs the parent sends them to pay it, and the pass stays as it was until then', async () => {
  const { client, user } = await familyWithPass();
  const before = await planOf(user.id);
  const payUrl = 'https://invoice.stripe.com/i/acct_test/proration_needs_3ds';
  const change = vi
    .spyOn(ctx.providers.stripe, 'changeSubscriptionPrice')
    .mockResolvedValueOnce({ status: 'payment_required', payUrl });
  try {
    const res = await choosePass(client, 'subscription_12month');
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(payUrl);
  } finally {
    change.mockRestore();
  }
  expect(await planOf(user.id)).toEqual(before);
});

test('a pass change Stripe holds with no page to pay it on is a 502 and changes nothing', async () => {
  const { client, user } = await familyWithPass();
  const before = await planOf(user.id);
  const change = vi
    .spyOn(ctx.providers.stripe, 'changeSubscriptionPrice')
    .mockResolvedValueOnce({ status: 'payment_required', payUrl: null });
  try {
    const res = await choosePass(client, 'subscription_6month');
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('Failed to change your pass');
  } finally {
    change.mockRestore();
  }
  expect(await planOf(user.id)).toEqual(before);
});

test('a pass change Stripe refuses is a 502 and changes nothing', async () => {
  const { client, user } = await familyWithPass();
  const before = await planOf(user.id);
  const change = vi
    .spyOn(ctx.providers.stripe, 'changeSubscriptionPrice')
    .mockRejectedValueOnce(new Error('Your card was declined'));
  try {
    const res = await choosePass(client, 'subscription_6month');
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('Failed to change your pass');
  } finally {
    change.mockRestore();
  }
  expect(await planOf(user.id)).toEqual(before);
});

test('a pass holder asked to pay a failed renewal must settle it before changing pass, even before Stripe says past_due', async () => {
  const { client, user } = await familyWithPass();
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select s.object from sandbox_stripe_subscriptions s
     join subscriptions p on p.stripe_subscription_id = s.id where p.user_id = $1`,
    [user.id],
  );
  // Stripe still calls the subscription active: the failure's own event came first.
  const sub = rows[0]!.object;
  const failed = {
    ...invoiceObject({
      subscription: sub,
      customer: String(sub.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    amount_due: 8900,
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/renewal_to_pay',
  };
  const event = stripeEvent('invoice.payment_failed', failed);
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  const change = vi.spyOn(ctx.providers.stripe, 'changeSubscriptionPrice');
  try {
    const res = await choosePass(client, 'subscription_6month');
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(PAYMENT_MESSAGES.renewalUnpaid);
    expect(change).not.toHaveBeenCalled();
  } finally {
    change.mockRestore();
  }
  expect(await planOf(user.id)).toMatchObject({ plan: 'subscription_3month' });
});
