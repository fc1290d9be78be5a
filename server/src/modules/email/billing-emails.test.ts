/**
 * Receipts and renewal reminders through a real SMTP server on loopback: one per checkout, one
 * per paid renewal or upgrade invoice, one reminder per period; replayed Stripe events send
 * nothing more.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatBillingDate } from '@santa/shared/billing-terms';
import { formatPrice, PLANS } from '@santa/shared/plans';
import { QUEUES } from '../../jobs/job-queue.ts';
import { buyPass, createParent, generateCoupon } from '../../../test/fixtures/admin.ts';
import { expectBothParts, inboxOf } from '../../../test/fixtures/inbox.ts';
import {
  checkoutIdOf,
  checkoutSession,
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  subscription,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signInAsAdmin,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

type Json = Record<string, unknown>;

let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, EMAIL_FROM: 'santa@santa.example' } });
  admin = await signInAsAdmin(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const inbox = (address: string) => inboxOf(ctx, smtp, address);
const deliver = (event: Json) => postEvent(ctx.app, event, webhookSecret(ctx.providers));

async function planOf(userId: string) {
  const { rows } = await ctx.db.query<{ current_period_end: Date; stripe_subscription_id: string }>(
    'select current_period_end, stripe_subscription_id from subscriptions where user_id = $1',
    [userId],
  );
  return rows[0]!;
}

async function stripeSubscriptionOf(userId: string): Promise<Json> {
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select s.object from sandbox_stripe_subscriptions s
     join subscriptions p on p.stripe_subscription_id = s.id where p.user_id = $1`,
    [userId],
  );
  return rows[0]!.object;
}

test('buying a pass sends one receipt with the charged amount, the renewal terms and date, and how to cancel', async () => {
  const { client, user } = await createParent(ctx);
  // A first-payment coupon: the receipt shows what was charged, the terms what renewals cost.
  await buyPass(ctx, client, await generateCoupon(admin, 50, 'first_month'));
  const receipts = await inbox(user.email);
  expect(receipts.map((email) => email.subject)).toEqual(['Receipt: your 3-Month Pass ($44.50)']);
  const [receipt] = receipts;
  expectBothParts(receipt!, `${PUBLIC_URL}/dashboard`);
  const renewsOn = formatBillingDate((await planOf(user.id)).current_period_end);
  for (const part of [receipt!.text, receipt!.html]) {
    expect(part).toContain('$44.50 on');
    expect(part).toContain('$89 every 3 months · renews automatically · cancel anytime');
    expect(part).toContain(renewsOn);
    expect(part).toContain('Manage billing');
  }
});

test("the receipt carries Stripe's total, and a replay of every checkout event sends no second one", async () => {
  const { client, user } = await createParent(ctx);
  const res = await client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan: 'subscription_6month',
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
    });
  const metadata = {
    checkout_id: await checkoutIdOf(ctx.db, res.body.url),
    kind: 'plan',
    plan: 'subscription_6month',
    user_id: user.id,
  };
  const sub = subscription({ metadata }, 6);
  await sandboxStripe(ctx.providers).putSubscription(sub);
  // Stripe's own total (tax, say), not the plan table's price: the receipt says what was charged.
  const charged = 16_377;
  const session = checkoutSession({
    metadata,
    mode: 'subscription',
    subscription: sub.id,
    customer: sub.customer,
    amount_subtotal: PLANS.subscription_6month.priceCents,
    amount_total: charged,
  });
  // The subscription first (no total in it), then the invoice and the session that carry it.
  const events = [
    stripeEvent('customer.subscription.created', sub),
    stripeEvent('invoice.paid', invoice(sub, 'subscription_create', charged)),
    stripeEvent('checkout.session.completed', session),
  ];
  for (const event of [...events, ...events]) expect((await deliver(event)).status).toBe(200);

  const receipts = await inbox(user.email);
  expect(receipts.map((email) => email.subject)).toEqual(['Receipt: your 6-Month Pass ($163.77)']);
  expect(receipts[0]!.text).toContain('$159 every 6 months · renews automatically · cancel anytime');
});

test('a one-off plan gets a receipt without renewal terms', async () => {
  const { client, user } = await createParent(ctx);
  await buyPass(ctx, client, undefined, 'pay_per_call');
  const [receipt, ...more] = await inbox(user.email);
  expect(more).toEqual([]);
  expect(receipt!.subject).toBe('Receipt: your Pay Per Call ($2.99)');
  expect(receipt!.text).not.toContain('renews automatically');
  expect(receipt!.text).not.toContain('Manage billing');
});

test('each paid renewal sends one receipt, however often Stripe delivers its invoice', async () => {
  const { client, user } = await createParent(ctx);
  await buyPass(ctx, client);
  const sub = await stripeSubscriptionOf(user.id);
  const renewal = invoice(sub, 'subscription_cycle', 8900);
  await deliver(stripeEvent('invoice.paid', renewal));
  await deliver(stripeEvent('invoice.paid', renewal));
  const next = invoice(sub, 'subscription_cycle', 8900);
  await deliver(stripeEvent('invoice.paid', next));

  const renewed = (await inbox(user.email)).filter((email) => email.subject.includes('renewed'));
  expect(renewed.map((email) => email.subject)).toEqual([
    'Receipt: your 3-Month Pass renewed ($89)',
    'Receipt: your 3-Month Pass renewed ($89)',
  ]);
  expectBothParts(renewed[0]!, `${PUBLIC_URL}/dashboard`);
  expect(renewed[0]!.text).toContain('$89 every 3 months · renews automatically · cancel anytime');
  const { rows } = await ctx.db.query('select event_key from emails where kind = $1 and user_id = $2', [
    'renewal_receipt',
    user.id,
  ]);
  expect(rows.map((row) => row.event_key).sort()).toEqual([renewal.id, next.id].sort());
});

test("upgrading a pass sends one receipt for its prorated invoice, with Stripe's total, however often the invoice comes", async () => {
  const { client, user } = await createParent(ctx);
  await buyPass(ctx, client);
  const upgrade = await client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan: 'subscription_6month',
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
    });
  expect(upgrade.status).toBe(200);
  const sub = await stripeSubscriptionOf(user.id);
  const { rows } = await ctx.db.query<{ object: Json }>(
    `select object from sandbox_stripe_invoices where object->>'billing_reason' = 'subscription_update' and customer = $1`,
    [sub.customer],
  );
  const proration = rows[0]!.object;
  const total = Number(proration.total);
  // Stripe's prorated total, not the plan table's price.
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(PLANS.subscription_6month.priceCents);

  // Stripe re-sends the same invoice, and the same event arrives twice.
  const resent = stripeEvent('invoice.paid', proration);
  for (const event of [resent, resent, stripeEvent('invoice.paid', proration)])
    expect((await deliver(event)).status).toBe(200);

  const receipts = await inbox(user.email);
  expect(receipts.map((email) => email.subject)).toEqual([
    'Receipt: your 3-Month Pass ($89)',
    `Receipt: your upgrade to the 6-Month Pass (${formatPrice(total)})`,
  ]);
  const receipt = receipts[1]!;
  expectBothParts(receipt, `${PUBLIC_URL}/dashboard`);
  const renewsOn = formatBillingDate((await planOf(user.id)).current_period_end);
  for (const part of [receipt.text, receipt.html]) {
    expect(part).toContain(`${formatPrice(total)} on`);
    expect(part).toContain('$159 every 6 months · renews automatically · cancel anytime');
    expect(part).toContain(renewsOn);
    expect(part).toContain('Manage billing');
  }
  const keys = await ctx.db.query('select event_key from emails where kind = $1 and user_id = $2', [
    'upgrade_receipt',
    user.id,
  ]);
  expect(keys.rows).toEqual([{ event_key: proration.id }]);
});

/** A pass whose period ends `days` from now, as Stripe would hold it then. */
async function passRenewingIn(days: number, cancelAtPeriodEnd = false) {
  const parent = await createParent(ctx);
  await buyPass(ctx, parent.client);
  await ctx.db.query(
    'update subscriptions set current_period_end = $2, cancel_at_period_end = $3 where user_id = $1',
    [parent.user.id, new Date(Date.now() + days * DAY_MS), cancelAtPeriodEnd],
  );
  return parent;
}

const reminders = async (address: string) =>
  (await inbox(address)).filter((email) => email.subject.includes('renews on'));

test('a week before a pass renews the hourly job sends one reminder with the amount, the date and how to cancel', async () => {
  const { user } = await passRenewingIn(6.5);
  await ctx.jobs.send(QUEUES.renewalReminders, {});
  expect(await ctx.jobs.drained([QUEUES.renewalReminders])).toBe(true);
  await ctx.services.renewalReminders.sendDue();

  const sent = await reminders(user.email);
  const renewsOn = formatBillingDate((await planOf(user.id)).current_period_end);
  expect(sent.map((email) => email.subject)).toEqual([`Your 3-Month Pass renews on ${renewsOn}`]);
  expectBothParts(sent[0]!, `${PUBLIC_URL}/dashboard`);
  expect(sent[0]!.text).toContain('charge $89');
  expect(sent[0]!.text).toContain('Manage billing');
  expect(sent[0]!.text).toContain(`cancel before ${renewsOn}`);
});

test('the next period of the same pass gets its own reminder', async () => {
  const { user } = await passRenewingIn(6.2);
  await ctx.services.renewalReminders.sendDue();
  // Renewed, and a period later due again: a new period end, a new reminder.
  await ctx.db.query('update subscriptions set current_period_end = $2 where user_id = $1', [
    user.id,
    new Date(Date.now() + 6.8 * DAY_MS),
  ]);
  await ctx.services.renewalReminders.sendDue();
  await ctx.services.renewalReminders.sendDue();
  expect(await reminders(user.email)).toHaveLength(2);
});

test('no reminder for a pass set to end at its period, nor for one renewing later than a week', async () => {
  const cancelled = await passRenewingIn(6.5, true);
  const later = await passRenewingIn(8);
  const sooner = await passRenewingIn(5);
  await ctx.services.renewalReminders.sendDue();
  expect(await reminders(cancelled.user.email)).toEqual([]);
  expect(await reminders(later.user.email)).toEqual([]);
  expect(await reminders(sooner.user.email)).toEqual([]);
});
