import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../../config.ts';
import type { Providers } from '../../providers/providers.ts';
import { postWithFetch, type PostToApp } from '../../providers/sandbox-webhooks.ts';
import {
  claimSignedConversation,
  SANDBOX_CONVERSATION_PATH,
} from '../../providers/voice/sandbox-browser-conversations.ts';
import { SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import type { Db } from '../../db/db.ts';
import { createAgentConversation, type SpokenTurn } from './agent-conversation.ts';
import { santaSpeech } from './santa-speech.ts';

/** The child "speaks" after this much microphone audio has come in since Santa last spoke. */
const CHILD_TURN_MS = 2_500;
const PING_EVERY_MS = 5_000;

export interface AgentSocketDeps {
  db: Db;
  engine: SandboxVoiceEngine;
  postToApp: PostToApp;
  logger: Logger;
  agentId: string;
}

/** Closes the upgrade with an HTTP status, as ElevenLabs refuses a used or forged signed URL. */
function refuse(socket: Duplex, status: 403 | 404, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** One connection, from the client's initiation data until either side closes. */
function converse(deps: AgentSocketDeps, ws: WebSocket, conversationId: string, maxDurationSeconds: number) {
  let conversation: ReturnType<typeof createAgentConversation> | undefined;
  let started = false;
  let eventId = 0;
  let heardSince = 0;
  const send = (event: unknown) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(event));
  const speak = (turn: SpokenTurn) => {
    eventId += 1;
    if (turn.role === 'user') {
      send({
        type: 'user_transcript',
        user_transcription_event: { user_transcript: turn.message, event_id: eventId },
      });
      return;
    }
    send({
      type: 'agent_response',
      agent_response_event: { agent_response: turn.message, event_id: eventId },
    });
    send({ type: 'audio', audio_event: { audio_base_64: santaSpeech(turn.message), event_id: eventId } });
    heardSince = Date.now();
    if (turn.endCall) setTimeout(() => ws.close(1000, 'Santa said goodbye'), 1_500);
  };
  const fail = (error: unknown) => {
    deps.logger.error({ err: error, conversationId }, 'sandbox agent: the conversation failed');
    ws.close(1011, 'Santa could not go on');
  };
  const answer = (text: string | null) => {
    heardSince = Date.now();
    conversation?.childSaid(text).then((said) => said.forEach(speak), fail);
  };

  const pinger = setInterval(
    () => send({ type: 'ping', ping_event: { event_id: ++eventId, ping_ms: 20 } }),
    PING_EVERY_MS,
  );
  // The agent's own limit: the call ends at the time our server allowed, whatever the page does.
  const deadline = setTimeout(() => ws.close(1000, 'The call reached its time'), maxDurationSeconds * 1000);

  ws.on('message', (data) => {
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    if (event.type === 'conversation_initiation_client_data' && !started) {
      started = true;
      start().catch(fail);
    } else if (event.type === 'user_message' && typeof event.text === 'string') {
      answer(event.text);
    } else if ('user_audio_chunk' in event && heardSince && Date.now() - heardSince > CHILD_TURN_MS) {
      answer(null);
    }
  });
  ws.on('close', () => {
    clearInterval(pinger);
    clearTimeout(deadline);
    conversation
      ?.end()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'sandbox agent: could not end'));
  });

  async function start() {
    const stored = await deps.engine.findByCallSid(conversationId);
    if (!stored) return ws.close(1008, 'No such conversation');
    conversation = createAgentConversation({ ...deps, conversation: stored });
    send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: conversationId,
        agent_output_audio_format: 'pcm_16000',
        user_input_audio_format: 'pcm_16000',
      },
    });
    speak(await conversation.greet());
  }
}

/**
 * The sandbox's stand-in for ElevenLabs' conversation WebSocket (`wss://…/v1/convai/conversation`),
 * speaking the events the official browser client uses: it waits for the client's initiation data,
 * answers the initiation metadata, then Santa's responses (text for captions, PCM audio), the
 * child's transcripts, and pings. A signed URL starts its conversation once.
 */
export function createSandboxAgentSocket(deps: AgentSocketDeps) {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });

  return {
    /** The HTTP server's `upgrade` listener; other paths are left to whoever else listens. */
    onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(req.url ?? '/', 'http://sandbox');
      if (url.pathname !== SANDBOX_CONVERSATION_PATH) return refuse(socket, 404, 'Not Found');
      const conversationId = url.searchParams.get('conversation_id') ?? '';
      const signature = url.searchParams.get('conversation_signature') ?? '';
      claimSignedConversation(deps.db, conversationId, signature).then(
        (claimed) => {
          if (!claimed) return refuse(socket, 403, 'Forbidden');
          wss.handleUpgrade(req, socket, head, (ws) =>
            converse(deps, ws, conversationId, claimed.maxDurationSeconds),
          );
        },
        (error: unknown) => {
          deps.logger.error({ err: error }, 'sandbox agent: could not check a signed URL');
          refuse(socket, 403, 'Forbidden');
        },
      );
    },
    close: () => wss.close(),
  };
}

export type SandboxAgentSocket = ReturnType<typeof createSandboxAgentSocket>;

/** The sandbox agent's socket while the voice engine is the sandbox; null with real ElevenLabs keys. */
export function sandboxAgentSocketFor(deps: {
  config: Config;
  db: Db;
  providers: Providers;
  logger: Logger;
}): SandboxAgentSocket | null {
  const { providers, config } = deps;
  if (!(providers.voice instanceof SandboxVoiceEngine)) return null;
  return createSandboxAgentSocket({
    db: deps.db,
    engine: providers.voice,
    postToApp: postWithFetch(config.publicUrl),
    logger: deps.logger,
    agentId: config.elevenlabs.agentId ?? 'agent_sandbox_santa',
  });
}
