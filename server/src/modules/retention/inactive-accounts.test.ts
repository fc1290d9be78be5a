/**
 * Accounts unused for 24 months, on a controlled clock: the warning email goes 30 days before,
 * the deletion (the admin's thorough one) only once the warning has run its time, and a sign-in
 * after the warning, a recent call or a running pass keeps the account.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { daysAgo, seedCall } from '../../../test/fixtures/retention.ts';
import { createFamily, createVoiceTestContext, type VoiceTestContext } from '../../../test/fixtures/voice.ts';
import { TestClient } from '../../../test/test-app.ts';

let ctx: VoiceTestContext;
let clock = new Date();
beforeAll(async () => {
  ctx = await createVoiceTestContext({ deps: { now: () => clock } });
});
afterAll(async () => {
  await ctx.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const run = () => ctx.services.retention.inactiveAccounts.run();
const later = (days: number) => new Date(clock.getTime() + days * DAY_MS);

/** Last used `days` days before the clock (a sign-in that long ago). */
async function lastUsed(userId: string, days: number) {
  await ctx.db.query('update users set last_active_at = $2 where id = $1', [userId, daysAgo(clock, days)]);
}

/** 24 months before the clock, give or take `days`. */
function monthsAgoDays(extraDays: number): number {
  const before = new Date(clock);
  before.setMonth(before.getMonth() - 24);
  return (clock.getTime() - before.getTime()) / DAY_MS + extraDays;
}

async function warningsTo(email: string) {
  expect(await ctx.jobs.drained([QUEUES.email])).toBe(true);
  const { rows } = await ctx.db.query<{ subject: string; text: string }>(
    `select subject, text from sandbox_emails where to_address = $1 and subject like '%will be deleted%'`,
    [email],
  );
  return rows;
}

async function accountRows(userId: string) {
  const { rows } = await ctx.db.query<{ n: number }>(
    `select (select count(*) from users where id = $1)::int + (select count(*) from calls where user_id = $1)::int
          + (select count(*) from kid_profiles where user_id = $1)::int as n`,
    [userId],
  );
  return rows[0]!.n;
}

test('an account unused for 24 months is warned 30 days ahead, then deleted with its calls and recordings', async () => {
  clock = new Date();
  const { user } = await createFamily(ctx, { plan: 'free_sample' });
  const call = await seedCall(ctx, user.id, { now: clock, daysOld: monthsAgoDays(1), plan: 'free_sample' });
  await lastUsed(user.id, monthsAgoDays(-10));

  expect(await run()).toEqual({ warned: 1, deleted: 0 });
  const [warning] = await warningsTo(user.email);
  expect(warning?.text).toContain('Sign in to keep my account');
  // Run again: one warning per period of inactivity, and nothing deleted before its time.
  expect(await run()).toEqual({ warned: 0, deleted: 0 });
  clock = later(29);
  expect(await run()).toEqual({ warned: 0, deleted: 0 });
  expect(await accountRows(user.id)).toBeGreaterThan(0);

  clock = later(2);
  expect(await run()).toEqual({ warned: 0, deleted: 1 });
  expect(await accountRows(user.id)).toBe(0);
  expect(await ctx.providers.recordings.size(call.audioKey!)).toBeNull();
  expect(ctx.voice.deleted).toContain(call.conversationId);
  expect(await warningsTo(user.email)).toHaveLength(1);
});

test('a sign-in after the warning cancels the deletion', async () => {
  clock = new Date();
  const { user } = await createFamily(ctx);
  const password = 'correct-horse-battery'; // signUp's default
  await lastUsed(user.id, monthsAgoDays(-5));
  expect((await run()).warned).toBe(1);

  const client = new TestClient(ctx.app);
  expect((await client.post('/api/auth/login').send({ email: user.email, password })).status).toBe(200);

  clock = later(400);
  expect(await run()).toEqual({ warned: 0, deleted: 0 });
  expect(await accountRows(user.id)).toBeGreaterThan(0);
});

test('an account is neither warned nor deleted before its time, nor while its child calls or its pass runs', async () => {
  clock = new Date();
  const recent = await createFamily(ctx);
  await lastUsed(recent.user.id, monthsAgoDays(-31));
  const calling = await createFamily(ctx, { plan: 'free_sample' });
  await lastUsed(calling.user.id, monthsAgoDays(5));
  await seedCall(ctx, calling.user.id, { now: clock, daysOld: 40, plan: 'free_sample' });
  const paying = await createFamily(ctx, { plan: 'subscription_12month' });
  await lastUsed(paying.user.id, monthsAgoDays(5));
  const admin = await ctx.db.query<{ id: string }>(`select id from users where role = 'admin'`);
  await lastUsed(admin.rows[0]!.id, monthsAgoDays(400));

  expect(await run()).toEqual({ warned: 0, deleted: 0 });
  clock = later(60);
  // Recent turned inactive within the warning period now; the others are still in use.
  expect(await run()).toEqual({ warned: 1, deleted: 0 });
  for (const family of [calling, paying]) expect(await warningsTo(family.user.email)).toHaveLength(0);
  expect(await warningsTo(recent.user.email)).toHaveLength(1);
});
