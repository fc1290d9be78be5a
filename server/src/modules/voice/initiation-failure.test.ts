import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  connectedCall,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  REGISTERED_TWIML,
  reservationsOf,
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

/** ElevenLabs' call_initiation_failure for a Twilio call: Twilio's call form in metadata.body. */
function initiationFailure(callSid: string | null, reason = 'unknown') {
  return {
    type: 'call_initiation_failure',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: 'agent_test',
      conversation_id: `conv_failed_${callSid ?? 'none'}`,
      failure_reason: reason,
      metadata: {
        type: 'twilio',
        body: callSid
          ? { CallSid: callSid, CallStatus: 'in-progress', From: '+14155550000', To: HOTLINE }
          : {},
      },
    },
  };
}

test('a call ElevenLabs could not start gives the family its minutes back', async () => {
  const { user, parentPhone, callSid } = await connectedCall(ctx, {
    plan: 'subscription_3month',
    minutes: 5,
  });
  expect((await reservationsOf(ctx, user.id)).map((r) => r.status)).toEqual(['open']);

  const res = await postElevenLabs(ctx, initiationFailure(callSid));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ received: true, released: true });
  expect(await reservationsOf(ctx, user.id)).toEqual([
    { call_sid: callSid, seconds_reserved: 300, status: 'closed' },
  ]);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);

  // The child's next call finds the whole balance again.
  const retry = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(retry.text).toBe(REGISTERED_TWIML);
  expect(ctx.voice.registered.at(-1)!.dynamicVariables.allowed_seconds).toBe(300);
});

test('a failure ElevenLabs reports twice, or for a call already settled, changes nothing', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 5 });
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: `conv_done_${callSid}`, callSid, durationSecs: 95 }),
  );
  const res = await postElevenLabs(ctx, initiationFailure(callSid));
  expect(res.body).toEqual({ received: true, released: false });
  expect((await reservationsOf(ctx, user.id)).map((r) => r.status)).toEqual(['settled']);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(95);
});

test('a failure naming no call we know is acknowledged, so ElevenLabs stops retrying', async () => {
  expect((await postElevenLabs(ctx, initiationFailure(null))).body).toEqual({
    received: true,
    released: false,
  });
  expect((await postElevenLabs(ctx, initiationFailure('CA_unknown'))).body).toEqual({
    received: true,
    released: false,
  });
});
