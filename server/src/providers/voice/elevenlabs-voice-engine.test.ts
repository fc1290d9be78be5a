import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signElevenLabsWebhook } from './elevenlabs-signature.ts';
import { ElevenLabsVoiceEngine } from './elevenlabs-voice-engine.ts';
import { ConversationNotFoundError } from './voice-engine.ts';

interface Seen {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: string;
}

const TWIML =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://api.elevenlabs.io/x"/></Connect></Response>';
const AUDIO = Buffer.from('ID3 fake mp3');
let server: Server;
let seen: Seen[] = [];
let engine: ElevenLabsVoiceEngine;

const conversationDetail = {
  agent_id: 'agent_1',
  conversation_id: 'conv_1',
  status: 'done',
  transcript: [
    { role: 'agent', message: 'Ho ho ho!', time_in_call_secs: 0 },
    { role: 'user', message: 'Hi Santa', time_in_call_secs: 2 },
  ],
  metadata: {
    start_time_unix_secs: 1735063200,
    call_duration_secs: 75,
    phone_call: {
      type: 'twilio',
      direction: 'inbound',
      phone_number_id: 'pn_1',
      agent_number: '+15550100',
      external_number: '+14155550000',
      stream_sid: 'MZ1',
      call_sid: 'CA1',
    },
  },
  analysis: { call_successful: 'success', transcript_summary: 'A happy chat.' },
  conversation_initiation_client_data: { dynamic_variables: { user_id: 'u1', kid_name: 'Emma' } },
  has_audio: true,
  has_user_audio: true,
  has_response_audio: true,
  has_auxiliary_audio: false,
};

/**
 * A detail the SDK's strict parsing refuses (seen from the live API): a null where the SDK wants a
 * string, a key it requires missing. Everything we use is there.
 */
const strictBreakingDetail = {
  ...conversationDetail,
  conversation_id: 'conv_strict',
  metadata: {
    ...conversationDetail.metadata,
    phone_call: { ...conversationDetail.metadata.phone_call, phone_number_id: null, stream_sid: undefined },
  },
  has_user_audio: undefined,
};

/** Stands in for api.elevenlabs.io with the shapes its API answers. */
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const apiKey = req.headers['xi-api-key'];
    seen.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    const json = (body: unknown) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/v1/convai/conversation/get-signed-url') {
      // As documented: with include_conversation_id the URL names the conversation it starts.
      const withId = url.searchParams.get('include_conversation_id') === 'true';
      json({
        signed_url: `wss://api.elevenlabs.io/v1/convai/conversation?agent_id=${url.searchParams.get('agent_id')}&conversation_signature=cvtkn_1${withId ? '&conversation_id=conv_web_1' : ''}`,
      });
    } else if (url.pathname === '/v1/convai/twilio/register-call') {
      res.writeHead(200, { 'Content-Type': 'text/xml' }).end(TWIML);
    } else if (
      url.pathname === '/v1/convai/conversations' &&
      url.searchParams.get('cursor') === 'strict_page'
    ) {
      // A summary the SDK refuses (a null where it wants a string), and one it would take.
      json({
        conversations: [
          {
            ...conversationDetail,
            conversation_id: 'conv_a',
            start_time_unix_secs: 1735063200,
            call_duration_secs: 75,
            agent_name: null,
            message_count: null,
            call_successful: null,
          },
        ],
        next_cursor: null,
        has_more: false,
      });
    } else if (url.pathname === '/v1/convai/conversations' && req.method === 'GET') {
      json({
        conversations: [
          {
            agent_id: 'agent_1',
            conversation_id: 'conv_1',
            start_time_unix_secs: 1735063200,
            call_duration_secs: 75,
            message_count: 2,
            status: 'done',
            call_successful: 'success',
          },
        ],
        next_cursor: 'cursor_2',
        has_more: true,
      });
    } else if (url.pathname === '/v1/convai/conversations/conv_1' && req.method === 'GET') {
      json(conversationDetail);
    } else if (url.pathname === '/v1/convai/conversations/conv_strict' && req.method === 'GET') {
      json(strictBreakingDetail);
    } else if (url.pathname === '/v1/convai/conversations/conv_1/audio') {
      res.writeHead(200, { 'Content-Type': 'audio/mpeg' }).end(AUDIO);
    } else if (url.pathname === '/v1/convai/conversations/conv_1' && req.method === 'DELETE') {
      json({});
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: 'not found' }));
    }
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

test('registering a call sends the agent, numbers, direction, dynamic variables, prompt and time limit overrides', async () => {
  seen = [];
  const twiml = await engine.registerCall({
    fromNumber: '+14155550000',
    toNumber: '+15550100',
    callSid: 'CA1',
    dynamicVariables: { kid_name: 'Emma', allowed_minutes: 5, user_id: 'u1' },
    prompt: 'You are Santa. Talk with Emma.',
    firstMessage: 'Ho ho ho, Emma!',
    maxDurationSeconds: 360,
  });
  expect(twiml).toBe(TWIML);
  expect(seen).toHaveLength(1);
  expect(seen[0]).toMatchObject({
    method: 'POST',
    path: '/v1/convai/twilio/register-call',
    apiKey: 'xi-test-key',
  });
  expect(JSON.parse(seen[0]!.body)).toEqual({
    agent_id: 'agent_1',
    from_number: '+14155550000',
    to_number: '+15550100',
    direction: 'inbound',
    conversation_initiation_client_data: {
      dynamic_variables: { kid_name: 'Emma', allowed_minutes: 5, user_id: 'u1', call_sid: 'CA1' },
      conversation_config_override: {
        agent: { prompt: { prompt: 'You are Santa. Talk with Emma.' }, first_message: 'Ho ho ho, Emma!' },
        conversation: { max_duration_seconds: 360 },
      },
    },
  });
});

test("a Spanish child's call tells the agent to speak Spanish; an English one sends no language", async () => {
  const input = {
    fromNumber: '+14155550000',
    toNumber: '+15550100',
    callSid: 'CA2',
    dynamicVariables: {},
    prompt: 'Habla español.',
    firstMessage: '¡Jo, jo, jo!',
    maxDurationSeconds: 360,
  };
  seen = [];
  await engine.registerCall({ ...input, language: 'es' });
  await engine.registerCall({ ...input, language: 'en' });
  const agents = seen.map(
    (s) => JSON.parse(s.body).conversation_initiation_client_data.conversation_config_override.agent,
  );
  expect(agents[0]).toMatchObject({ language: 'es' });
  expect(agents[1]).not.toHaveProperty('language');
});

test("Santa's scheduled call is registered as outbound", async () => {
  seen = [];
  await engine.registerCall({
    fromNumber: '+15550100',
    toNumber: '+14155550000',
    callSid: 'CA2',
    dynamicVariables: { user_id: 'u1' },
    prompt: 'You are Santa.',
    firstMessage: 'Ho ho ho!',
    maxDurationSeconds: 360,
    direction: 'outbound',
  });
  expect(JSON.parse(seen[0]!.body)).toMatchObject({
    from_number: '+15550100',
    to_number: '+14155550000',
    direction: 'outbound',
  });
});

test('a browser call gets a one-time signed URL naming its conversation, valid for 15 minutes', async () => {
  seen = [];
  const before = Date.now();
  const minted = await engine.startBrowserConversation();
  expect(seen.map((s) => [s.method, s.path, s.apiKey])).toEqual([
    [
      'GET',
      '/v1/convai/conversation/get-signed-url?agent_id=agent_1&include_conversation_id=true',
      'xi-test-key',
    ],
  ]);
  expect(minted.conversationId).toBe('conv_web_1');
  expect(minted.signedUrl).toContain('conversation_signature=cvtkn_1');
  expect(minted.expiresAt.getTime() - before).toBeGreaterThanOrEqual(15 * 60_000);
  expect(minted.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);
});

test('a conversation the agent does not know is reported as not found, not as an outage', async () => {
  await expect(engine.getConversation('conv_never_started')).rejects.toBeInstanceOf(
    ConversationNotFoundError,
  );
});

test('listing conversations pages with the cursor', async () => {
  seen = [];
  const page = await engine.listConversations({ cursor: 'cursor_1', pageSize: 50 });
  expect(seen[0]!.path).toContain('/v1/convai/conversations?');
  expect(seen[0]!.path).toContain('cursor=cursor_1');
  expect(seen[0]!.path).toContain('agent_id=agent_1');
  expect(seen[0]!.path).toContain('page_size=50');
  expect(page.nextCursor).toBe('cursor_2');
  expect(page.conversations).toEqual([
    { conversationId: 'conv_1', status: 'done', startTime: new Date(1735063200 * 1000), durationSeconds: 75 },
  ]);
});

test("listing one owner's conversations filters by the user_id dynamic variable", async () => {
  seen = [];
  await engine.listConversations({ pageSize: 100, ownerId: '6f1c2d3e-0000-4000-8000-000000000001' });
  const query = new URL(seen[0]!.path, 'http://localhost').searchParams;
  expect(query.get('dynamic_variable_params')).toBe('user_id:eq:6f1c2d3e-0000-4000-8000-000000000001');
  expect(query.get('agent_id')).toBe('agent_1');
});

test('a conversation detail maps transcript, call sid, numbers and dynamic variables', async () => {
  const detail = await engine.getConversation('conv_1');
  expect(detail).toMatchObject({
    conversationId: 'conv_1',
    status: 'done',
    durationSeconds: 75,
    summary: 'A happy chat.',
    callSid: 'CA1',
    fromNumber: '+14155550000',
    toNumber: '+15550100',
    dynamicVariables: { user_id: 'u1', kid_name: 'Emma' },
    hasAudio: true,
  });
  expect(detail.transcript).toEqual([
    { role: 'agent', message: 'Ho ho ho!', timeInCallSecs: 0 },
    { role: 'user', message: 'Hi Santa', timeInCallSecs: 2 },
  ]);
});

test('audio comes back as bytes, and a conversation without audio as null', async () => {
  expect(Buffer.compare((await engine.getConversationAudio('conv_1'))!, AUDIO)).toBe(0);
  expect(await engine.getConversationAudio('conv_missing')).toBeNull();
});

test('deleting a conversation sends DELETE', async () => {
  seen = [];
  await engine.deleteConversation('conv_1');
  expect(seen).toMatchObject([{ method: 'DELETE', path: '/v1/convai/conversations/conv_1' }]);
});

test('deleting a conversation that is already gone succeeds, so a retry can finish', async () => {
  await expect(engine.deleteConversation('conv_gone')).resolves.toBeUndefined();
});

test('webhooks verify with the secret, within 30 minutes, and reject tampering', () => {
  const body = Buffer.from('{"type":"post_call_transcription"}');
  const now = new Date();
  expect(engine.verifyWebhook(body, signElevenLabsWebhook('wsec_test', body, now), now)).toBe(true);
  expect(
    engine.verifyWebhook(Buffer.from('{"type":"other"}'), signElevenLabsWebhook('wsec_test', body, now), now),
  ).toBe(false);
  expect(engine.verifyWebhook(body, signElevenLabsWebhook('wrong', body, now), now)).toBe(false);
  const old = new Date(now.getTime() - 31 * 60_000);
  expect(engine.verifyWebhook(body, signElevenLabsWebhook('wsec_test', body, old), now)).toBe(false);
  const recent = new Date(now.getTime() - 29 * 60_000);
  expect(engine.verifyWebhook(body, signElevenLabsWebhook('wsec_test', body, recent), now)).toBe(true);
  expect(engine.verifyWebhook(body, undefined, now)).toBe(false);
  expect(engine.verifyWebhook(body, 't=abc,v0=zz', now)).toBe(false);
});

test('a conversation the SDK cannot parse is read raw, with the fields we use', async () => {
  const before = seen.length;
  const detail = await engine.getConversation('conv_strict');
  expect(seen.slice(before).filter((request) => request.path.endsWith('/conv_strict'))).toHaveLength(2);
  expect(detail).toMatchObject({
    conversationId: 'conv_strict',
    status: 'done',
    durationSeconds: 75,
    callSid: 'CA1',
    fromNumber: '+14155550000',
    dynamicVariables: { user_id: 'u1', kid_name: 'Emma' },
    hasAudio: true,
  });
  expect(detail.transcript).toHaveLength(2);
});

test('a conversations page the SDK cannot parse is read raw, so one odd field loses no call', async () => {
  const before = seen.length;
  const page = await engine.listConversations({ cursor: 'strict_page', ownerId: 'u1' });
  expect(page.conversations.map((c) => c.conversationId)).toEqual(['conv_a']);
  // The SDK asked and refused the answer; the raw read asked again.
  expect(seen.slice(before).filter((request) => request.path.includes('strict_page'))).toHaveLength(2);
  const asked = seen.at(-1)!.path;
  expect(asked).toContain('dynamic_variable_params=user_id%3Aeq%3Au1');
  expect(seen.at(-1)!.apiKey).toBe('xi-test-key');
});
