/**
 * Each email through a real SMTP server on loopback (smtp-server): it arrives once, with a text
 * and an HTML part and the right absolute link, and a replayed event sends nothing more.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { findEmail, insertEmail } from './email.repository.ts';
import { invoiceObject } from '../../providers/stripe/sandbox-stripe-objects.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { buyPass } from '../../../test/fixtures/admin.ts';
import { postEvent, stripeEvent, webhookSecret } from '../../../test/fixtures/stripe-events.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../../../test/smtp-server.ts';
import { PUBLIC_URL, signUp } from '../../../test/test-app.ts';

let smtp: TestSmtpServer;
let ctx: VoiceTestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createVoiceTestContext({
    env: { SMTP_URL: smtp.url, EMAIL_FROM: 'Santa Calls <santa@santa.example>' },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

/** Every email sent to `address` once the summaries (which send the recaps) and emails are done. */
async function inboxOf(address: string): Promise<ReceivedEmail[]> {
  expect(await ctx.jobs.drained([QUEUES.afterCall])).toBe(true);
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true);
  return smtp.received.filter((email) => email.to.includes(address));
}

function expectBothParts(email: ReceivedEmail, link: string | RegExp) {
  expect(email.from).toBe('santa@santa.example');
  expect(email.text).toMatch(link);
  expect(email.html).toMatch(/^<!DOCTYPE html/i);
  expect(email.html).toMatch(link);
}

test('a new parent gets one welcome email whose link confirms their address', async () => {
  const { client, user } = await signUp(ctx.app, { name: 'Pat Parent' });
  const inbox = await inboxOf(user.email);
  expect(inbox).toHaveLength(1);
  const [welcome] = inbox;
  expect(welcome!.subject).toBe('Welcome to Santa Calls! Please confirm your email');
  expectBothParts(welcome!, /http:\/\/localhost:3000\/verify-email#token=[\w-]{43}/);
  expect(welcome!.text).toContain('Hello Pat Parent,');

  const token = /verify-email#token=([\w-]{43})/.exec(welcome!.text)![1]!;
  expect((await client.get('/api/auth/me')).body.user.email_verified).toBe(false);
  const verified = await client.post('/api/auth/email/verify').send({ token });
  expect(verified.status).toBe(200);
  expect(verified.body.email).toBe(user.email);
  expect((await client.get('/api/auth/me')).body.user.email_verified).toBe(true);
});

test('when a call ends the parent gets one recap linking to the call; a replayed webhook sends nothing', async () => {
  const { user, client, callSid, parentPhone } = await connectedCall(ctx);
  const payload = transcriptionPayload({
    conversationId: uniqueConversationId('conv_recap'),
    callSid,
    from: parentPhone,
    durationSecs: 185,
  });
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);

  const recaps = (await inboxOf(user.email)).filter(
    (email) => email.subject !== 'Welcome to Santa Calls! Please confirm your email',
  );
  expect(recaps).toHaveLength(1);
  expect(recaps[0]!.subject).toBe('Emma just talked to Santa');
  expectBothParts(recaps[0]!, `${PUBLIC_URL}/calls`);
  expect(recaps[0]!.text).toContain('3-minute call');
  // What the child said, in their words: not the voice agent's retelling of the wish list.
  // The plain-text part writes headings in capitals.
  expect(recaps[0]!.text).toContain('WHAT EMMA TOLD SANTA');
  expect(recaps[0]!.text).toContain('“I would love a red bicycle please.”');
  expect(recaps[0]!.html).toContain('What Emma told Santa');
  // The call history shows the same recap.
  const [call] = (await client.get('/api/calls/history')).body.calls;
  expect(call.recap).toEqual({
    wishes: ['I would love a red bicycle please.'],
    news: [],
    questions: [],
    promises: [],
  });
  expect(call.summary).toBe('Emma told Santa “I would love a red bicycle please”.');
  // The one optional email says where to turn it off.
  expect(recaps[0]!.html).toContain(`${PUBLIC_URL}/account#email-preferences`);
});

test('a parent who turned recaps off gets none', async () => {
  const { user, client, callSid, parentPhone } = await connectedCall(ctx);
  expect((await client.put('/api/email/preferences').send({ call_recaps: false })).body).toEqual({
    call_recaps: false,
  });
  expect((await client.get('/api/email/preferences')).body).toEqual({ call_recaps: false });
  await postElevenLabs(
    ctx,
    transcriptionPayload({
      conversationId: uniqueConversationId('conv_norecap'),
      callSid,
      from: parentPhone,
    }),
  );
  const subjects = (await inboxOf(user.email)).map((email) => email.subject);
  expect(subjects).toEqual(['Welcome to Santa Calls! Please confirm your email']);
});

test("Stripe's invoice.payment_failed sends one 'update your card' email with the invoice's page; a replay sends nothing", async () => {
  const { client, user } = await signUp(ctx.app);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  const { rows } = await ctx.db.query<{ object: Record<string, unknown> }>(
    `select s.object from sandbox_stripe_subscriptions s
     join subscriptions p on p.stripe_subscription_id = s.id where p.user_id = $1`,
    [user.id],
  );
  const sub: Record<string, unknown> = { ...rows[0]!.object, status: 'past_due' };
  await ctx.db.query('update sandbox_stripe_subscriptions set object = $2 where id = $1', [sub.id, sub]);
  const updateUrl = 'https://invoice.stripe.com/i/acct_test/test_failed_renewal';
  const failed = {
    ...invoiceObject({
      subscription: sub,
      customer: String(sub.customer),
      billingReason: 'subscription_cycle',
      amountPaid: 0,
      subtotal: 8900,
    }),
    status: 'open',
    hosted_invoice_url: updateUrl,
  };
  const event = stripeEvent('invoice.payment_failed', failed);
  const secret = webhookSecret(ctx.providers);
  expect((await postEvent(ctx.app, event, secret)).status).toBe(200);
  expect((await postEvent(ctx.app, event, secret)).status).toBe(200);

  const emails = (await inboxOf(user.email)).filter((email) => email.subject.startsWith('Payment failed'));
  expect(emails).toHaveLength(1);
  expect(emails[0]!.subject).toBe('Payment failed: update your card to keep your Santa Calls pass');
  expectBothParts(emails[0]!, updateUrl);
  expect(emails[0]!.html).toContain(`${PUBLIC_URL}/dashboard`);
});

test('an email job that runs again after its email went out sends nothing more', async () => {
  const { user } = await signUp(ctx.app);
  expect(await inboxOf(user.email)).toHaveLength(1);
  const { rows } = await ctx.db.query<{ id: string }>('select id from emails where user_id = $1', [user.id]);
  await ctx.services.emails.deliver({ emailId: rows[0]!.id });
  expect(await inboxOf(user.email)).toHaveLength(1);
});

test('an account deleted while its email is on its way gets no email, and the job ends without a retry', async () => {
  const { user } = await signUp(ctx.app);
  expect(await inboxOf(user.email)).toHaveLength(1);
  const emailId = await insertEmail(ctx.db, {
    kind: 'verify_email',
    eventKey: randomUUID(),
    userId: user.id,
  });
  // The job read the email just before the account went; its link is minted after.
  const read = await findEmail(ctx.db, emailId!);
  await ctx.db.query('delete from users where id = $1', [user.id]);
  await ctx.services.emails.deliver({ emailId: emailId! }, read);
  expect(await inboxOf(user.email)).toHaveLength(1);
});

test.skipIf(!process.env.TEST_DATABASE_URL)(
  'an account deleted at the moment its link is minted gets no email either',
  async () => {
    const { user } = await signUp(ctx.app);
    expect(await inboxOf(user.email)).toHaveLength(1);
    const emailId = await insertEmail(ctx.db, { kind: 'welcome', eventKey: randomUUID(), userId: user.id });
    const read = await findEmail(ctx.db, emailId!);
    let delivered: Promise<void> | undefined;
    await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
      await tx.query('delete from users where id = $1', [user.id]);
      delivered = ctx.services.emails.deliver({ emailId: emailId! }, read);
      // The link waits on the deletion, which then commits.
      await expect
        .poll(async () => {
          const { rows: waiting } = await ctx.db.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
            [rows[0]!.pid],
          );
          return waiting[0]!.n;
        })
        .toBe(1);
    });
    await delivered;
    expect(await inboxOf(user.email)).toHaveLength(1);
  },
);
