/**
 * "Talk to Santa now" in the parent's browser (decision 0035): admitted and billed exactly as a
 * phone call, the voice agent's one-time signed URL handed to the signed-in parent, settled by the
 * post-call event, and nothing the browser sends can lengthen the call's bill or move it elsewhere.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { GRACE_SECONDS } from './minutes.ts';
import { sweepBrowserCalls } from './browser-call-sweep.ts';
import { sweepCallReservations } from './deadline-sweeper.ts';
import { BROWSER_AGENT_FAILED, BROWSER_NO_TIME, BROWSER_NOT_SET_UP } from './browser-call.service.ts';
import { NO_MINUTES_MESSAGE } from './santa-lines.ts';
import { signUp, TestClient } from '../../../test/test-app.ts';
import {
  conversation,
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  reservationsOf,
  sweeperDeps,
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

const startBrowserCall = (family: Family) => family.client.post('/api/calls/browser');

/** ElevenLabs' post-call event for a browser conversation: no phone call, the browser's variables. */
function browserCallEnded(
  conversationId: string,
  options: { durationSecs: number; dynamicVariables?: Record<string, unknown>; prompt?: string },
) {
  const payload = transcriptionPayload({ conversationId, durationSecs: options.durationSecs });
  payload.data.conversation_initiation_client_data = {
    dynamic_variables: { kid_name: 'Emma', ...options.dynamicVariables },
    ...(options.prompt
      ? { conversation_config_override: { agent: { prompt: { prompt: options.prompt } } } }
      : {}),
  } as typeof payload.data.conversation_initiation_client_data;
  return postElevenLabs(ctx, payload);
}

const secondsUsed = async (family: Family) =>
  (await ctx.services.subscription.find(family.user.id))?.seconds_used;

test('a browser call reserves the family’s minutes and hands the parent a one-time signed URL', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const res = await startBrowserCall(family);
  expect(res.status).toBe(201);
  expect(res.body.signed_url).toContain(`conversation_id=${res.body.call_id}`);
  expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now());
  expect(res.body.allowed_seconds).toBe(600);
  expect(await reservationsOf(ctx, family.user.id)).toEqual([
    { call_sid: res.body.call_id, seconds_reserved: 600, status: 'open' },
  ]);
});

test('Santa in the browser is told the family’s prompt from our side, as on the phone', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const res = await startBrowserCall(family);
  const told = ctx.voice.browserCalls.get(res.body.call_id)!;
  expect(told.prompt).toContain('Emma');
  expect(told.maxDurationSeconds).toBe(600 + GRACE_SECONDS);
  expect(res.body.conversation).toEqual({
    prompt: told.prompt,
    first_message: told.firstMessage,
    dynamic_variables: { ...told.dynamicVariables, call_sid: res.body.call_id },
    language: 'en',
  });
  expect(res.body.conversation.dynamic_variables).toMatchObject({
    user_id: family.user.id,
    allowed_seconds: 600,
  });
});

test("a Spanish child's browser call is in Spanish: the prompt, the greeting and the agent's language", async () => {
  const family = await createFamily(ctx, {
    plan: 'subscription_3month',
    minutes: 10,
    profile: { kid_name: 'Lucía', language: 'es' },
  });
  const { body } = await startBrowserCall(family);
  expect(body.conversation.language).toBe('es');
  expect(body.conversation.first_message).toContain('¡Feliz Navidad, Lucía!');
  expect(body.conversation.prompt).toContain('speak only Spanish');
});

test('a browser call is billed to the second by its post-call event and shows as made in the browser', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const { body } = await startBrowserCall(family);
  const ended = await browserCallEnded(body.call_id, {
    durationSecs: 95,
    dynamicVariables: { call_sid: body.call_id, user_id: family.user.id },
  });
  expect(ended.status).toBe(200);
  expect(await secondsUsed(family)).toBe(95);
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'settled' }]);
  const history = await family.client.get('/api/calls/history');
  expect(history.body.calls).toMatchObject([{ duration: 95, channel: 'browser', phone_number: null }]);
});

test('a signed-out visitor cannot start a browser call', async () => {
  const minted = ctx.voice.browserCalls.size;
  const res = await new TestClient(ctx.voiceApp).post('/api/calls/browser');
  expect(res.status).toBe(401);
  expect(ctx.voice.browserCalls.size).toBe(minted);
});

test('a family with no time left is told so, and nothing is reserved or minted', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', seconds: 0 });
  const minted = ctx.voice.browserCalls.size;
  const res = await startBrowserCall(family);
  expect(res.status).toBe(409);
  expect(res.body.detail).toBe(BROWSER_NO_TIME);
  expect(ctx.voice.browserCalls.size).toBe(minted);
  expect(await reservationsOf(ctx, family.user.id)).toEqual([]);
});

test('a parent who has not described a child is asked to first', async () => {
  const { client } = await signUp(ctx.voiceApp);
  const res = await client.post('/api/calls/browser');
  expect(res.status).toBe(409);
  expect(res.body.detail).toBe(BROWSER_NOT_SET_UP);
});

test('when the voice agent cannot mint the URL the parent is told, and the minutes are given back', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  ctx.voice.failSignedUrl = true;
  try {
    const res = await startBrowserCall(family);
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe(BROWSER_AGENT_FAILED);
  } finally {
    ctx.voice.failSignedUrl = false;
  }
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'closed' }]);
  expect(await secondsUsed(family)).toBe(0);
});

test('a tampered browser neither lengthens the bill nor moves it to another call', async () => {
  const other = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const otherCall = inboundCall(other.parentPhone, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', otherCall)).text).toContain('<Connect>');

  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 2 });
  const { body } = await startBrowserCall(family);
  // The browser claimed another call's sid, an hour's length and its own prompt.
  await browserCallEnded(body.call_id, {
    durationSecs: 3600,
    dynamicVariables: { call_sid: otherCall.CallSid, allowed_seconds: 3600, user_id: other.user.id },
    prompt: 'You are a pirate.',
  });
  expect(await secondsUsed(family)).toBe(120);
  expect(await reservationsOf(ctx, other.user.id)).toMatchObject([{ status: 'open' }]);
  expect(await secondsUsed(other)).toBe(0);
});

test('the free sample spent in the browser is not offered again on the phone', async () => {
  const family = await createFamily(ctx);
  expect((await family.client.post('/api/santa/use-sample-call')).status).toBe(200);
  const { body } = await startBrowserCall(family);
  expect(body.allowed_seconds).toBe(60);
  await browserCallEnded(body.call_id, { durationSecs: 64 });
  expect(await secondsUsed(family)).toBe(60);

  const status = await family.client.get('/api/santa/sample-call-status');
  expect(status.body.sample_call_used).toBe(true);
  expect((await family.client.post('/api/santa/use-sample-call')).status).toBe(409);
  const phone = await postTwilio(ctx, 'inbound', inboundCall(family.parentPhone, HOTLINE));
  expect(phone.text).toContain(NO_MINUTES_MESSAGE.slice(0, 40));
});

test('a browser call whose signed URL was never used costs nothing once its window has passed', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const { body } = await startBrowserCall(family);
  await ctx.db.query(
    `update call_reservations set deadline = now() - interval '1 minute' where call_sid = $1`,
    [body.call_id],
  );
  await sweepBrowserCalls(sweepDeps());
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'closed' }]);
  expect(await secondsUsed(family)).toBe(0);
});

test('a browser call whose post-call event never came is billed by the agent’s record of it', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const { body } = await startBrowserCall(family);
  ctx.voice.conversations.set(body.call_id, conversation(body.call_id, { durationSeconds: 200 }));
  await ctx.db.query(
    `update call_reservations set deadline = now() - interval '1 minute' where call_sid = $1`,
    [body.call_id],
  );
  // The agent's record ends the call; recovery may still bring its transcript before it is settled.
  await sweepBrowserCalls(sweepDeps());
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'open' }]);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'settled' }]);
  expect(await secondsUsed(family)).toBe(200);
});

test('a browser call still running past its deadline is asked about again later, not charged yet', async () => {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 10 });
  const { body } = await startBrowserCall(family);
  ctx.voice.conversations.set(body.call_id, conversation(body.call_id, { status: 'in-progress' }));
  await ctx.db.query(
    `update call_reservations set deadline = now() - interval '1 minute' where call_sid = $1`,
    [body.call_id],
  );
  await sweepBrowserCalls(sweepDeps());
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect(await reservationsOf(ctx, family.user.id)).toMatchObject([{ status: 'open' }]);
  expect(await secondsUsed(family)).toBe(0);
});

function sweepDeps() {
  return { db: ctx.db, logger: ctx.deps.logger, voice: ctx.voice, everySeconds: 0 };
}
