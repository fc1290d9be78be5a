/**
 * The sandbox agent speaks ElevenLabs' conversation protocol to a browser call: a signed URL
 * starts its conversation once, Santa greets the child by the prompt our server stored, answers
 * what the child says, and the finished call is settled by its post-call event like any other.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import WebSocket from 'ws';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { createFamily, type VoiceTestContext } from '../../../test/fixtures/voice.ts';
import { SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import { createSandboxAgentSocket } from './agent-socket.ts';

let ctx: TestContext;
let server: Server;
let origin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  if (!(ctx.providers.voice instanceof SandboxVoiceEngine)) throw new Error('expected the sandbox agent');
  const socket = createSandboxAgentSocket({
    db: ctx.db,
    engine: ctx.providers.voice,
    postToApp: ctx.deps.sandboxPost!,
    logger: ctx.deps.logger,
    agentId: 'agent_sandbox_santa',
  });
  server = createServer(ctx.app);
  server.on('upgrade', socket.onUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

type Event = { type: string } & Record<string, Record<string, unknown>>;

/** Opens the signed URL on this test's server, as the official client does ("convai" protocol). */
async function connect(signedUrl: string) {
  const url = new URL(signedUrl);
  const ws = new WebSocket(`${origin}${url.pathname}${url.search}&source=js_sdk&version=1.25.0`, ['convai']);
  const events: Event[] = [];
  ws.on('message', (data) => events.push(JSON.parse(String(data)) as Event));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const next = async (type: string) => {
    for (let i = 0; i < 200; i += 1) {
      const found = events.findIndex((event) => event.type === type);
      if (found >= 0) return events.splice(found, 1)[0]!;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no ${type} event`);
  };
  return { ws, next };
}

async function startCall(profile: Record<string, string> = { kid_name: 'Mia', wish_list: 'a telescope' }) {
  const family = await createFamily({ ...ctx, voiceApp: ctx.app } as VoiceTestContext, {
    plan: 'subscription_3month',
    minutes: 5,
    profile,
  });
  const res = await family.client.post('/api/calls/browser');
  expect(res.status).toBe(201);
  return { family, started: res.body as { call_id: string; signed_url: string } };
}

test('Santa greets the child by name and answers what the child says, with captions and audio', async () => {
  const { started } = await startCall();
  const { ws, next } = await connect(started.signed_url);
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data', dynamic_variables: {} }));
  const metadata = await next('conversation_initiation_metadata');
  expect(metadata.conversation_initiation_metadata_event).toMatchObject({
    conversation_id: started.call_id,
    agent_output_audio_format: 'pcm_16000',
  });
  expect(String((await next('agent_response')).agent_response_event!.agent_response)).toContain('Mia');
  expect(String((await next('audio')).audio_event!.audio_base_64).length).toBeGreaterThan(1000);

  ws.send(JSON.stringify({ type: 'user_message', text: 'I would love a telescope please!' }));
  expect((await next('user_transcript')).user_transcription_event!.user_transcript).toBe(
    'I would love a telescope please!',
  );
  expect(String((await next('agent_response')).agent_response_event!.agent_response)).toContain('wish');
  ws.close();
});

test('a signed URL used a second time is refused', async () => {
  const { started } = await startCall();
  const first = await connect(started.signed_url);
  await expect(connect(started.signed_url)).rejects.toThrow('refused: 403');
  first.ws.close();
});

test('a call ended in the browser is stored, settled and in the history as made in the browser', async () => {
  const { family, started } = await startCall();
  const { ws, next } = await connect(started.signed_url);
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  await next('agent_response');
  ws.send(JSON.stringify({ type: 'user_message', text: 'Bye Santa!' }));
  await next('user_transcript');
  ws.close();
  let calls: { channel: string; transcript: string }[] = [];
  for (let i = 0; i < 100 && calls.length === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    calls = (await family.client.get('/api/calls/history')).body.calls;
  }
  expect(calls).toMatchObject([{ channel: 'browser' }]);
  expect(calls[0]!.transcript).toContain('Child: Bye Santa!');
  const { rows } = await ctx.db.query<{ status: string }>(
    'select status from call_reservations where call_sid = $1',
    [started.call_id],
  );
  expect(rows[0]?.status).not.toBe('open');
});

test("a Spanish child's call is in Spanish from Santa's greeting to his goodbye", async () => {
  const { family, started } = await startCall({
    kid_name: 'Lucía',
    wish_list: 'una bicicleta roja',
    language: 'es',
  });
  const { ws, next } = await connect(started.signed_url);
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  const said = async () => String((await next('agent_response')).agent_response_event!.agent_response);
  expect(await said()).toContain('¡Feliz Navidad, Lucía!');
  ws.send(JSON.stringify({ type: 'user_message', text: 'Quiero una bicicleta roja, por favor.' }));
  expect(await said()).toContain('¡Qué deseo tan bonito! Tengo tu carta aquí: una bicicleta roja.');
  ws.send(JSON.stringify({ type: 'user_message', text: '¡Adiós, Papá Noel!' }));
  expect(await said()).toContain('Papá Noel tiene que volver al taller, Lucía.');
  ws.close();
  let calls: { transcript: string }[] = [];
  for (let i = 0; i < 100 && calls.length === 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    calls = (await family.client.get('/api/calls/history')).body.calls;
  }
  expect(calls[0]!.transcript).toContain('Child: Quiero una bicicleta roja, por favor.');
  expect(calls[0]!.transcript).toContain('Santa: ¡Jo, jo, jo! ¡Qué deseo tan bonito!');
  // The recap keeps the child's own words, in Spanish.
  let recap: { wishes: string[] } | null = null;
  for (let i = 0; i < 100 && !recap; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    recap = (await family.client.get('/api/calls/history')).body.calls[0].recap;
  }
  expect(recap?.wishes).toEqual(['Quiero una bicicleta roja, por favor.']);
});
