/**
 * Every call ends complete by itself: ElevenLabs sends a call's audio once and its transcript only
 * when retries are on, so a call Twilio reported over that lacks either is fetched from the
 * provider by the periodic job, and the provider's copy is deleted only once ours is stored.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import {
  connectedCall,
  conversation,
  createVoiceTestContext,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { RECOVERY_AFTER_MINUTES, RECOVERY_BACKOFF_MINUTES } from './call-recovery.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ env: { RETENTION_DELETE_PROVIDER_COPIES: 'true' } });
});
afterAll(() => ctx.close());

const AUDIO = Buffer.from('ID3 Santa laughing, recovered');

/** A pass call that Twilio has reported over, long enough ago for recovery to look at it. */
async function endedCall() {
  const family = await connectedCall(ctx, { plan: 'subscription_3month' });
  await postTwilio(ctx, 'status', { CallSid: family.callSid, CallStatus: 'completed', CallDuration: '70' });
  await ctx.db.query(
    `update call_reservations set ended_at = now() - make_interval(mins => $2) where call_sid = $1`,
    [family.callSid, RECOVERY_AFTER_MINUTES + 1],
  );
  const conversationId = uniqueConversationId('conv_recovery');
  // What the provider holds of it, as its conversations API would answer.
  ctx.voice.conversations.set(
    conversationId,
    conversation(conversationId, {
      callSid: family.callSid,
      dynamicVariables: { user_id: family.user.id },
      hasAudio: true,
    }),
  );
  ctx.voice.audio.set(conversationId, AUDIO);
  return { ...family, conversationId };
}

async function storedCall(conversationId: string) {
  const { rows } = await ctx.db.query<{
    audio_key: string | null;
    recording_lost: boolean;
    transcript: string;
  }>('select audio_key, recording_lost, transcript from calls where conversation_id = $1', [conversationId]);
  return rows[0];
}

const recover = () => ctx.services.voice.recovery.runDue();

/** The next try comes due now, as if its wait had passed. */
const nextTryIsDue = (callSid: string) =>
  ctx.db.query(`update call_recoveries set next_at = now() where call_sid = $1`, [callSid]);

const storedAudio = async (conversationId: string) => {
  const stored = await storedCall(conversationId);
  return stored?.audio_key ? ctx.providers.recordings.read(stored.audio_key) : null;
};

test('audio that never arrives is fetched by recovery, and only then is the provider copy deleted', async () => {
  const { callSid, conversationId } = await endedCall();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  expect((await storedCall(conversationId))?.audio_key).toBeNull();
  expect(ctx.voice.deleted).not.toContain(conversationId);

  await recover();
  expect(await storedAudio(conversationId)).toEqual(AUDIO);
  expect(ctx.voice.deleted).toContain(conversationId);
});

test('a transcript that never arrives: the call is in the history without anyone pressing anything', async () => {
  const { client, conversationId } = await endedCall();
  await recover();
  const history = await client.get('/api/calls/history');
  expect(
    history.body.calls.map((call: { id: string; transcript: string }) => call.transcript),
  ).toContainEqual(expect.stringContaining('I want a puppy'));
  expect(await storedAudio(conversationId)).toEqual(AUDIO);
});

test('audio that arrives while storage is down is answered 200, and recovery stores it once storage is back', async () => {
  const { callSid, conversationId } = await endedCall();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  const put = ctx.providers.recordings.put.bind(ctx.providers.recordings);
  ctx.providers.recordings.put = async () => {
    throw new Error('bucket unavailable');
  };
  try {
    const res = await postElevenLabs(ctx, {
      type: 'post_call_audio',
      data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: AUDIO.toString('base64') },
    });
    expect(res.status).toBe(200);
    await recover();
    expect((await storedCall(conversationId))?.audio_key).toBeNull();
    expect(ctx.voice.deleted).not.toContain(conversationId);
  } finally {
    ctx.providers.recordings.put = put;
  }
  await nextTryIsDue(callSid);
  await recover();
  expect(await storedAudio(conversationId)).toEqual(AUDIO);
  expect(ctx.voice.deleted).toContain(conversationId);
});

test('when every try fails the recording is lost: the parent is told once, it is never sold, and the provider copy may go', async () => {
  const { callSid, conversationId, user } = await endedCall();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  ctx.voice.unreadableAudio.add(conversationId);
  for (let i = 0; i <= RECOVERY_BACKOFF_MINUTES.length; i += 1) {
    await recover();
    await nextTryIsDue(callSid);
  }
  expect(await storedCall(conversationId)).toMatchObject({ audio_key: null, recording_lost: true });
  const { rows: emails } = await ctx.db.query(
    `select 1 from emails where user_id = $1 and kind = 'recording_lost'`,
    [user.id],
  );
  expect(emails).toHaveLength(1);
  await ctx.services.voice.providerDeletions.runDue();
  expect(ctx.voice.deleted).toContain(conversationId);
  // Given up: later runs leave it alone.
  await recover();
  expect(emails).toHaveLength(1);
});

test('a complete call is not fetched again', async () => {
  const { callSid, conversationId } = await endedCall();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid }));
  await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: AUDIO.toString('base64') },
  });
  ctx.voice.unreadable.add(conversationId);
  await recover();
  const { rows } = await ctx.db.query('select 1 from call_recoveries where call_sid = $1', [callSid]);
  expect(rows).toEqual([]);
});
