/**
 * "Hear how Santa says it" with the real ElevenLabs adapter, through the official SDK, against a
 * local fake of api.elevenlabs.io: the agent's own voice speaks the line.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ElevenLabsVoiceEngine } from '../../providers/voice/elevenlabs-voice-engine.ts';
import { createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';
import { FakeElevenLabs } from '../../../test/vendor-fakes/fake-elevenlabs.ts';

let fake: FakeElevenLabs;
let ctx: TestContext;
let wrongKey: ElevenLabsVoiceEngine;
/** The engine the app's voice provider speaks with; a test may swap in one with a wrong key. */
let speaker: ElevenLabsVoiceEngine;
let real: ElevenLabsVoiceEngine;
beforeAll(async () => {
  fake = await FakeElevenLabs.start();
  const engine = (apiKey: string) =>
    new ElevenLabsVoiceEngine({
      apiKey,
      agentId: fake.agentId,
      webhookSecret: fake.webhookSecret,
      baseUrl: fake.baseUrl,
    });
  wrongKey = engine('xi-wrong');
  real = engine(fake.apiKey);
  speaker = real;
  const voice: ElevenLabsVoiceEngine = Object.assign(Object.create(real) as ElevenLabsVoiceEngine, {
    speakAsSanta: (text: string) => speaker.speakAsSanta(text),
  });
  ctx = await createTestContext({ providers: (sandboxes) => ({ ...sandboxes, voice }) });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const preview = (client: Awaited<ReturnType<typeof signUp>>['client'], body: object) =>
  client.post('/api/santa/pronunciation-preview').responseType('blob').send(body);

test("the preview is the agent's own voice saying the greeting, as MP3", async () => {
  const { client } = await signUp(ctx.app);
  const res = await preview(client, { kid_name: 'Olivia', name_pronunciation: 'oh-LIV-ee-uh' });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('audio/mpeg');
  const clip = Buffer.from(res.body as Buffer);
  expect(clip.subarray(0, 3).toString()).toBe('ID3');
  expect(clip.subarray(10).toString()).toBe(
    `${fake.voiceId}|${fake.ttsModelId}|Ho ho ho! Merry Christmas, oh-LIV-ee-uh!`,
  );
  const tts = fake.requests.filter((req) => req.path.startsWith('/v1/text-to-speech/'));
  expect(tts).toHaveLength(1);
  expect(tts[0]!.query.get('output_format')).toBe('mp3_44100_64');
});

test("the agent's voice is looked up once, not on every preview", async () => {
  const { client } = await signUp(ctx.app);
  const agentReads = () => fake.requests.filter((req) => req.path.startsWith('/v1/convai/agents/')).length;
  const before = agentReads();
  await preview(client, { kid_name: 'Noa' });
  await preview(client, { kid_name: 'Noa', name_pronunciation: 'NO-ah' });
  expect(agentReads() - before).toBeLessThanOrEqual(1);
});

test('a voice provider that refuses the key is a 502 with a plain message, not a crash', async () => {
  const { client } = await signUp(ctx.app);
  speaker = wrongKey;
  try {
    const res = await client.post('/api/santa/pronunciation-preview').send({ kid_name: 'Olivia' });
    expect(res.status).toBe(502);
    expect(res.body.detail).toBe(
      "Santa's voice could not be reached just now. Please try again in a minute.",
    );
  } finally {
    speaker = real;
  }
});

test('the same name said again is not paid for twice', async () => {
  const { client } = await signUp(ctx.app);
  const spoken = () => fake.requests.filter((req) => req.path.startsWith('/v1/text-to-speech/')).length;
  const before = spoken();
  const first = await preview(client, { kid_name: 'Anouk', name_pronunciation: 'ah-NOOK' });
  const again = await preview(client, { kid_name: 'Anouk', name_pronunciation: 'ah-NOOK' });
  expect(Buffer.from(again.body as Buffer)).toEqual(Buffer.from(first.body as Buffer));
  expect(spoken() - before).toBe(1);
});
