/**
 * What Stripe's word changes, and what it must not: a checkout event alone, Stripe out of reach,
 * objects Stripe no longer has, and invoices of a pass the family has since replaced.
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { invoiceObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import { StripeObjectMissingError } from '../../providers/stripe/stripe-provider.ts';
import { paidAtStripe } from '../../../test/fixtures/paid-at-stripe.ts';
import {
  checkoutSession,
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Json = Record<string, unknown>;

function post(type: string, object: Json) {
  return postEvent(ctx.app, stripeEvent(type, object), webhookSecret(ctx.providers));
}

async function deliver(type: string, object: Json) {
  expect((await post(type, object)).status).toBe(200);
}

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{
    plan: string;
    status: string;
    seconds_used: number;
    payment_failed_at: Date | null;
    stripe_subscription_id: string | null;
    current_period_end: Date | null;
  }>('select * from subscriptions where user_id = $1', [userId]);
  return rows[0];
}

async function eventRecorded(eventId: string): Promise<boolean> {
  const { rows } = await ctx.db.query('select 1 from stripe_events where id = $1', [eventId]);
  return rows.length === 1;
}

async function emailsOf(userId: string, kind: string) {
  const { rows } = await ctx.db.query('select 1 from emails where user_id = $1 and kind = $2', [
    userId,
    kind,
  ]);
  return rows.length;
}

/** A call of the family's whose recording is not unlocked. */
async function lockedCall(userId: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into calls (user_id, duration, transcript, audio_key)
     values ($1, 60, 'Ho ho ho', 'recordings/earlier.mp3') returning id`,
    [userId],
  );
  return rows[0]!.id;
}

async function recordingPurchased(callId: string): Promise<boolean> {
  const { rows } = await ctx.db.query<{ recording_purchased: boolean }>(
    'select recording_purchased from calls where id = $1',
    [callId],
  );
  return rows[0]!.recording_purchased;
}

test('checkout.session.completed alone starts the pass on its Stripe subscription, to the end of the period Stripe holds', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const plan = await planOf(user.id);
  expect(plan).toMatchObject({
    plan: 'subscription_3month',
    status: 'active',
    stripe_subscription_id: sub!.id,
  });
  const periodEnd = (sub!.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
  expect(plan!.current_period_end?.getTime()).toBe(periodEnd * 1000);
});

test('when Stripe cannot be reached to read the subscription, the event fails so that Stripe sends it again, and the retry starts the pass', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  const event = stripeEvent('checkout.session.completed', session);
  const read = vi
    .spyOn(ctx.providers.stripe, 'retrieveSubscription')
    .mockRejectedValueOnce(new Error('connect ECONNREFUSED api.stripe.com'));
  try {
    const failed = await postEvent(ctx.app, event, webhookSecret(ctx.providers));
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await eventRecorded(String(event.id))).toBe(false);
    expect(await planOf(user.id)).toBeUndefined();
  } finally {
    read.mockRestore();
  }
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  expect(await planOf(user.id)).toMatchObject({ status: 'active', stripe_subscription_id: sub!.id });
});

test('an event about a subscription Stripe no longer has is acknowledged, so Stripe stops sending it, and changes nothing', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  const event = stripeEvent('customer.subscription.updated', sub!);
  const read = vi
    .spyOn(ctx.providers.stripe, 'retrieveSubscription')
    .mockRejectedValueOnce(new StripeObjectMissingError(`No such subscription: '${String(sub!.id)}'`));
  try {
    expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  } finally {
    read.mockRestore();
  }
  expect(await eventRecorded(String(event.id))).toBe(true);
  expect(await planOf(user.id)).toBeUndefined();
});

test('an invoice for no subscription (a one-off charge) is acknowledged without asking Stripe and changes nothing', async () => {
  const { client, user } = await signUp(ctx.app);
  const { session } = await paidAtStripe(ctx, client, user.id, 'pay_per_call');
  await deliver('checkout.session.completed', session);
  const before = await planOf(user.id);
  // An invoice the Stripe dashboard raised by hand: no subscription, no parent.
  const oneOff = {
    id: 'in_one_off_charge',
    object: 'invoice',
    amount_paid: 299,
    billing_reason: 'manual',
    customer: session.customer,
    parent: null,
    status: 'paid',
    lines: { object: 'list', data: [], has_more: false },
  };
  const event = stripeEvent('invoice.paid', oneOff);
  // Asking Stripe for a subscription with no id would fail on every retry, for days.
  const read = vi.spyOn(ctx.providers.stripe, 'retrieveSubscription');
  try {
    expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
    expect(read).not.toHaveBeenCalled();
  } finally {
    read.mockRestore();
  }
  expect(await eventRecorded(String(event.id))).toBe(true);
  expect(await planOf(user.id)).toEqual(before);
});

test('Pay Per Call leaves the recordings of earlier calls locked; a pass unlocks them', async () => {
  const { client, user } = await signUp(ctx.app);
  const call = await lockedCall(user.id);
  const payPerCall = await paidAtStripe(ctx, client, user.id, 'pay_per_call');
  await deliver('checkout.session.completed', payPerCall.session);
  expect(await planOf(user.id)).toMatchObject({ plan: 'pay_per_call', status: 'active' });
  expect(await recordingPurchased(call)).toBe(false);

  await ctx.db.query("update subscriptions set status = 'ended' where user_id = $1", [user.id]);
  const pass = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', pass.session);
  expect(await recordingPurchased(call)).toBe(true);
});

/** A family on its second pass, whose first Stripe would not cancel: both subscriptions live at Stripe. */
async function familyWithAReplacedPassStillLive() {
  const { client, user } = await signUp(ctx.app);
  const first = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  const second = await paidAtStripe(ctx, client, user.id, 'subscription_12month');
  await deliver('checkout.session.completed', first.session);
  const cancel = vi
    .spyOn(ctx.providers.stripe, 'cancelSubscriptionNow')
    .mockRejectedValueOnce(new Error('Stripe is unreachable'));
  try {
    await deliver('checkout.session.completed', second.session);
  } finally {
    cancel.mockRestore();
  }
  expect(await planOf(user.id)).toMatchObject({
    plan: 'subscription_12month',
    stripe_subscription_id: second.sub!.id,
  });
  await ctx.db.query('update subscriptions set seconds_used = 1800 where user_id = $1', [user.id]);
  return { user, replaced: first.sub! };
}

test('a renewal paid on a replaced pass Stripe still bills credits nothing to the pass the family has now', async () => {
  const { user, replaced } = await familyWithAReplacedPassStillLive();
  const before = await planOf(user.id);
  await deliver('invoice.paid', invoice(replaced, 'subscription_cycle', 8900));
  expect(await planOf(user.id)).toEqual(before);
  expect(await emailsOf(user.id, 'renewal_receipt')).toBe(0);
});

test('a late first invoice of a replaced pass Stripe still bills changes nothing of the pass the family has now', async () => {
  const { user, replaced } = await familyWithAReplacedPassStillLive();
  const before = await planOf(user.id);
  await deliver('invoice.paid', invoice(replaced, 'subscription_create', 4450));
  expect(await planOf(user.id)).toEqual(before);
});

test('a failed payment on a replaced pass Stripe still bills asks nothing of the pass the family has now', async () => {
  const { user, replaced } = await familyWithAReplacedPassStillLive();
  const failed = {
    ...invoiceObject({
      subscription: replaced,
      customer: String(replaced.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    amount_due: 8900,
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/replaced',
  };
  await deliver('invoice.payment_failed', failed);
  expect(await planOf(user.id)).toMatchObject({ status: 'active', payment_failed_at: null });
  expect(await emailsOf(user.id, 'payment_failed')).toBe(0);
});

test('a checkout Santa Calls did not open (a payment link made at Stripe) is acknowledged and changes nothing', async () => {
  const { user } = await signUp(ctx.app);
  const stranger = checkoutSession({ metadata: {}, client_reference_id: null });
  const event = stripeEvent('checkout.session.completed', stranger);
  expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  expect(await eventRecorded(String(event.id))).toBe(true);
  expect(await planOf(user.id)).toBeUndefined();
});

test('a pass change whose invoice came to nothing sends no receipt', async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  await deliver('invoice.paid', invoice(sub!, 'subscription_update', 0));
  expect(await emailsOf(user.id, 'upgrade_receipt')).toBe(0);
});

test('a pass change paid on a replaced pass Stripe still bills sends no receipt for the pass the family has now', async () => {
  const { user, replaced } = await familyWithAReplacedPassStillLive();
  await deliver('invoice.paid', invoice(replaced, 'subscription_update', 1500));
  expect(await emailsOf(user.id, 'upgrade_receipt')).toBe(0);
});

test("Stripe's later word on a pass whose payment failed sends no second 'update your card' email", async () => {
  const { client, user } = await signUp(ctx.app);
  const { sub, session } = await paidAtStripe(ctx, client, user.id, 'subscription_3month');
  await deliver('checkout.session.completed', session);
  const failed = {
    ...invoiceObject({
      subscription: sub!,
      customer: String(sub!.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    amount_due: 8900,
    hosted_invoice_url: 'https://invoice.stripe.com/i/acct_test/first_failure',
  };
  const pastDue = { ...sub!, status: 'past_due' };
  await sandboxStripe(ctx.providers).putSubscription(pastDue);
  await deliver('invoice.payment_failed', failed);
  expect(await emailsOf(user.id, 'payment_failed')).toBe(1);
  await deliver('customer.subscription.updated', pastDue);
  expect(await planOf(user.id)).toMatchObject({ status: 'past_due' });
  expect(await emailsOf(user.id, 'payment_failed')).toBe(1);
});
