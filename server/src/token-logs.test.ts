/**
 * Every kind of secret link (address check, password reset, keepsake, family download, invitation
 * to listen, gift) used as a family uses it, with every log line captured at trace level: no token
 * may appear in any of them. Runs on PGlite and on Postgres (npm test).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from './jobs/job-queue.ts';
import { createLogger } from './logger.ts';
import { buyGift, mailTo, redeemCodeFor } from '../test/fixtures/gifts.ts';
import { familyWithKeepsake, share } from '../test/fixtures/keepsakes.ts';
import { createTestContext, signUp, TestClient, type TestContext } from '../test/test-app.ts';

const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
  ctx = await createTestContext({ deps: { logger } });
});
afterAll(() => ctx.close());

/** The token of the newest link to `address` whose email's subject has `subject` in it. */
async function tokenMailedTo(address: string, subject: string, link: RegExp): Promise<string> {
  expect(await ctx.jobs.drained([QUEUES.email, QUEUES.dataExport], 15_000)).toBe(true);
  const mail = (await mailTo(ctx, address)).filter((email) => email.subject.includes(subject)).at(-1);
  const token = link.exec(mail?.text ?? '')?.[1];
  expect(token, `a link in "${subject}"`).toBeDefined();
  return token!;
}

const FRAGMENT_TOKEN = /#token=([A-Za-z0-9_-]{20,})/;

test('no log line carries a token of any kind after each link is used', async () => {
  const family = await familyWithKeepsake(ctx, 'Tess');
  const { email } = family.user;
  const tokens: Record<string, string> = {};

  tokens.verify = await tokenMailedTo(email, 'Welcome', FRAGMENT_TOKEN);
  expect((await family.client.post('/api/auth/email/verify').send({ token: tokens.verify })).status).toBe(
    200,
  );

  await new TestClient(ctx.app).post('/api/auth/password/forgot').send({ email });
  expect(await ctx.jobs.drained([QUEUES.passwordResetRequest])).toBe(true);
  tokens.reset = await tokenMailedTo(email, 'Reset', FRAGMENT_TOKEN);
  const reset = await new TestClient(ctx.app)
    .post('/api/auth/password/reset')
    .send({ token: tokens.reset, password: 'a-brand-new-password' });
  expect(reset.status).toBe(200);
  // The reset signed every device out: the parent signs in with the new password.
  const back = await family.client.post('/api/auth/login').send({ email, password: 'a-brand-new-password' });
  expect(back.status).toBe(200);

  tokens.keepsake = (await share(family, family.call.id)).token;
  expect((await new TestClient(ctx.app).get(`/api/keepsakes/${tokens.keepsake}`)).status).toBe(200);

  const signedIn = await signUp(ctx.app);
  expect((await signedIn.client.post('/api/privacy/exports')).status).toBe(202);
  tokens.export = await tokenMailedTo(
    signedIn.user.email,
    'download is ready',
    /exports\/download\/([\w-]+)/,
  );
  const download = await new TestClient(ctx.app).get(`/api/privacy/exports/download/${tokens.export}`);
  expect(download.status).toBe(200);

  const grandma = `grandma-${Date.now().toString(36)}@example.com`;
  expect((await family.client.post('/api/listeners').send({ name: 'Gran', email: grandma })).status).toBe(
    201,
  );
  tokens.invite = await tokenMailedTo(grandma, 'invited you', FRAGMENT_TOKEN);
  const gran = await signUp(ctx.app, { email: grandma });
  expect((await gran.client.post('/api/listening/accept').send({ token: tokens.invite })).status).toBe(200);

  const { order } = await buyGift(ctx);
  tokens.gift = await redeemCodeFor(ctx, order.recipient_email);
  expect((await new TestClient(ctx.app).get(`/api/gifts/${tokens.gift}`)).status).toBe(200);
  const recipient = await signUp(ctx.app, { email: order.recipient_email });
  expect((await recipient.client.post('/api/gifts/redeem').send({ code: tokens.gift })).status).toBe(200);

  const log = lines.join('');
  for (const [kind, token] of Object.entries(tokens)) expect(log, `the ${kind} token`).not.toContain(token);
  // Each link's route was logged, so the search above means something.
  for (const route of ['/api/keepsakes/:token', '/api/privacy/exports/download/:token', '/api/gifts/:token'])
    expect(log).toContain(route);
});
