/**
 * What the admin changes in a family's plan reaches the parent by email too, once per action,
 * through a real SMTP server on loopback.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatBillingDate } from '@santa/shared/billing-terms';
import { buyPass, createParent, generateCoupon } from '../../../test/fixtures/admin.ts';
import { expectBothParts, inboxOf } from '../../../test/fixtures/inbox.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signInAsAdmin,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

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

/** The parent's emails after the welcome and the pass's receipt. */
const planEmails = async (address: string) =>
  (await inboxOf(ctx, smtp, address)).filter((email) => !email.subject.startsWith('Receipt'));

async function discountedParent() {
  const parent = await createParent(ctx);
  await buyPass(ctx, parent.client, await generateCoupon(admin, 25, 'forever'));
  return parent;
}

test("each gift of minutes sends the parent one email with the admin's note", async () => {
  const { user } = await createParent(ctx);
  const gift = (minutes: number, note?: string) =>
    admin.post('/api/admin/gift-minutes').send({ user_id: user.id, minutes, note });
  expect((await gift(15, 'Merry Christmas from the elves!')).status).toBe(200);
  expect((await gift(1)).status).toBe(200);

  // Emails are sent side by side, so they may arrive in either order.
  const emails = await planEmails(user.email);
  expect(emails).toHaveLength(2);
  const first = emails.find((email) => email.subject === 'A gift from Santa Calls: 15 minutes of calls');
  const second = emails.find((email) => email.subject === 'A gift from Santa Calls: 1 minute of calls');
  expect([first, second]).not.toContain(undefined);
  expectBothParts(first!, `${PUBLIC_URL}/dashboard`);
  expect(first!.text).toContain('Merry Christmas from the elves!');
  expect(second!.text).not.toContain('Their note');
});

test('a discount revoked to the end of the period tells the parent the pass runs to its date, then ends', async () => {
  const { user } = await discountedParent();
  const res = await admin
    .post('/api/admin/revoke-discount')
    .send({ user_id: user.id, action: 'finish_period' });
  expect(res.status).toBe(200);
  const { rows } = await ctx.db.query<{ current_period_end: Date }>(
    'select current_period_end from subscriptions where user_id = $1',
    [user.id],
  );
  const endsOn = formatBillingDate(rows[0]!.current_period_end);

  const emails = await planEmails(user.email);
  expect(emails.map((email) => email.subject)).toEqual(['A change to your 3-Month Pass']);
  expectBothParts(emails[0]!, `${PUBLIC_URL}/dashboard`);
  expect(emails[0]!.text).toContain('removed the 25% discount');
  expect(emails[0]!.text).toContain(`keeps working until ${endsOn}`);
  expect(emails[0]!.text).toContain('will not be charged again');
});

test('a pass cancelled at once sends one email saying it stopped, with the plans to come back to', async () => {
  const { user } = await discountedParent();
  const res = await admin
    .post('/api/admin/revoke-discount')
    .send({ user_id: user.id, action: 'cancel_immediately' });
  expect(res.status).toBe(200);
  // Nothing left to revoke: the second attempt fails and tells the parent nothing more.
  const again = await admin
    .post('/api/admin/revoke-discount')
    .send({ user_id: user.id, action: 'cancel_immediately' });
  expect(again.status).toBe(400);

  const emails = await planEmails(user.email);
  expect(emails.map((email) => email.subject)).toEqual(['Your 3-Month Pass was cancelled']);
  expectBothParts(emails[0]!, `${PUBLIC_URL}/pricing`);
  expect(emails[0]!.html).toContain(`${PUBLIC_URL}/dashboard`);
  expect(emails[0]!.text).toContain('It stopped with 180 minutes left');
});

test('the email is decided with the notice: one email row per notice, keyed by it', async () => {
  const { user } = await createParent(ctx);
  await admin.post('/api/admin/gift-minutes').send({ user_id: user.id, minutes: 5 });
  const { rows } = await ctx.db.query<{ event_key: string; notice_id: string | null }>(
    `select e.event_key, n.id as notice_id from emails e
     left join plan_notices n on n.id::text = e.event_key
     where e.user_id = $1 and e.kind = 'plan_gift'`,
    [user.id],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.notice_id).toBe(rows[0]!.event_key);
});
