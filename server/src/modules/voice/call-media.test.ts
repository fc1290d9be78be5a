import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TestClient } from '../../../test/test-app.ts';
import type { PlanId } from '@santa/shared/plans';
import { buyPass } from '../../../test/fixtures/admin.ts';
import { SYNC_LIMIT } from './calls.routes.ts';
import {
  conversation,
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

async function callCount(userId: string): Promise<number> {
  const { rows } = await ctx.db.query<{ n: number }>(
    'select count(*)::int as n from calls where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

test('sync pulls finished conversations of this user that were missed, idempotently', async () => {
  const { user, client, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const other = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  await postTwilio(ctx, 'inbound', call);
  ctx.voice.conversations.set(
    'conv_sync_1',
    conversation('conv_sync_1', { dynamicVariables: { user_id: user.id } }),
  );
  ctx.voice.conversations.set(
    'conv_sync_2',
    conversation('conv_sync_2', {
      callSid: call.CallSid,
      hasAudio: true,
      dynamicVariables: { user_id: user.id, call_sid: call.CallSid },
    }),
  );
  ctx.voice.audio.set('conv_sync_2', Buffer.from('mp3-bytes'));
  ctx.voice.conversations.set(
    'conv_sync_3',
    conversation('conv_sync_3', { status: 'in-progress', dynamicVariables: { user_id: user.id } }),
  );
  ctx.voice.conversations.set(
    'conv_sync_4',
    conversation('conv_sync_4', { dynamicVariables: { user_id: other.user.id } }),
  );

  ctx.voice.listedFor = [];
  const first = await client.post('/api/calls/sync-from-elevenlabs');
  expect(first.status).toBe(200);
  // Only this parent's conversations are listed, not every family's on the agent.
  expect(new Set(ctx.voice.listedFor)).toEqual(new Set([user.id]));
  expect(first.body).toEqual({ message: 'Synced 2 calls', stored: 2, unreadable: 0 });
  expect(await callCount(user.id)).toBe(2);
  expect(await callCount(other.user.id)).toBe(0);
  const { rows } = await ctx.db.query('select audio_key, duration from calls where conversation_id = $1', [
    'conv_sync_2',
  ]);
  expect(rows).toEqual([{ audio_key: 'conv_sync_2.mp3', duration: 70 }]);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(70);

  const second = await client.post('/api/calls/sync-from-elevenlabs');
  expect(second.body).toEqual({ message: 'Synced 0 calls', stored: 0, unreadable: 0 });
  expect(await callCount(user.id)).toBe(2);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(70);
});

test('sync answers 502 when the provider fails', async () => {
  const { client } = await createFamily(ctx);
  ctx.voice.failList = true;
  try {
    const res = await client.post('/api/calls/sync-from-elevenlabs');
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe('Failed to sync conversations');
  } finally {
    ctx.voice.failList = false;
  }
});

test('sync needs a signed-in parent', async () => {
  const res = await new TestClient(ctx.voiceApp).post('/api/calls/sync-from-elevenlabs');
  expect(res.status).toBe(401);
});

const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

/** A stored call with a recording, as the post-call webhooks leave it (a gift's call by default). */
async function callWithRecording(plan: PlanId = 'gift') {
  const family = await createFamily(ctx, { plan, minutes: 30 });
  const call = inboundCall(family.parentPhone, HOTLINE);
  await postTwilio(ctx, 'inbound', call);
  const conversationId = `conv_rec_${call.CallSid}`;
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid }));
  await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { conversation_id: conversationId, full_audio: AUDIO.toString('base64') },
  });
  const { rows } = await ctx.db.query<{ id: string }>('select id from calls where conversation_id = $1', [
    conversationId,
  ]);
  return { ...family, callId: rows[0]!.id };
}

test('the recording is locked for its owner until it is purchased', async () => {
  const { client, callId } = await callWithRecording();
  const res = await client.get(`/api/calls/${callId}/recording`);
  expect(res.status).toBe(403);
  expect(res.body.detail).toBe('Unlock this recording for $0.99 to listen to it');
});

test("a pass holder's recording plays with no charge: passes include recordings", async () => {
  const { client, callId } = await callWithRecording('subscription_3month');
  const res = await client.get(`/api/calls/${callId}/recording`);
  expect(res.status).toBe(200);
  expect((await client.get('/api/calls/history')).body.calls[0]).toMatchObject({
    id: callId,
    recording_purchased: true,
  });
});

test("buying a pass unlocks the family's earlier recordings", async () => {
  const { client, callId } = await callWithRecording('gift');
  expect((await client.get(`/api/calls/${callId}/recording`)).status).toBe(403);
  await buyPass(ctx, client, undefined, 'subscription_3month');
  expect((await client.get(`/api/calls/${callId}/recording`)).status).toBe(200);
});

test('the owner plays a purchased recording as audio/mpeg', async () => {
  const { client, callId } = await callWithRecording();
  await ctx.db.query('update calls set recording_purchased = true where id = $1', [callId]);
  const res = await client.get(`/api/calls/${callId}/recording`).responseType('blob');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('audio/mpeg');
  expect(res.headers['accept-ranges']).toBe('bytes');
  expect(Buffer.compare(res.body as Buffer, AUDIO)).toBe(0);
});

test('another parent cannot see the recording, and a visitor must sign in', async () => {
  const { callId } = await callWithRecording();
  await ctx.db.query('update calls set recording_purchased = true where id = $1', [callId]);
  const stranger = await createFamily(ctx);
  expect((await stranger.client.get(`/api/calls/${callId}/recording`)).status).toBe(404);
  expect((await supertest(ctx.voiceApp).get(`/api/calls/${callId}/recording`)).status).toBe(401);
  expect((await stranger.client.get('/api/calls/not-a-uuid/recording')).status).toBe(404);
});

test('range requests answer 206 with Content-Range, and an impossible range 416', async () => {
  const { client, callId } = await callWithRecording();
  await ctx.db.query('update calls set recording_purchased = true where id = $1', [callId]);
  const partial = await client
    .get(`/api/calls/${callId}/recording`)
    .set('Range', 'bytes=100-199')
    .responseType('blob');
  expect(partial.status).toBe(206);
  expect(partial.headers['content-range']).toBe('bytes 100-199/1000');
  expect(partial.headers['content-length']).toBe('100');
  expect(Buffer.compare(partial.body as Buffer, AUDIO.subarray(100, 200))).toBe(0);

  const open = await client
    .get(`/api/calls/${callId}/recording`)
    .set('Range', 'bytes=900-')
    .responseType('blob');
  expect(open.headers['content-range']).toBe('bytes 900-999/1000');
  const suffix = await client
    .get(`/api/calls/${callId}/recording`)
    .set('Range', 'bytes=-10')
    .responseType('blob');
  expect(suffix.headers['content-range']).toBe('bytes 990-999/1000');
  expect((suffix.body as Buffer).length).toBe(10);

  const impossible = await client.get(`/api/calls/${callId}/recording`).set('Range', 'bytes=5000-6000');
  expect(impossible.status).toBe(416);
  expect(impossible.headers['content-range']).toBe('bytes */1000');
});

test('a parent can sync at most 10 times in 15 minutes; another parent is not slowed', async () => {
  const { client } = await createFamily(ctx);
  for (let i = 0; i < SYNC_LIMIT.limit; i += 1) {
    expect((await client.post('/api/calls/sync-from-elevenlabs')).status).toBe(200);
  }
  const refused = await client.post('/api/calls/sync-from-elevenlabs');
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('rate_limited');
  const other = await createFamily(ctx);
  expect((await other.client.post('/api/calls/sync-from-elevenlabs')).status).toBe(200);
});
