import type { Logger } from 'pino';
import type { PostToApp } from '../../providers/sandbox-webhooks.ts';
import {
  personalisationFrom,
  santaReply,
  summarise,
  type SantaPersonalisation,
} from '../../providers/voice/sandbox-santa.ts';
import { silentMp3 } from '../../providers/voice/sandbox-silent-mp3.ts';
import type { SandboxConversation, SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import { audioEvent, transcriptionEvent } from '../elevenlabs-post-call.ts';

const POST_CALL_PATH = '/api/voice/elevenlabs/post-call';
/** What a child says on the sandbox's fake microphone, one line per turn, after the wish. */
const CHILD_LINES = ['I learned to read a whole book at school!', 'Thank you Santa! Goodbye!'];
/** The recording sent with post_call_audio is silence; a few seconds of it is enough. */
const MAX_AUDIO_SECONDS = 10;

export interface SpokenTurn {
  role: 'agent' | 'user';
  message: string;
  /** Santa's last line: the call ends after it. */
  endCall?: boolean;
}

/**
 * One browser conversation with the sandbox Santa: his turns from the personalisation our server
 * stored when it minted the URL (never what the browser sent), the child's turns scripted in place
 * of speech recognition, and, once it ends, ElevenLabs' post-call events without a phone call.
 */
export function createAgentConversation(deps: {
  engine: SandboxVoiceEngine;
  conversation: SandboxConversation;
  agentId: string;
  postToApp: PostToApp;
  logger: Logger;
}) {
  const { engine, conversation } = deps;
  const personalisation: SantaPersonalisation = personalisationFrom(conversation);
  const startedAt = new Date();
  const turns: { role: 'agent' | 'user'; message: string; time_in_call_secs: number }[] = [];
  let scripted = 0;
  let ended = false;

  const elapsed = () => (Date.now() - startedAt.getTime()) / 1000;

  async function record(role: 'agent' | 'user', message: string) {
    const turn = { role, message, time_in_call_secs: Math.round(elapsed()) };
    turns.push(turn);
    await engine.appendTurns(conversation.conversationId, [turn]);
  }

  /** The child's next line when only audio came in: their wish first, then the script. */
  function nextChildLine(): string {
    scripted += 1;
    if (scripted === 1)
      return `I would love ${personalisation.wishList ?? 'a surprise'} for Christmas, please!`;
    return CHILD_LINES[Math.min(scripted - 2, CHILD_LINES.length - 1)]!;
  }

  return {
    async greet(): Promise<SpokenTurn> {
      await record('agent', personalisation.firstMessage);
      return { role: 'agent', message: personalisation.firstMessage };
    },

    /** The child spoke (typed text, or the scripted line for audio): Santa answers. */
    async childSaid(text: string | null): Promise<SpokenTurn[]> {
      const said = text ?? nextChildLine();
      const history = turns.map((turn) => ({ role: turn.role, message: turn.message }));
      await record('user', said);
      const reply = santaReply(personalisation, history, said, elapsed());
      await record('agent', reply.message);
      return [
        { role: 'user', message: said },
        { role: 'agent', message: reply.message, endCall: reply.endCall },
      ];
    },

    /** Ends once: stores the call, then posts post_call_transcription and post_call_audio. */
    async end(): Promise<void> {
      if (ended) return;
      ended = true;
      const endedAt = new Date();
      const durationSeconds = Math.max(1, Math.round(elapsed()));
      const done = await engine.finish(conversation.conversationId, {
        endedAt,
        durationSeconds,
        summary: summarise(personalisation, turns, durationSeconds),
        audio: silentMp3(Math.min(durationSeconds, MAX_AUDIO_SECONDS)),
      });
      if (!done) return;
      await sendPostCallEvents(deps, done, endedAt);
    },
  };
}

type PostCallDeps = { engine: SandboxVoiceEngine; agentId: string; postToApp: PostToApp; logger: Logger };

/** What ElevenLabs posts after a browser conversation: the transcription, then the audio. */
async function sendPostCallEvents(deps: PostCallDeps, done: SandboxConversation, endedAt: Date) {
  const postElevenLabs = (payload: unknown) => {
    const body = JSON.stringify(payload);
    return deps.postToApp(POST_CALL_PATH, {
      contentType: 'application/json',
      headers: { 'ElevenLabs-Signature': deps.engine.signWebhook(body) },
      body,
    });
  };
  const transcription = await postElevenLabs(transcriptionEvent(done, deps.agentId, endedAt, null));
  const audio = await deps.engine.getConversationAudio(done.conversationId);
  const audioStatus = await postElevenLabs(audioEvent(done, deps.agentId, endedAt, audio));
  const statuses = { post_call_transcription: transcription.status, post_call_audio: audioStatus.status };
  if (Object.values(statuses).some((status) => status >= 300))
    deps.logger.warn({ statuses }, 'sandbox agent: the app refused a post-call event');
}

export type AgentConversation = ReturnType<typeof createAgentConversation>;
