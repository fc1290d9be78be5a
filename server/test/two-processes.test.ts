/**
 * Two app processes (src/main.ts, as production runs them) on one Postgres and one S3-compatible
 * server: what reaches one reaches the other. Postgres only: PGlite is one process's database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { S3RecordingStorage } from '../src/providers/storage/s3-recording-storage.ts';
import { signElevenLabsWebhook } from '../src/providers/voice/elevenlabs-signature.ts';
import { recordingKey } from '../src/modules/voice/post-call-events.ts';
import {
  connectedCall,
  createVoiceTestContext,
  transcriptionPayload,
  WEBHOOK_SECRET,
  type VoiceTestContext,
} from './fixtures/voice.ts';
import { startAppProcess, urlWithSchema, type AppProcess } from './app-process.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';
import { FAMILY_PHONE_MESSAGES } from '@santa/shared/santa';
import { uniquePhone } from './fixtures/unique.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signUp, TestClient } from './test-app.ts';
import { testSchemaOf } from './test-db.ts';

const url = process.env.TEST_DATABASE_URL;
const AUDIO = Buffer.from('ID3 the whole call, as ElevenLabs sends it');

describe.skipIf(!url)('two app processes on one Postgres and one S3 server', () => {
  let s3: TestS3Server;
  let ctx: VoiceTestContext;
  let a: AppProcess;
  let b: AppProcess;
  let stopped = false;

  beforeAll(async () => {
    s3 = await startS3Server();
    const shared = { ...s3.env(), ELEVENLABS_WEBHOOK_SECRET: WEBHOOK_SECRET };
    // The test's own app seeds families on the same schema the two processes use.
    ctx = await createVoiceTestContext({ env: shared });
    const schema = testSchemaOf(ctx.db)!;
    const env = { ...shared, DATABASE_URL: urlWithSchema(url!, schema), JOB_QUEUE_SCHEMA: `${schema}_jobs` };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), stopped ? undefined : b?.stop()]);
    await ctx?.close();
    await s3?.close();
  });

  function postCall(app: AppProcess, payload: unknown) {
    const body = JSON.stringify(payload);
    return fetch(`${app.url}/api/voice/elevenlabs/post-call`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'elevenlabs-signature': signElevenLabsWebhook(WEBHOOK_SECRET, body),
      },
      body,
    });
  }

  const audioPayload = (conversationId: string) => ({
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: AUDIO.toString('base64') },
  });

  function asParent(app: AppProcess, client: TestClient, path: string, init: RequestInit = {}) {
    return fetch(`${app.url}${path}`, {
      ...init,
      headers: { cookie: `session_token=${client.cookie}`, origin: app.url, ...init.headers },
    });
  }

  /** The parent has unlocked the call's recording (the checkout is tested elsewhere). */
  async function unlocked(conversationId: string): Promise<void> {
    await ctx.db.query('update calls set recording_purchased = true where conversation_id = $1', [
      conversationId,
    ]);
  }

  async function recordingFrom(app: AppProcess, client: TestClient): Promise<Buffer | null> {
    const history = (await (await asParent(app, client, '/api/calls/history')).json()) as {
      calls: { audio_url: string | null }[];
    };
    const audioUrl = history.calls[0]?.audio_url;
    if (!audioUrl) throw new Error(`no recording in ${JSON.stringify(history)}`);
    const res = await asParent(app, client, audioUrl);
    if (!res.ok) throw new Error(`${res.status} ${await res.text()} ${app.output()}`);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  }

  test('audio at one process, transcript at the other: the recording plays from both', async () => {
    const { client, callSid } = await connectedCall(ctx);
    const conversationId = `conv_two_processes_${Date.now()}`;
    expect((await postCall(a, audioPayload(conversationId))).status).toBe(200);
    expect((await postCall(b, transcriptionPayload({ conversationId, callSid }))).status).toBe(200);
    await unlocked(conversationId);
    expect(await recordingFrom(a, client)).toEqual(AUDIO);
    expect(await recordingFrom(b, client)).toEqual(AUDIO);
  });

  test('transcript at one process, audio at the other: the recording plays from both', async () => {
    const { client, callSid } = await connectedCall(ctx);
    const conversationId = `conv_two_processes_rev_${Date.now()}`;
    expect((await postCall(a, transcriptionPayload({ conversationId, callSid }))).status).toBe(200);
    expect((await postCall(b, audioPayload(conversationId))).status).toBe(200);
    await unlocked(conversationId);
    expect(await recordingFrom(a, client)).toEqual(AUDIO);
    expect(await recordingFrom(b, client)).toEqual(AUDIO);
  });

  test('a logout at one process is refused at the other within a second', async () => {
    const { client } = await connectedCall(ctx);
    expect((await asParent(b, client, '/api/auth/me')).status).toBe(200); // B remembers the session
    expect((await asParent(a, client, '/api/auth/logout', { method: 'POST' })).ok).toBe(true);
    const started = Date.now();
    while ((await asParent(b, client, '/api/auth/me')).status !== 401) {
      expect(Date.now() - started).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  });

  /** A new account asks for a code at `app`; both processes see the same client address. */
  async function sendCodeAt(app: AppProcess, phone: string) {
    const { client } = await signUp(ctx.app);
    const res = await asParent(app, client, '/api/santa/phones/send-code', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    return { status: res.status, body: (await res.json()) as { detail?: string } };
  }

  test('phone codes from many accounts at one address stop at the cap, counted across both processes', async () => {
    await ctx.db.query('delete from phone_code_sends');
    // PHONE_CODES_PER_CLIENT_PER_HOUR defaults to 10: five accounts at each process.
    for (let i = 0; i < 10; i += 1) {
      expect((await sendCodeAt(i % 2 === 0 ? a : b, uniquePhone())).status).toBe(200);
    }
    const refused = await sendCodeAt(b, uniquePhone());
    expect(refused).toMatchObject({ status: 429, body: { detail: FAMILY_PHONE_MESSAGES.tooManyFromHere } });
    await ctx.db.query('delete from phone_code_sends');
  });

  test('phone codes from many accounts to one number stop at the cap, counted across both processes', async () => {
    await ctx.db.query('delete from phone_code_sends');
    const target = uniquePhone();
    // PHONE_CODES_PER_NUMBER_PER_DAY defaults to 5.
    for (let i = 0; i < 5; i += 1) expect((await sendCodeAt(i % 2 === 0 ? b : a, target)).status).toBe(200);
    const refused = await sendCodeAt(a, target);
    expect(refused).toMatchObject({ status: 429, body: { detail: FAMILY_PHONE_MESSAGES.tooManyToNumber } });
    await ctx.db.query('delete from phone_code_sends');
  });

  test('deleting an account at one process deletes its recordings from the bucket', async () => {
    const { client, callSid, user } = await connectedCall(ctx);
    const conversationId = `conv_two_processes_del_${Date.now()}`;
    await postCall(a, transcriptionPayload({ conversationId, callSid }));
    await postCall(b, audioPayload(conversationId));
    const bucket = new S3RecordingStorage(s3.settings());
    expect(await bucket.size(recordingKey(conversationId))).toBe(AUDIO.length);
    const admin = new TestClient(ctx.app);
    await admin.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const res = await fetch(`${b.url}/api/admin/users/${user.id}`, {
      method: 'DELETE',
      headers: { cookie: `session_token=${admin.cookie}`, origin: b.url },
    });
    expect(res.status).toBe(200);
    expect(await bucket.size(recordingKey(conversationId))).toBeNull();
    expect((await asParent(a, client, '/api/auth/me')).status).toBe(401);
  });

  test('SIGTERM: a replica stops taking work, finishes what it has and exits cleanly', async () => {
    const { callSid } = await connectedCall(ctx);
    const conversationId = `conv_two_processes_stop_${Date.now()}`;
    // A summary job is queued as the replica is told to stop.
    const answered = postCall(b, transcriptionPayload({ conversationId, callSid }));
    expect((await answered).status).toBe(200);
    stopped = true;
    expect(await b.stop()).toBe(0);
    expect(b.output()).not.toMatch(/did not finish in time/);
    // The other replica is still up, and the summary was written by one of them.
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
    await expect
      .poll(async () => {
        const { rows } = await ctx.db.query<{ summary: string }>(
          'select summary from calls where conversation_id = $1',
          [conversationId],
        );
        return rows[0]?.summary;
      })
      .not.toBe('');
  });
});
