import { afterAll, beforeAll, expect, test } from 'vitest';
import { USABLE_STATUSES } from '../subscription/subscription.service.ts';
import { LINES_BUSY, reserveCallsSeconds } from './reservations.repository.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  nextCallSid,
  postTwilio,
  reservationsOf,
  REGISTERED_TWIML,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const reservations = (userId: string) => reservationsOf(ctx, userId);

test('30 concurrent calls against an account with 10 minutes never reserve more than 10', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.update(tx, user.id, { seconds_limit: 600, seconds_used: 0 }),
  );
  // The pass has no per-call cap, so give each call at most 1 minute through the free sample's cap.
  await ctx.db.query("update subscriptions set plan = 'free_sample' where user_id = $1", [user.id]);
  const results = await Promise.all(
    Array.from({ length: 30 }, () => postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE))),
  );
  const connected = results.filter((res) => res.text === REGISTERED_TWIML).length;
  const rows = await reservations(user.id);
  const reserved = rows.filter((r) => r.status === 'open').reduce((sum, r) => sum + r.seconds_reserved, 0);
  expect(reserved).toBeLessThanOrEqual(600);
  expect(reserved).toBe(600);
  expect(connected).toBe(10);
});

test('concurrent calls on a pass share the balance instead of each taking all of it', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const results = await Promise.all(
    Array.from({ length: 5 }, () => postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE))),
  );
  expect(results.filter((res) => res.text === REGISTERED_TWIML)).toHaveLength(1);
  const rows = await reservations(user.id);
  expect(rows.reduce((sum, r) => sum + r.seconds_reserved, 0)).toBe(600);
});

test('families calling at the same moment are each recognised and reserved from their own balance', async () => {
  const families = await Promise.all(
    [3, 5, 7, 9].map((minutes) => createFamily(ctx, { plan: 'subscription_3month', minutes })),
  );
  // One family also has nothing left: its call alone hears "no minutes".
  const spent = await createFamily(ctx, { plan: 'subscription_3month', minutes: 0 });
  const results = await Promise.all(
    [...families, spent].map(({ parentPhone }) =>
      postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE)),
    ),
  );
  expect(results.map((res) => res.text === REGISTERED_TWIML)).toEqual([true, true, true, true, false]);
  expect(results[4]!.text).toContain('call time has run out');
  for (const [i, { user }] of families.entries()) {
    expect((await reservations(user.id)).map((row) => row.seconds_reserved)).toEqual([[3, 5, 7, 9][i]! * 60]);
  }
  expect(await reservations(spent.user.id)).toEqual([]);
});

test('one reservation round trip serves several accounts, and two calls of one account share its balance', async () => {
  const [a, b] = await Promise.all(
    [4, 6].map((minutes) => createFamily(ctx, { plan: 'subscription_3month', minutes })),
  );
  const sids = [nextCallSid(), nextCallSid(), nextCallSid()];
  const taken = await reserveCallsSeconds(ctx.db, {
    calls: [
      { userId: a!.user.id, callSid: sids[0]! },
      { userId: b!.user.id, callSid: sids[1]! },
      { userId: a!.user.id, callSid: sids[2]! },
    ],
    usableStatuses: USABLE_STATUSES,
    caps: {},
    maxLive: 1_000_000,
  });
  const secondsOf = (sid: string) => {
    const reservation = taken.get(sid);
    return reservation === LINES_BUSY ? reservation : reservation?.seconds_reserved;
  };
  expect(secondsOf(sids[1]!)).toBe(360);
  // Account a's two calls: whichever was reserved first holds all 4 minutes, the other none.
  expect([secondsOf(sids[0]!), secondsOf(sids[2]!)].sort()).toEqual([240, undefined]);
});
