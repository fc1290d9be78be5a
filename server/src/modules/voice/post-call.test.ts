import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PlanId } from '@santa/shared/plans';
import { signElevenLabsWebhook } from '../../providers/voice/elevenlabs-signature.ts';
import {
  connectedCall,
  createFamily,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  WEBHOOK_SECRET,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const nextConversationId = () => uniqueConversationId('conv_post');

async function callsOf(userId: string) {
  const { rows } = await ctx.db.query<{
    conversation_id: string;
    duration: number;
    transcript: string;
    summary: string;
    phone_number: string | null;
    audio_key: string | null;
    recap: { wishes: string[] } | null;
  }>(
    'select conversation_id, duration, transcript, summary, phone_number, audio_key, recap from calls where user_id = $1',
    [userId],
  );
  return rows;
}

/** A parent whose child has just been connected to Santa on the hotline. */
const answeredCall = (plan: PlanId = 'subscription_3month') => connectedCall(ctx, { plan });

test('a post-call webhook without a signature is refused with 400', async () => {
  const res = await postElevenLabs(ctx, transcriptionPayload({ conversationId: nextConversationId() }), {
    signature: '',
  });
  expect(res.status).toBe(400);
});

test('a forged post-call webhook is refused with 401 and stores nothing', async () => {
  const { user, callSid } = await answeredCall();
  const payload = transcriptionPayload({ conversationId: nextConversationId(), callSid });
  const forged = signElevenLabsWebhook('wrong-secret', JSON.stringify(payload));
  const res = await postElevenLabs(ctx, payload, { signature: forged });
  expect(res.status).toBe(401);
  expect(await callsOf(user.id)).toHaveLength(0);
});

test('a post-call webhook signed more than 30 minutes ago is refused', async () => {
  const payload = transcriptionPayload({ conversationId: nextConversationId() });
  const old = signElevenLabsWebhook(
    WEBHOOK_SECRET,
    JSON.stringify(payload),
    new Date(Date.now() - 31 * 60_000),
  );
  expect((await postElevenLabs(ctx, payload, { signature: old })).status).toBe(401);
});

test('the transcription stores the call with transcript, duration, number and summary, and bills its 95 seconds', async () => {
  const { user, callSid, parentPhone } = await answeredCall();
  const conversationId = nextConversationId();
  const res = await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId, callSid, durationSecs: 95, from: parentPhone }),
  );
  expect(res.status).toBe(200);
  expect(await ctx.jobs.drained()).toBe(true);
  const [call] = await callsOf(user.id);
  expect(call).toMatchObject({ conversation_id: conversationId, duration: 95, phone_number: parentPhone });
  expect(call!.transcript).toBe(
    'Santa: Ho ho ho! Merry Christmas, Emma!\nChild: Hi Santa! I would love a red bicycle please.\nSanta: The elves will see what they can do!',
  );
  // The voice agent's own summary reads back the parent's notes; ours quotes what the child said.
  expect(call!.summary).toBe('Emma told Santa “I would love a red bicycle please”.');
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(95);
  const { rows } = await ctx.db.query(
    'select status, seconds_billed from call_reservations where call_sid = $1',
    [callSid],
  );
  expect(rows).toEqual([{ status: 'settled', seconds_billed: 95 }]);
});

test("without a provider summary a local summary is written from the child's words", async () => {
  const { user, callSid } = await answeredCall();
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, summary: null }),
  );
  expect(await ctx.jobs.drained()).toBe(true);
  const [call] = await callsOf(user.id);
  expect(call!.summary).toBe('Emma told Santa “I would love a red bicycle please”.');
  expect(call!.recap?.wishes).toEqual(['I would love a red bicycle please.']);
});

test('a replayed post-call webhook adds nothing', async () => {
  const { user, callSid } = await answeredCall();
  const payload = transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 61 });
  await postElevenLabs(ctx, payload);
  await postElevenLabs(ctx, payload);
  await postElevenLabs(ctx, payload);
  expect(await callsOf(user.id)).toHaveLength(1);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(61);
});

test('the same post-call event delivered twice at once queues one after-call job', async () => {
  const { callSid } = await answeredCall();
  const conversationId = nextConversationId();
  const payload = transcriptionPayload({ conversationId, callSid, durationSecs: 61 });
  await Promise.all([postElevenLabs(ctx, payload), postElevenLabs(ctx, payload)]);
  const { rows } = await ctx.db.query<{ name: string }>(
    `select name from ${ctx.jobs.schema}.job where data->>'conversationId' = $1 order by name`,
    [conversationId],
  );
  expect(rows.map((row) => row.name)).toEqual(['after-call']);
});

test('a 25-second sample call leaves 35 seconds', async () => {
  const { user, callSid, client } = await answeredCall('free_sample');
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 25 }),
  );
  const { body } = await client.get('/api/subscription/status');
  expect(body.subscription).toMatchObject({ seconds_used: 25, seconds_remaining: 35, seconds_limit: 60 });
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(25);
});

test('a 21-second pass call costs 21 seconds', async () => {
  const { user, callSid } = await answeredCall('subscription_3month');
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 21 }),
  );
  expect(await ctx.services.subscription.find(user.id)).toMatchObject({
    seconds_used: 21,
    seconds_limit: 180 * 60,
  });
});

test('billing never passes the reservation plus one grace minute', async () => {
  const { user, callSid } = await answeredCall('free_sample');
  await postElevenLabs(
    ctx,
    transcriptionPayload({ conversationId: nextConversationId(), callSid, durationSecs: 600 }),
  );
  const sub = await ctx.services.subscription.find(user.id);
  expect(sub?.seconds_used).toBe(60);
  const { rows } = await ctx.db.query('select seconds_billed from call_reservations where call_sid = $1', [
    callSid,
  ]);
  expect(rows).toEqual([{ seconds_billed: 120 }]);
});

test('audio that arrives before the transcription is attached once the call is stored', async () => {
  const { user, callSid } = await answeredCall();
  const conversationId = nextConversationId();
  const audio = Buffer.from('ID3-fake-mp3-bytes');
  const res = await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: audio.toString('base64') },
  });
  expect(res.status).toBe(200);
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  const [call] = await callsOf(user.id);
  expect(call!.audio_key).toBe(`${conversationId}.mp3`);
});

test('audio after the transcription sets the recording on the stored call', async () => {
  const { user, callSid } = await answeredCall();
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  expect((await callsOf(user.id))[0]!.audio_key).toBeNull();
  await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { conversation_id: conversationId, full_audio: Buffer.from('mp3').toString('base64') },
  });
  expect((await callsOf(user.id))[0]!.audio_key).toBe(`${conversationId}.mp3`);
});

test('event types we do not handle are acknowledged', async () => {
  const res = await postElevenLabs(ctx, { type: 'call_initiation_failure', data: {} });
  expect(res.status).toBe(200);
});

test('a post-call event matching no account stores nothing', async () => {
  const conversationId = nextConversationId();
  const res = await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: 'CAunknown' }));
  expect(res.status).toBe(200);
  const { rows } = await ctx.db.query('select 1 from calls where conversation_id = $1', [conversationId]);
  expect(rows).toHaveLength(0);
});

test('a post-call event with no reservation is stored for the family its variables name, with the child who spoke', async () => {
  const { user } = await createFamily(ctx, { plan: 'subscription_3month' });
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, userId: user.id }));
  const { rows } = await ctx.db.query<{ user_id: string; kid_name: string | null }>(
    `select c.user_id, k.kid_name from calls c left join kid_profiles k on k.first_child_id = c.child_id
     where c.conversation_id = $1`,
    [conversationId],
  );
  expect(rows).toEqual([{ user_id: user.id, kid_name: 'Emma' }]);
});

test('a post-call event naming no account by its variables stores nothing', async () => {
  for (const named of ['not-an-account-id', '00000000-0000-4000-8000-000000000000']) {
    const conversationId = nextConversationId();
    const res = await postElevenLabs(ctx, transcriptionPayload({ conversationId, userId: named }));
    expect(res.status).toBe(200);
    const { rows } = await ctx.db.query('select 1 from calls where conversation_id = $1', [conversationId]);
    expect(rows).toHaveLength(0);
  }
});
