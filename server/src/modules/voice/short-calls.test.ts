/**
 * A call that goes wrong costs nothing: one that ends in its first 20 seconds (the line dropped, a
 * grown-up answered and hung up) is not billed, and the parent's history says why; a few a day.
 */
import { FREE_SHORT_CALLS_PER_DAY, FREE_START_SECONDS } from '@santa/shared/constants';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Family = Awaited<ReturnType<typeof createFamily>>;

/** The family's child calls Santa, and the call ends after `seconds`. */
async function callLasting(family: Family, seconds: number): Promise<void> {
  const call = inboundCall(family.parentPhone, HOTLINE);
  const answer = await postTwilio(ctx, 'inbound', call);
  expect(answer.text).toContain('<Connect>');
  const payload = transcriptionPayload({
    conversationId: uniqueConversationId('conv_short'),
    callSid: call.CallSid,
    durationSecs: seconds,
  });
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
}

const secondsUsed = async (family: Family) =>
  (await ctx.services.subscription.find(family.user.id))?.seconds_used;

async function historyOf(family: Family) {
  const res = await family.client.get('/api/calls/history');
  expect(res.status).toBe(200);
  return res.body.calls as { duration: number; not_charged: string | null }[];
}

test('a call that ends in its first 20 seconds costs nothing, and the history says why', async () => {
  const family = await createFamily(ctx, { plan: 'free_sample' });
  await callLasting(family, 13);
  expect(await secondsUsed(family)).toBe(0);
  expect(await historyOf(family)).toMatchObject([{ duration: 13, not_charged: 'short_call' }]);
  const { body } = await family.client.get('/api/subscription/status');
  expect(body.subscription).toMatchObject({ seconds_used: 0, seconds_remaining: 60 });
});

test('a call of 20 seconds is charged its 20 seconds', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  await callLasting(family, FREE_START_SECONDS);
  expect(await secondsUsed(family)).toBe(FREE_START_SECONDS);
  expect(await historyOf(family)).toMatchObject([{ not_charged: null }]);
});

test('a Pay Per Call call that drops in its first seconds keeps the paid call and the child’s details', async () => {
  const family = await createFamily(ctx, { plan: 'pay_per_call' });
  await callLasting(family, 8);
  expect(await ctx.services.subscription.find(family.user.id)).toMatchObject({
    plan: 'pay_per_call',
    status: 'active',
    seconds_used: 0,
  });
  expect(await ctx.services.profile.findProfileByUserId(family.user.id)).toBeDefined();
  // The call the family paid for still happens.
  await callLasting(family, 90);
  expect(await ctx.services.subscription.find(family.user.id)).toMatchObject({ status: 'ended' });
});

test('after three short calls in a day, the next short call is charged as usual', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  for (let i = 0; i < FREE_SHORT_CALLS_PER_DAY; i++) await callLasting(family, 5);
  expect(await secondsUsed(family)).toBe(0);
  await callLasting(family, 7);
  expect(await secondsUsed(family)).toBe(7);
  const history = await historyOf(family);
  expect(history.filter((call) => call.not_charged === 'short_call')).toHaveLength(FREE_SHORT_CALLS_PER_DAY);
});

/** A family that had the day's free short calls `hours` ago. */
async function shortCallsHoursAgo(hours: number): Promise<Family> {
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  for (let i = 0; i < FREE_SHORT_CALLS_PER_DAY; i++) await callLasting(family, 5);
  await ctx.db.query(
    'update call_reservations set created_at = created_at - make_interval(hours => $2) where user_id = $1',
    [family.user.id, hours],
  );
  return family;
}

test('a day after three short calls, a short call is free again', async () => {
  const family = await shortCallsHoursAgo(25);
  await callLasting(family, 6);
  expect(await secondsUsed(family)).toBe(0);
});

test('another family’s short calls do not count against this one', async () => {
  const neighbours = await createFamily(ctx, { plan: 'subscription_3month' });
  for (let i = 0; i < FREE_SHORT_CALLS_PER_DAY; i++) await callLasting(neighbours, 5);
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  await callLasting(family, 9);
  expect(await secondsUsed(family)).toBe(0);
});

test('three short calls 23 hours ago still count: the next short call is charged', async () => {
  const family = await shortCallsHoursAgo(23);
  await callLasting(family, 6);
  expect(await secondsUsed(family)).toBe(6);
});

test('calls in which nothing was said are not among the day’s free short calls', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  for (let i = 0; i < FREE_SHORT_CALLS_PER_DAY; i++) await callLasting(family, 0);
  await callLasting(family, 5);
  expect(await secondsUsed(family)).toBe(0);
  const history = await historyOf(family);
  expect(history.filter((call) => call.not_charged === 'short_call')).toHaveLength(1);
});
