import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import {
  createTestContext,
  signUp,
  TestClient,
  uniqueEmail,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The latest email the sandbox mailbox holds for `address`. */
async function lastEmailTo(address: string) {
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true);
  const { rows } = await ctx.db.query<{ subject: string; text: string }>(
    'select subject, text from sandbox_emails where to_address = $1 order by id desc limit 1',
    [address],
  );
  return rows[0];
}

const verifyToken = (text: string) => /verify-email#token=([\w-]{43})/.exec(text)![1]!;

const signIn = (email: string, password: string) =>
  new TestClient(ctx.app).post('/api/auth/login').send({ email, password });

test('changing the password needs the current one; the other devices are signed out, this one stays', async () => {
  const { client, user, password } = await signUp(ctx.app);
  const phone = new TestClient(ctx.app);
  await phone.post('/api/auth/login').send({ email: user.email, password });

  const wrong = await client
    .post('/api/auth/password/change')
    .send({ current_password: 'not-my-password', new_password: 'new-password-123' });
  expect(wrong.status).toBe(403);
  expect(wrong.body.detail).toBe('Your current password is not right.');
  expect((await signIn(user.email, password)).status).toBe(200);

  const changed = await client
    .post('/api/auth/password/change')
    .send({ current_password: password, new_password: 'new-password-123' });
  expect(changed.status).toBe(200);
  expect((await client.get('/api/auth/me')).status).toBe(200);
  expect((await phone.get('/api/auth/me')).status).toBe(401);
  expect((await signIn(user.email, password)).status).toBe(401);
  expect((await signIn(user.email, 'new-password-123')).status).toBe(200);
});

test('a new address is used only once the link sent to it is opened; until then the old one stays', async () => {
  const { client, user, password } = await signUp(ctx.app);
  const newAddress = uniqueEmail('moved');
  const asked = await client.post('/api/auth/email/change').send({ new_email: newAddress, password });
  expect(asked.status).toBe(202);

  // Unverified: nothing has changed yet.
  expect((await client.get('/api/auth/me')).body.user.email).toBe(user.email);
  expect((await signIn(newAddress, password)).status).toBe(401);
  expect((await signIn(user.email, password)).status).toBe(200);

  const email = await lastEmailTo(newAddress);
  expect(email!.subject).toBe('Confirm your new email address for Santa Calls');
  const token = verifyToken(email!.text);
  const opened = await new TestClient(ctx.app).post('/api/auth/email/verify').send({ token });
  expect(opened.status).toBe(200);
  expect(opened.body.email).toBe(newAddress);

  const me = (await client.get('/api/auth/me')).body.user;
  expect(me).toMatchObject({ email: newAddress, email_verified: true });
  expect((await signIn(newAddress, password)).status).toBe(200);
  expect((await signIn(user.email, password)).status).toBe(401);

  const reused = await new TestClient(ctx.app).post('/api/auth/email/verify').send({ token });
  expect(reused.status).toBe(400);
  expect(reused.body.detail).toBe('This confirmation link has already been used or is not valid.');
});

test('changing the address needs the current password', async () => {
  const { client } = await signUp(ctx.app);
  const res = await client
    .post('/api/auth/email/change')
    .send({ new_email: uniqueEmail(), password: 'wrong-one' });
  expect(res.status).toBe(403);
});

test('an address another account uses is refused, and a link to it cannot take it over later', async () => {
  const first = await signUp(ctx.app);
  const second = await signUp(ctx.app);
  const taken = await first.client
    .post('/api/auth/email/change')
    .send({ new_email: second.user.email, password: first.password });
  expect(taken.status).toBe(409);

  // A link asked for while the address was free, opened after someone else took it.
  const contested = uniqueEmail('contested');
  await first.client.post('/api/auth/email/change').send({ new_email: contested, password: first.password });
  const token = verifyToken((await lastEmailTo(contested))!.text);
  await signUp(ctx.app, { email: contested });
  const opened = await new TestClient(ctx.app).post('/api/auth/email/verify').send({ token });
  expect(opened.status).toBe(409);
  expect((await first.client.get('/api/auth/me')).body.user.email).toBe(first.user.email);
});

test('an expired confirmation link is refused', async () => {
  const { client, user } = await signUp(ctx.app);
  const token = verifyToken((await lastEmailTo(user.email))!.text);
  await ctx.db.query(
    `update account_tokens set expires_at = now() - interval '1 second' where user_id = $1`,
    [user.id],
  );
  const res = await client.post('/api/auth/email/verify').send({ token });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(
    'This confirmation link has expired. Ask for a new one from your account page.',
  );
  expect((await client.get('/api/auth/me')).body.user.email_verified).toBe(false);
});

test('a parent who lost the welcome email can ask for a new link, until the address is confirmed', async () => {
  const { client, user } = await signUp(ctx.app);
  expect((await client.post('/api/auth/email/resend-verification')).status).toBe(202);
  const email = await lastEmailTo(user.email);
  expect(email!.subject).toBe('Confirm your email for Santa Calls');
  await client.post('/api/auth/email/verify').send({ token: verifyToken(email!.text) });
  const again = await client.post('/api/auth/email/resend-verification');
  expect(again.status).toBe(400);
  expect(again.body.detail).toBe('Your email address is already confirmed.');
});

test('a Google-only account cannot change a password it does not have', async () => {
  const googleUser = await ctx.services.auth.signInWithGoogle({
    sub: `google-${Date.now()}`,
    email: uniqueEmail('google'),
    emailVerified: true,
    name: 'Gwen',
    picture: null,
  });
  expect(googleUser.email_verified_at).not.toBeNull();
  const handoff = await ctx.services.auth.createHandoff(googleUser.id);
  const client = new TestClient(ctx.app);
  client.cookie = (await ctx.services.auth.exchangeHandoff(handoff)).sessionToken;
  const res = await client
    .post('/api/auth/password/change')
    .send({ current_password: 'anything-at-all', new_password: 'new-password-123' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toMatch(/signs in with Google/);
});
