/**
 * How a finished call's seconds reach the family's balance, settled directly (the webhooks and the
 * sweeper all end in settleReservation). Each test pins one rule that a billing change could
 * silently break; `npm run test:mutation` checks that none of them can be dropped unnoticed.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  closeReservation,
  GRACE_SECONDS,
  LONGEST_CALL_MINUTES,
  perCallCap,
  settleReservation,
  settlesApart,
} from './minutes.ts';
import * as reservations from './reservations.repository.ts';
import {
  connectedCall,
  createVoiceTestContext,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const settlement = () => ({ subscriptions: ctx.services.subscription, profiles: ctx.services.profile });

/** Settles the call's reservation as it stands in the database now, as every path does. */
async function settle(callSid: string, seconds: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const found = await reservations.findReservationBySid(tx, callSid);
    const row = await reservations.lockReservation(tx, found!.id);
    return settleReservation(tx, settlement(), row!, seconds);
  });
}

async function reservationOf(callSid: string) {
  const row = await reservations.findReservationBySid(ctx.db, callSid);
  return row!;
}

test('a settled call is never billed a second time', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month' });
  expect(await settle(callSid, 130)).toBe(130);
  expect(await settle(callSid, 180)).toBe(0);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(130);
  expect(await reservationOf(callSid)).toMatchObject({ status: 'settled', seconds_billed: 130 });
});

test('a call that spoke no seconds is closed free', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month' });
  expect(await settle(callSid, 0)).toBe(0);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
  expect(await reservationOf(callSid)).toMatchObject({ status: 'closed', seconds_billed: 0 });
});

test('a Pay Per Call call that never connected keeps its plan and the child’s details', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'pay_per_call' });
  await settle(callSid, 0);
  const plan = await ctx.services.subscription.find(user.id);
  expect(plan).toMatchObject({ status: 'active', seconds_used: 0 });
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeDefined();
});

test('a Pay Per Call call of 40 seconds spends the whole 5-minute call and ends the plan', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'pay_per_call' });
  await settle(callSid, 40);
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({ status: 'ended', seconds_used: 300 });
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeUndefined();
});

test('a Pay Per Call family with gifted minutes on top keeps the gift after its one call', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'pay_per_call', minutes: 15 });
  expect((await reservationOf(callSid)).seconds_reserved).toBe(300);
  await settle(callSid, 40);
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({
    status: 'active',
    seconds_used: 300,
  });
});

test.each(['subscription_3month', 'pay_per_call'] as const)(
  'a %s call whose family has no plan row left is still settled with its seconds',
  async (plan) => {
    const { user, callSid } = await connectedCall(ctx, { plan });
    await ctx.db.query('delete from subscriptions where user_id = $1', [user.id]);
    expect(await settle(callSid, 130)).toBe(130);
    expect(await reservationOf(callSid)).toMatchObject({ status: 'settled', seconds_billed: 130 });
  },
);

test('each plan’s per-call cap in seconds: the sample 1 minute, Pay Per Call 5, every other plan an hour', () => {
  expect(perCallCap('free_sample')).toBe(60);
  expect(perCallCap('pay_per_call')).toBe(300);
  expect(perCallCap('subscription_12month')).toBe(LONGEST_CALL_MINUTES * 60);
  expect(perCallCap('no_such_plan')).toBe(LONGEST_CALL_MINUTES * 60);
});

test('whether storing a call settles it alone does not change when its hold shrinks meanwhile', () => {
  // The status callback may shrink the hold between the post-call webhook's read and its statement.
  fc.assert(
    fc.property(fc.nat(7_200), fc.nat(7_200), fc.nat(8_000), (held, shrunk, seconds) => {
      const read = { status: 'open' as const, plan: 'subscription_3month' as const, seconds_reserved: held };
      expect(settlesApart(read, seconds)).toBe(settlesApart({ ...read, seconds_reserved: shrunk }, seconds));
    }),
  );
});

test('a short call, or Pay Per Call’s one call, is settled in a transaction around the statement that stores it', () => {
  const open = { status: 'open' as const, seconds_reserved: 600 };
  expect(settlesApart({ ...open, plan: 'subscription_3month' }, 5)).toBe(true);
  expect(settlesApart({ ...open, plan: 'subscription_3month' }, 95)).toBe(false);
  expect(settlesApart({ ...open, plan: 'subscription_3month' }, 0)).toBe(false);
  expect(settlesApart({ ...open, plan: 'pay_per_call' }, 95)).toBe(true);
  expect(settlesApart({ ...open, status: 'settled', plan: 'pay_per_call' }, 5)).toBe(false);
});

test('closing a reservation that was already settled keeps its billed seconds', async () => {
  const { callSid } = await connectedCall(ctx, { plan: 'subscription_3month' });
  await settle(callSid, 130);
  await closeReservation(ctx.db, (await reservationOf(callSid)).id);
  expect(await reservationOf(callSid)).toMatchObject({ status: 'settled', seconds_billed: 130 });
});

test('closing a reservation that does not exist changes nothing', async () => {
  await expect(closeReservation(ctx.db, randomUUID())).resolves.toBeUndefined();
});

test('a call is billed at most its reservation plus the grace minute', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month', seconds: 47 });
  expect((await reservationOf(callSid)).seconds_reserved).toBe(47);
  expect(await settle(callSid, 200)).toBe(47 + GRACE_SECONDS);
  // The balance never goes below zero: what the grace ran over is not owed.
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({ seconds_used: 47 });
});
