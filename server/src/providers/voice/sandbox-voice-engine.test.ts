import { uniqueCallSid } from '../../../test/fixtures/unique.ts';
import twilio from 'twilio';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, PUBLIC_URL, type TestContext } from '../../../test/test-app.ts';
import { parseConfig } from '../../config.ts';
import { createProviders } from '../providers.ts';
import { loadSandboxSecrets } from '../sandbox-secrets.ts';
import { signElevenLabsWebhook } from './elevenlabs-signature.ts';
import { silentMp3 } from './sandbox-silent-mp3.ts';
import {
  connectStreamTwiml,
  SANDBOX_STREAM_URL,
  SandboxConversationNotFoundError,
  SandboxVoiceEngine,
} from './sandbox-voice-engine.ts';
import type { RegisterCallInput } from './voice-engine.ts';

let ctx: TestContext;
let engine: SandboxVoiceEngine;
beforeAll(async () => {
  ctx = await createTestContext();
  if (!(ctx.providers.voice instanceof SandboxVoiceEngine))
    throw new Error('expected the sandbox voice engine');
  engine = ctx.providers.voice;
});
afterAll(() => ctx.close());

function callInput(overrides: Partial<RegisterCallInput> = {}): RegisterCallInput {
  return {
    fromNumber: '+14155552671',
    toNumber: '+15550100',
    callSid: uniqueCallSid(),
    dynamicVariables: { kid_name: 'Mia', allowed_minutes: 1, user_id: 'u-1' },
    prompt: 'You are Santa Claus talking with Mia.',
    firstMessage: 'Ho ho ho! Hello Mia!',
    maxDurationSeconds: 120,
    ...overrides,
  };
}

function conversationIdOf(twiml: string): string {
  const match = /<Parameter name="conversation_id" value="([^"]+)"\/>/.exec(twiml);
  if (!match?.[1]) throw new Error(`no conversation id in ${twiml}`);
  return match[1];
}

test('the voice sandbox is the engine when no ElevenLabs keys are set', () => {
  expect(ctx.providers.voice.isSandbox).toBe(true);
});

test('registerCall answers Connect/Stream TwiML like ElevenLabs', async () => {
  const twiml = await engine.registerCall(callInput());
  expect(twiml).toMatch(/^<\?xml[^>]*\?><Response><Connect><Stream url="([^"]+)">/);
  expect(twiml).toContain(`url="${SANDBOX_STREAM_URL}"`);
  expect(conversationIdOf(twiml)).toMatch(/^conv_[0-9a-f]{32}$/);
});

test("the Connect/Stream TwiML is byte for byte what Twilio's SDK builds, escaping included", () => {
  for (const [url, id] of [
    [SANDBOX_STREAM_URL, 'conv_0123456789abcdef'],
    ['wss://example.test/stream?a=1&b="2"', "conv_<x>&'y'\t\n\r"],
  ] as const) {
    const response = new twilio.twiml.VoiceResponse();
    response.connect().stream({ url }).parameter({ name: 'conversation_id', value: id });
    expect(connectStreamTwiml(url, id)).toBe(response.toString());
  }
});

test('calls registered at the same moment each get their own conversation with their own personalisation', async () => {
  const inputs = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli'].map((name) =>
    callInput({
      dynamicVariables: { kid_name: name, allowed_minutes: 2 },
      firstMessage: `Ho ho ho! Hello ${name}!`,
    }),
  );
  const ids = (await Promise.all(inputs.map((input) => engine.registerCall(input)))).map(conversationIdOf);
  expect(new Set(ids).size).toBe(inputs.length);
  for (const [i, id] of ids.entries()) {
    const detail = await engine.getConversation(id);
    expect(detail.callSid).toBe(inputs[i]!.callSid);
    expect(detail.dynamicVariables).toMatchObject({ kid_name: inputs[i]!.dynamicVariables.kid_name });
  }
});

test('a call registered again, as when Twilio re-sends its webhook, keeps the conversation it has', async () => {
  const input = callInput();
  const first = conversationIdOf(await engine.registerCall(input));
  const [again, concurrent] = await Promise.all([engine.registerCall(input), engine.registerCall(input)]);
  expect(conversationIdOf(again)).toBe(first);
  expect(conversationIdOf(concurrent)).toBe(first);
});

test('the sandbox keeps its conversations out of the database write-ahead log', async () => {
  // ElevenLabs' own storage in production; here it must not cost the reservations' WAL (0012).
  const { rows } = await ctx.db.query<{ relpersistence: string }>(
    `select relpersistence from pg_class where oid = 'sandbox_voice_conversations'::regclass`,
  );
  expect(rows[0]?.relpersistence).toBe('u');
});

test('a registered prompt of a few kilobytes is stored inline, without compression', async () => {
  // Compressing each prompt was a tenth of the database's time per answered call (0013).
  const prompt = 'Ho ho ho! Santa asks about the reindeer and the wish list. '.repeat(50);
  const conversationId = conversationIdOf(await engine.registerCall(callInput({ prompt })));
  const { rows } = await ctx.db.query<{ stored: number }>(
    'select pg_column_size(prompt) as stored from sandbox_voice_conversations where conversation_id = $1',
    [conversationId],
  );
  expect(prompt.length).toBeGreaterThan(2500);
  expect(rows[0]?.stored).toBeGreaterThanOrEqual(prompt.length);
});

test('registerCall keeps the personalisation it was given', async () => {
  const input = callInput({ dynamicVariables: { kid_name: 'Leo', allowed_minutes: 5, wish_list: 'a kite' } });
  const conversationId = conversationIdOf(await engine.registerCall(input));
  const detail = await engine.getConversation(conversationId);
  expect(detail).toMatchObject({
    conversationId,
    status: 'in-progress',
    callSid: input.callSid,
    fromNumber: '+14155552671',
    toNumber: '+15550100',
    dynamicVariables: { kid_name: 'Leo', allowed_minutes: 5, wish_list: 'a kite' },
    transcript: [],
    hasAudio: false,
  });
  const live = await engine.findByCallSid(input.callSid);
  expect(live?.prompt).toBe(input.prompt);
  expect(live?.firstMessage).toBe(input.firstMessage);
  const allowed = (live!.deadlineAt!.getTime() - live!.startedAt.getTime()) / 1000;
  expect(allowed).toBeCloseTo(300, 0);
});

test('a finished conversation has its transcript, duration, summary and audio', async () => {
  const input = callInput();
  const conversationId = conversationIdOf(await engine.registerCall(input));
  await engine.appendTurns(conversationId, [
    { role: 'agent', message: 'Ho ho ho! Hello Mia!', time_in_call_secs: 0 },
    { role: 'user', message: 'Hi Santa', time_in_call_secs: 3 },
  ]);
  const audio = silentMp3(1);
  const done = await engine.finish(conversationId, {
    endedAt: new Date(),
    durationSeconds: 12,
    summary: 'A chat.',
    audio,
  });
  expect(done?.status).toBe('done');
  expect(
    await engine.finish(conversationId, { endedAt: new Date(), durationSeconds: 99, summary: 'x', audio }),
  ).toBeNull();
  expect(
    await engine.appendTurns(conversationId, [{ role: 'user', message: 'late', time_in_call_secs: 20 }]),
  ).toBe(false);

  const detail = await engine.getConversation(conversationId);
  expect(detail).toMatchObject({ status: 'done', durationSeconds: 12, summary: 'A chat.', hasAudio: true });
  expect(detail.transcript).toEqual([
    { role: 'agent', message: 'Ho ho ho! Hello Mia!', timeInCallSecs: 0 },
    { role: 'user', message: 'Hi Santa', timeInCallSecs: 3 },
  ]);
  expect(await engine.getConversationAudio(conversationId)).toEqual(audio);
});

test('listConversations pages through conversations newest first', async () => {
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    ids.push(conversationIdOf(await engine.registerCall(callInput())));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await engine.listConversations({ pageSize: 2, ...(cursor ? { cursor } : {}) });
    expect(page.conversations.length).toBeLessThanOrEqual(2);
    seen.push(...page.conversations.map((conversation) => conversation.conversationId));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  expect(seen.slice(0, 3)).toEqual([...ids].reverse());
  expect(new Set(seen).size).toBe(seen.length);
});

test("listConversations for one owner answers only the calls registered with that user_id, as ElevenLabs' dynamic variable filter does", async () => {
  const mine = conversationIdOf(
    await engine.registerCall(callInput({ dynamicVariables: { kid_name: 'Mia', user_id: 'owner-a' } })),
  );
  await engine.registerCall(callInput({ dynamicVariables: { kid_name: 'Leo', user_id: 'owner-b' } }));
  const { conversations } = await engine.listConversations({ pageSize: 100, ownerId: 'owner-a' });
  expect(conversations.map((conversation) => conversation.conversationId)).toEqual([mine]);
});

test('deleteConversation removes it from get, audio and the list', async () => {
  const conversationId = conversationIdOf(await engine.registerCall(callInput()));
  await engine.deleteConversation(conversationId);
  await expect(engine.getConversation(conversationId)).rejects.toBeInstanceOf(
    SandboxConversationNotFoundError,
  );
  await expect(engine.getConversationAudio(conversationId)).rejects.toBeInstanceOf(
    SandboxConversationNotFoundError,
  );
  const { conversations } = await engine.listConversations({ pageSize: 100 });
  expect(conversations.map((conversation) => conversation.conversationId)).not.toContain(conversationId);
});

test('verifyWebhook accepts what the sandbox signs and refuses a changed body or another secret', () => {
  const body = JSON.stringify({ type: 'post_call_transcription', data: {} });
  const header = engine.signWebhook(body);
  expect(engine.verifyWebhook(Buffer.from(body), header)).toBe(true);
  expect(engine.verifyWebhook(Buffer.from(`${body} `), header)).toBe(false);
  expect(engine.verifyWebhook(Buffer.from(body), signElevenLabsWebhook('another-secret', body))).toBe(false);
  expect(engine.verifyWebhook(Buffer.from(body), undefined)).toBe(false);
});

test('verifyWebhook uses ELEVENLABS_WEBHOOK_SECRET when it is set', () => {
  const config = parseConfig({
    PUBLIC_URL,
    ELEVENLABS_WEBHOOK_SECRET: 'wsec_configured',
    LOG_LEVEL: 'silent',
  });
  const { voice } = createProviders({ config, db: ctx.db, sandboxSecrets: loadSandboxSecrets() });
  const body = '{"type":"post_call_audio"}';
  expect(voice.verifyWebhook(Buffer.from(body), signElevenLabsWebhook('wsec_configured', body))).toBe(true);
  expect(voice.verifyWebhook(Buffer.from(body), engine.signWebhook(body))).toBe(false);
});

test('the silent recording is a sequence of valid MPEG-1 Layer III frames', () => {
  const audio = silentMp3(2);
  expect(audio.length % 144).toBe(0);
  expect(audio.length / 144).toBeGreaterThanOrEqual(55);
  for (let offset = 0; offset < audio.length; offset += 144) {
    expect([...audio.subarray(offset, offset + 4)]).toEqual([0xff, 0xfb, 0x18, 0xc4]);
  }
});
