import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Finding } from '../diagnosis.ts';
import { ElevenLabsVoiceEngine } from './elevenlabs-voice-engine.ts';
import { SandboxVoiceEngine } from './sandbox-voice-engine.ts';

const PUBLIC_URL = 'https://santa.example';
const POST_CALL_URL = `${PUBLIC_URL}/api/voice/elevenlabs/post-call`;

/** An agent set up as docs/going-live.md asks, in the shape GET /v1/convai/agents/{id} answers. */
function goodAgent() {
  return {
    agent_id: 'agent_1',
    name: 'Santa',
    metadata: { created_at_unix_secs: 1735000000, updated_at_unix_secs: 1735000000 },
    conversation_config: {
      asr: { user_input_audio_format: 'ulaw_8000' },
      tts: { agent_output_audio_format: 'ulaw_8000', model_id: 'eleven_flash_v2_5' },
      conversation: { max_duration_seconds: 600 },
    },
    platform_settings: {
      overrides: {
        conversation_config_override: {
          agent: { prompt: { prompt: true }, first_message: true, language: true },
          conversation: { max_duration_seconds: true },
        },
      },
      privacy: { record_voice: true, zero_retention_mode: false },
      auth: { enable_auth: true },
    },
  };
}

/** What the fake api.elevenlabs.io answers; each test changes what it is about. */
let agent: ReturnType<typeof goodAgent> | null;
let agentStatus: number;
let settings: Record<string, unknown>;
let webhooks: Record<string, unknown>[];
let server: Server;
let engine: ElevenLabsVoiceEngine;

beforeEach(() => {
  agent = goodAgent();
  agentStatus = 200;
  settings = {
    webhooks: { post_call_webhook_id: 'wh_1', events: ['transcript', 'audio', 'call_initiation_failure'] },
  };
  webhooks = [
    {
      name: 'Santa Calls',
      webhook_id: 'wh_1',
      webhook_url: POST_CALL_URL,
      is_disabled: false,
      is_auto_disabled: false,
      created_at_unix: 1735000000,
      auth_type: 'hmac',
    },
  ];
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/v1/convai/agents/agent_1')
      json(agentStatus, agentStatus === 200 ? agent : { detail: { status: 'error', message: 'nope' } });
    else if (path === '/v1/convai/settings') json(200, settings);
    else if (path === '/v1/workspace/webhooks') json(200, { webhooks });
    else json(404, { detail: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  engine = new ElevenLabsVoiceEngine({
    apiKey: 'xi-test-key',
    agentId: 'agent_1',
    webhookSecret: 'wsec_test',
    baseUrl: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const diagnose = () => engine.diagnose({ publicUrl: PUBLIC_URL });
const finding = (findings: Finding[], check: string) => findings.find((f) => f.check === check);
const problems = (findings: Finding[]) => findings.filter((f) => f.severity !== 'ok');

test('an agent set up for Twilio calls and signed browser calls has no problems', async () => {
  const findings = await diagnose();
  expect(problems(findings)).toEqual([]);
  expect(findings.map((f) => f.check)).toEqual([
    'agent',
    'caller audio',
    "Santa's audio",
    'prompt override',
    'first message override',
    'max duration override',
    'language override',
    'voice model',
    'browser calls',
    'call audio',
    'post-call webhook',
  ]);
});

test('an agent speaking 16 kHz PCM is fatal both ways, with the setting to change', async () => {
  agent!.conversation_config.asr.user_input_audio_format = 'pcm_16000';
  agent!.conversation_config.tts = {} as never;
  const findings = await diagnose();
  expect(finding(findings, 'caller audio')).toMatchObject({
    severity: 'fatal',
    detail: expect.stringContaining('pcm_16000'),
    fix: expect.stringContaining('User input audio format” to μ-law 8000 Hz'),
  });
  expect(finding(findings, "Santa's audio")).toMatchObject({
    severity: 'fatal',
    detail: expect.stringContaining('not set'),
    fix: expect.stringContaining('TTS output format” to μ-law 8000 Hz'),
  });
});

test('disabled overrides are fatal: ElevenLabs would refuse every call', async () => {
  agent!.platform_settings.overrides.conversation_config_override = {
    agent: { prompt: { prompt: false }, first_message: false, language: true },
    conversation: { max_duration_seconds: false },
  };
  const findings = await diagnose();
  expect(problems(findings)).toEqual([
    expect.objectContaining({
      check: 'prompt override',
      severity: 'fatal',
      fix: expect.stringContaining('System prompt'),
    }),
    expect.objectContaining({
      check: 'first message override',
      severity: 'fatal',
      fix: expect.stringContaining('First message'),
    }),
    expect.objectContaining({
      check: 'max duration override',
      severity: 'fatal',
      fix: expect.stringContaining('conversation.max_duration_seconds = true'),
    }),
  ]);
});

test("an agent that cannot speak the child's language is warned about, with the fix", async () => {
  agent!.platform_settings.overrides.conversation_config_override.agent.language = false;
  agent!.conversation_config.tts.model_id = 'eleven_turbo_v2';
  expect(problems(await diagnose())).toEqual([
    expect.objectContaining({
      check: 'language override',
      severity: 'warning',
      fix: expect.stringContaining('Language'),
    }),
    expect.objectContaining({
      check: 'voice model',
      severity: 'warning',
      fix: expect.stringContaining('multilingual'),
    }),
  ]);
});

test('an agent anyone could talk to without a signed URL is fatal: browser calls would go unbilled', async () => {
  agent!.platform_settings.auth.enable_auth = false;
  expect(problems(await diagnose())).toEqual([
    expect.objectContaining({
      check: 'browser calls',
      severity: 'fatal',
      fix: expect.stringContaining('Enable authentication'),
    }),
  ]);
});

test('audio saving off, and a webhook without audio events, are warnings with their fixes', async () => {
  agent!.platform_settings.privacy.record_voice = false;
  settings = { webhooks: { post_call_webhook_id: 'wh_1', events: ['transcript'] } };
  const findings = await diagnose();
  expect(problems(findings)).toEqual([
    expect.objectContaining({
      check: 'call audio',
      severity: 'warning',
      fix: expect.stringContaining('Store call audio'),
    }),
    expect.objectContaining({
      check: 'post-call webhook',
      severity: 'warning',
      detail: `${POST_CALL_URL} does not receive audio, call_initiation_failure events`,
    }),
  ]);
});

test('a post-call webhook missing, or posting elsewhere, says where it must post', async () => {
  settings = {};
  expect(finding(await diagnose(), 'post-call webhook')).toMatchObject({
    severity: 'warning',
    fix: expect.stringContaining(POST_CALL_URL),
  });
  settings = { webhooks: { post_call_webhook_id: 'wh_1', events: ['transcript', 'audio'] } };
  webhooks[0]!.webhook_url = 'https://old.example/hook';
  expect(finding(await diagnose(), 'post-call webhook')).toMatchObject({
    severity: 'warning',
    detail: `posts to https://old.example/hook, not ${POST_CALL_URL}`,
  });
});

test('an agent that does not exist, or a refused key, is one fatal finding; diagnose never throws', async () => {
  agentStatus = 404;
  expect(await diagnose()).toEqual([
    expect.objectContaining({
      check: 'agent',
      severity: 'fatal',
      fix: expect.stringContaining('ELEVENLABS_AGENT_ID'),
    }),
  ]);
  agentStatus = 401;
  expect(await diagnose()).toEqual([
    expect.objectContaining({
      check: 'agent',
      severity: 'fatal',
      fix: expect.stringContaining('ELEVENLABS_API_KEY'),
    }),
  ]);
  const nowhere = new ElevenLabsVoiceEngine({
    apiKey: 'k',
    agentId: 'agent_1',
    webhookSecret: 's',
    baseUrl: 'http://127.0.0.1:1',
  });
  expect(await nowhere.diagnose({ publicUrl: PUBLIC_URL })).toEqual([
    expect.objectContaining({
      check: 'agent',
      severity: 'fatal',
      detail: expect.stringMatching(/^failed: /),
    }),
  ]);
});

test('the sandbox says it is one, and which keys make the calls real', async () => {
  const sandbox = new SandboxVoiceEngine(undefined as never, 'secret', 'http://localhost');
  expect(await sandbox.diagnose()).toEqual([
    expect.objectContaining({
      severity: 'warning',
      check: 'mode',
      fix: expect.stringMatching(/ELEVENLABS_API_KEY.*ELEVENLABS_AGENT_ID.*ELEVENLABS_WEBHOOK_SECRET/),
    }),
  ]);
});
