import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../../../test/smtp-server.ts';
import {
  createTestContext,
  PUBLIC_URL,
  signUp,
  TestClient,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-app.ts';
import { hashToken } from './tokens.ts';

let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ env: { SMTP_URL: smtp.url, EMAIL_FROM: 'santa@santa.example' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const RESET_SUBJECT = 'Reset your Santa Calls password';
const SAME_ANSWER =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for 30 minutes.';

async function resetEmailsTo(address: string): Promise<ReceivedEmail[]> {
  // The request is looked up by its own job, which then queues the email.
  expect(await ctx.jobs.drained([QUEUES.passwordResetRequest])).toBe(true);
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true);
  return smtp.received.filter((email) => email.to.includes(address) && email.subject === RESET_SUBJECT);
}

const tokenIn = (email: ReceivedEmail) => /reset-password#token=([\w-]{43})/.exec(email.text)![1]!;

async function forgot(email: string, client = new TestClient(ctx.app)) {
  return client.post('/api/auth/password/forgot').send({ email });
}

/** A parent signed in on two devices who then asks for a reset link. */
async function parentWithResetLink() {
  const parent = await signUp(ctx.app);
  const otherDevice = new TestClient(ctx.app);
  await otherDevice.post('/api/auth/login').send({ email: parent.user.email, password: parent.password });
  expect((await forgot(parent.user.email)).status).toBe(200);
  const [email] = await resetEmailsTo(parent.user.email);
  return { ...parent, otherDevice, email: email!, token: tokenIn(email!) };
}

test('a forgotten password: one email with a 30-minute link, the new password signs in, every session is signed out', async () => {
  const { user, client, otherDevice, email, token } = await parentWithResetLink();
  expect(await resetEmailsTo(user.email)).toHaveLength(1);
  expect(email.text).toContain(`${PUBLIC_URL}/reset-password#token=${token}`);
  expect(email.html).toContain(`${PUBLIC_URL}/reset-password#token=${token}`);
  expect(email.text).toContain('30 minutes');

  const reset = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'a-brand-new-password' });
  expect(reset.status).toBe(200);
  expect((await client.get('/api/auth/me')).status).toBe(401);
  expect((await otherDevice.get('/api/auth/me')).status).toBe(401);

  const fresh = new TestClient(ctx.app);
  const oldPassword = await fresh
    .post('/api/auth/login')
    .send({ email: user.email, password: 'correct-horse-battery' });
  expect(oldPassword.status).toBe(401);
  const newPassword = await fresh
    .post('/api/auth/login')
    .send({ email: user.email, password: 'a-brand-new-password' });
  expect(newPassword.status).toBe(200);
  // Opening the emailed link proved the inbox is theirs.
  expect(newPassword.body.user.email_verified).toBe(true);
});

test('an unknown address gets the same answer as a known one, and no email goes anywhere', async () => {
  const known = await signUp(ctx.app);
  const unknownAddress = uniqueEmail('nobody');
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true); // the welcome email is out of the way
  const before = smtp.received.length;
  const forKnown = await forgot(known.user.email);
  const forUnknown = await forgot(unknownAddress);
  expect([forKnown.status, forUnknown.status]).toEqual([200, 200]);
  expect(forUnknown.body).toEqual(forKnown.body);
  expect(forUnknown.body).toEqual({ message: SAME_ANSWER });
  expect(await resetEmailsTo(unknownAddress)).toEqual([]);
  expect(smtp.received.slice(before).map((email) => email.to)).toEqual([[known.user.email]]);
});

test('a known and an unknown address cost the request the same work: one lookup job each', async () => {
  const known = await signUp(ctx.app);
  const jobsOf = async () => {
    const { rows } = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from ${ctx.jobs.schema}.job where name = $1`,
      [QUEUES.passwordResetRequest],
    );
    return rows[0]!.n;
  };
  const before = await jobsOf();
  await forgot(known.user.email);
  expect(await jobsOf()).toBe(before + 1);
  await forgot(uniqueEmail('nobody'));
  expect(await jobsOf()).toBe(before + 2);
  expect(await resetEmailsTo(known.user.email)).toHaveLength(1);
});

test('a reset link works once: used again, it is refused with a clear message', async () => {
  const { token } = await parentWithResetLink();
  const first = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'first-new-password' });
  expect(first.status).toBe(200);
  const again = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'second-new-password' });
  expect(again.status).toBe(400);
  expect(again.body.detail).toBe(
    'This reset link has already been used or is not valid. Ask for a new one from the sign-in page.',
  );
});

test('a reset link older than 30 minutes is refused and the password stays as it was', async () => {
  const { user, password, token } = await parentWithResetLink();
  await ctx.db.query(
    `update account_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
    [hashToken(token)],
  );
  const res = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'too-late-password' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe('This reset link has expired. Ask for a new one from the sign-in page.');
  const login = await new TestClient(ctx.app).post('/api/auth/login').send({ email: user.email, password });
  expect(login.status).toBe(200);
});

test('only the SHA-256 of a reset token is stored', async () => {
  const { user, token } = await parentWithResetLink();
  const { rows } = await ctx.db.query<{ token_hash: string }>(
    `select token_hash from account_tokens where user_id = $1 and purpose = 'password_reset'`,
    [user.id],
  );
  expect(rows).toEqual([{ token_hash: hashToken(token) }]);
});

test('a new password that is too short is refused before the link is used up', async () => {
  const { token } = await parentWithResetLink();
  const short = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'short' });
  expect(short.status).toBe(400);
  expect(short.body.detail).toBe('Password must be at least 8 characters');
  const ok = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token, password: 'long-enough-now' });
  expect(ok.status).toBe(200);
});

test('reset requests are limited per address, whoever asks, and the limit answers the same for any address', async () => {
  const address = uniqueEmail('flood');
  const answers: number[] = [];
  for (let i = 0; i < 6; i += 1) answers.push((await forgot(address)).status);
  expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  expect((await forgot(uniqueEmail('other'))).status).toBe(200);
});
