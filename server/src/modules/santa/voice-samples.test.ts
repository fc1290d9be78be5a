/**
 * Santa's voice before paying: each personality's sample, spoken by the agent's own voice through
 * the official SDK (against a local fake of api.elevenlabs.io), made once and kept; the sandbox
 * plays a stand-in made locally.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VOICE_SAMPLE_LINES } from '@santa/shared/voice-samples';
import { LocalRecordingStorage } from '../../providers/storage/local-recording-storage.ts';
import { ElevenLabsVoiceEngine } from '../../providers/voice/elevenlabs-voice-engine.ts';
import { createTestContext, signInAsAdmin, signUp, type TestContext } from '../../../test/test-app.ts';
import { FakeElevenLabs } from '../../../test/vendor-fakes/fake-elevenlabs.ts';

let fake: FakeElevenLabs;
let voiced: TestContext;
let sandbox: TestContext;
let speaker: ElevenLabsVoiceEngine;
let real: ElevenLabsVoiceEngine;
let wrongKey: ElevenLabsVoiceEngine;
beforeAll(async () => {
  fake = await FakeElevenLabs.start();
  const engine = (apiKey: string) =>
    new ElevenLabsVoiceEngine({
      apiKey,
      agentId: fake.agentId,
      webhookSecret: fake.webhookSecret,
      baseUrl: fake.baseUrl,
    });
  real = engine(fake.apiKey);
  wrongKey = engine('xi-wrong');
  speaker = real;
  const voice: ElevenLabsVoiceEngine = Object.assign(Object.create(real) as ElevenLabsVoiceEngine, {
    speakAsSanta: (text: string) => speaker.speakAsSanta(text),
  });
  // Each its own storage: a sample, once made, is kept.
  const storage = () => new LocalRecordingStorage(mkdtempSync(path.join(tmpdir(), 'santa-samples-')));
  voiced = await createTestContext({
    providers: (sandboxes) => ({ ...sandboxes, voice, recordings: storage() }),
  });
  sandbox = await createTestContext({ providers: (sandboxes) => ({ ...sandboxes, recordings: storage() }) });
});
afterAll(async () => {
  await voiced.close();
  await sandbox.close();
  await fake.close();
});

const spoken = () => fake.requests.filter((req) => req.path.startsWith('/v1/text-to-speech/')).length;
const sample = (ctx: TestContext, personality: string) =>
  request(ctx.app).get(`/api/voice-samples/${personality}`).responseType('blob');

test("a visitor hears the traditional Santa in the agent's own voice, without signing in", async () => {
  const res = await sample(voiced, 'traditional');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('audio/mpeg');
  expect(res.headers['cache-control']).toBe('public, no-cache');
  // Asked again with what the browser kept: nothing is sent twice.
  const again = await request(voiced.app)
    .get('/api/voice-samples/traditional')
    .set('If-None-Match', res.headers.etag as string);
  expect(again.status).toBe(304);
  expect(
    Buffer.from(res.body as Buffer)
      .subarray(10)
      .toString(),
  ).toBe(`${fake.voiceId}|${fake.ttsModelId}|${VOICE_SAMPLE_LINES.traditional}`);
});

test('a sample is paid for once, however many visitors ask for it at the same moment', async () => {
  const before = spoken();
  const answers = await Promise.all(Array.from({ length: 5 }, () => sample(voiced, 'modern')));
  expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
  await sample(voiced, 'modern');
  expect(spoken() - before).toBe(1);
});

test('when the voice cannot be reached the visitor is told plainly, and the next visitor tries again', async () => {
  speaker = wrongKey;
  try {
    const failed = await request(voiced.app).get('/api/voice-samples/mixed');
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toBe(
      "Santa's voice could not be reached just now. Please try again in a minute.",
    );
  } finally {
    speaker = real;
  }
  expect((await sample(voiced, 'mixed')).status).toBe(200);
});

test('the admin makes every sample again (after changing the voice); parents may not', async () => {
  const { client } = await signUp(voiced.app);
  expect((await client.post('/api/voice-samples')).status).toBe(403);
  const admin = await signInAsAdmin(voiced.app);
  const before = spoken();
  const res = await admin.post('/api/voice-samples');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ made: ['traditional', 'modern', 'mixed'] });
  expect(spoken() - before).toBe(3);
});

test('in the sandbox every Santa has a stand-in sample that plays: real audio of some seconds', async () => {
  for (const personality of ['traditional', 'modern', 'mixed']) {
    const res = await sample(sandbox, personality);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = Buffer.from(res.body as Buffer);
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    const seconds = wav.readUInt32LE(40) / wav.readUInt32LE(28);
    expect(seconds).toBeGreaterThan(1);
  }
});

test('there is no sample of a Santa that does not exist', async () => {
  const res = await request(sandbox.app).get('/api/voice-samples/grumpy');
  expect(res.status).toBe(404);
  expect(res.body.detail).toBe('No such Santa');
});
