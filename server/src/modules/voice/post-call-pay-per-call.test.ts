import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { PlanId } from '@santa/shared/plans';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
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

const nextConversationId = () => uniqueConversationId('conv_ppc');

async function callsOf(userId: string) {
  const { rows } = await ctx.db.query<{ conversation_id: string }>(
    'select conversation_id from calls where user_id = $1',
    [userId],
  );
  return rows;
}

/** A parent whose child has just been connected to Santa on the hotline. */
const answeredCall = (plan: PlanId) => connectedCall(ctx, { plan });

test('pay-per-call deletes the kid profile after the call, and the provider conversation once its audio is in', async () => {
  const { user, callSid, client } = await answeredCall('pay_per_call');
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeUndefined();
  expect(ctx.voice.deleted).not.toContain(conversationId);
  await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: 'SUQz' },
  });
  expect(ctx.voice.deleted).toContain(conversationId);
  expect(await callsOf(user.id)).toHaveLength(1);
  const profile = await client.get('/api/santa/kid-profile');
  expect(profile.body.has_profile).toBe(false);
});

test('pay-per-call is one call: after it the plan has ended, however short the call was', async () => {
  const { user, callSid, client } = await answeredCall('pay_per_call');
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 40 }),
  );
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({
    status: 'ended',
    seconds_limit: 300,
    seconds_used: 300,
  });
  expect((await client.get('/api/subscription/status')).body).toEqual({
    has_subscription: false,
    subscription: null,
  });
});

test('a family that moved to a pass during its pay-per-call call keeps the profile and the pass', async () => {
  const { user, callSid } = await answeredCall('pay_per_call');
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 8900 }),
  );
  await postElevenLabs(ctx, transcriptionPayload({ conversationId: nextConversationId(), callSid }));
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeDefined();
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({
    plan: 'subscription_3month',
    status: 'active',
    seconds_used: 95,
  });
});

test('minutes an admin gifted to a pay-per-call family outlast its one call', async () => {
  const { user, callSid } = await answeredCall('pay_per_call');
  await ctx.db.transaction((tx) => ctx.services.subscription.update(tx, user.id, { seconds_limit: 900 }));
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 40 }),
  );
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({
    status: 'active',
    seconds_used: 300,
  });
});

test('if deleting the pay-per-call profile fails, nothing is kept and the replayed event completes the call', async () => {
  const { user, callSid } = await answeredCall('pay_per_call');
  const payload = transcriptionPayload({ conversationId: nextConversationId(), callSid });
  const deleteProfile = vi
    .spyOn(ctx.services.profile, 'deleteProfile')
    .mockRejectedValueOnce(new Error('connection reset'));
  try {
    expect((await postElevenLabs(ctx, payload)).status).toBe(500);
    expect(await callsOf(user.id)).toHaveLength(0);
    expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
  } finally {
    deleteProfile.mockRestore();
  }
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  expect(await callsOf(user.id)).toHaveLength(1);
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeUndefined();
});

test('a pass keeps the kid profile after the call', async () => {
  const { user, callSid } = await answeredCall('subscription_3month');
  await postElevenLabs(ctx, transcriptionPayload({ conversationId: nextConversationId(), callSid }));
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeDefined();
});
