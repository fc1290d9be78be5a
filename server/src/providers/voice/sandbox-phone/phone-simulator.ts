import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../../http/errors.ts';
import type { SandboxTelephony } from '../../telephony/sandbox-telephony.ts';
import { personalisationFrom, wrapUpLine, santaReply, summarise, WRAP_UP_SECONDS } from '../sandbox-santa.ts';
import { silentMp3 } from '../sandbox-silent-mp3.ts';
import type { SandboxConversation, SandboxVoiceEngine } from '../sandbox-voice-engine.ts';

/**
 * How the simulator reaches the app's webhooks, as Twilio and ElevenLabs would: by default an
 * HTTP POST to PUBLIC_URL; tests hand in supertest against the app.
 */
export type PostToApp = (
  path: string,
  request: { contentType: string; headers: Record<string, string>; body: string },
) => Promise<{ status: number; body: string }>;

export function postWithFetch(publicUrl: string): PostToApp {
  return async (path, { contentType, headers, body }) => {
    const response = await fetch(`${publicUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
      // Twilio gives up on a webhook after 15 s.
      signal: AbortSignal.timeout(15_000),
    });
    return { status: response.status, body: await response.text() };
  };
}

export interface PhoneTurn {
  role: 'agent' | 'user';
  message: string;
  time_in_call_secs: number;
}

export interface PhoneCallState {
  call_sid: string;
  status: 'live' | 'ended';
  from: string;
  to: string;
  started_at: string;
  /** Seconds left before the app's deadline; null when the app set none. */
  remaining_seconds: number | null;
  turns: PhoneTurn[];
  duration_seconds: number | null;
}

/** A Santa number the simulator can dial. */
export interface SantaLine {
  number: string;
  kind: 'hotline' | 'dedicated';
}

export interface WebhookDelivery {
  post_call_transcription: number;
  post_call_audio: number;
  status_callback: number;
}

export interface PhoneSimulatorDeps {
  engine: SandboxVoiceEngine;
  telephony: SandboxTelephony;
  publicUrl: string;
  agentId: string;
  accountSid: string;
  postToApp: PostToApp;
  logger: Logger;
  now?: () => Date;
}

const INBOUND_PATH = '/api/voice/twilio/inbound';
const STATUS_PATH = '/api/voice/twilio/status';
const POST_CALL_PATH = '/api/voice/elevenlabs/post-call';
/** The recording sent with post_call_audio is capped: it is silence anyway. */
const MAX_AUDIO_SECONDS = 10;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity);

/** The words of every <Say> in a TwiML answer. */
export function saidIn(twiml: string): string[] {
  return [...twiml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)].map((match) => decodeXml(match[1] ?? '').trim());
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}

export function createPhoneSimulator(deps: PhoneSimulatorDeps) {
  const { engine, telephony, publicUrl, postToApp, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const deadlineTimers = new Map<string, NodeJS.Timeout>();

  function twilioParams(callSid: string, from: string, to: string, extra: Record<string, string>) {
    return {
      AccountSid: deps.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: callSid,
      Called: to,
      Caller: from,
      Direction: 'inbound',
      From: from,
      To: to,
      ...extra,
    };
  }

  async function postTwilio(path: string, params: Record<string, string>) {
    const signature = telephony.sign(`${publicUrl}${path}`, params);
    return postToApp(path, {
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'X-Twilio-Signature': signature },
      body: new URLSearchParams(params).toString(),
    });
  }

  async function postElevenLabs(payload: unknown) {
    const body = JSON.stringify(payload);
    return postToApp(POST_CALL_PATH, {
      contentType: 'application/json',
      headers: { 'ElevenLabs-Signature': engine.signWebhook(body, now()) },
      body,
    });
  }

  function present(conversation: SandboxConversation): PhoneCallState {
    const live = conversation.status === 'in-progress';
    const remaining = conversation.deadlineAt ? secondsBetween(now(), conversation.deadlineAt) : null;
    return {
      call_sid: conversation.callSid,
      status: live ? 'live' : 'ended',
      from: conversation.fromNumber,
      to: conversation.toNumber,
      started_at: conversation.startedAt.toISOString(),
      remaining_seconds: live && remaining !== null ? Math.floor(remaining) : null,
      turns: conversation.transcript,
      duration_seconds: live ? null : conversation.durationSeconds,
    };
  }

  async function load(callSid: string): Promise<SandboxConversation> {
    const conversation = await engine.findByCallSid(callSid);
    if (!conversation) throw new AppError('not_found', 'No such call');
    return conversation;
  }

  /** Ends the call once and sends what ElevenLabs and Twilio send after a call. */
  async function finish(callSid: string, cutAtDeadline = false): Promise<WebhookDelivery | null> {
    const timer = deadlineTimers.get(callSid);
    if (timer) clearTimeout(timer);
    deadlineTimers.delete(callSid);
    const live = await engine.findByCallSid(callSid);
    if (!live || live.status !== 'in-progress') return null;
    const endedAt = now();
    let measured = secondsBetween(live.startedAt, endedAt);
    if (cutAtDeadline && live.deadlineAt) measured = Math.min(measured, secondsBetween(live.startedAt, live.deadlineAt));
    const durationSeconds = Math.max(1, Math.round(measured));
    const personalisation = personalisationFrom(live);
    const done = await engine.finish(live.conversationId, {
      endedAt,
      durationSeconds,
      summary: summarise(personalisation, live.transcript, durationSeconds),
      audio: silentMp3(Math.min(durationSeconds, MAX_AUDIO_SECONDS)),
    });
    if (!done) return null;
    const eventTimestamp = Math.floor(endedAt.getTime() / 1000);
    const transcription = await postElevenLabs({
      type: 'post_call_transcription',
      event_timestamp: eventTimestamp,
      data: {
        agent_id: deps.agentId,
        conversation_id: done.conversationId,
        status: 'done',
        transcript: done.transcript,
        metadata: {
          start_time_unix_secs: Math.floor(done.startedAt.getTime() / 1000),
          call_duration_secs: durationSeconds,
          phone_call: {
            direction: 'inbound',
            phone_number_id: `phnum_sandbox_${done.toNumber.replace(/\D/g, '')}`,
            agent_number: done.toNumber,
            external_number: done.fromNumber,
            type: 'twilio',
            call_sid: done.callSid,
          },
        },
        analysis: { transcript_summary: done.summary, call_successful: 'success' },
        conversation_initiation_client_data: { dynamic_variables: done.dynamicVariables },
      },
    });
    const audio = await engine.getConversationAudio(done.conversationId);
    const audioDelivery = await postElevenLabs({
      type: 'post_call_audio',
      event_timestamp: eventTimestamp,
      data: {
        agent_id: deps.agentId,
        conversation_id: done.conversationId,
        full_audio: (audio ?? Buffer.alloc(0)).toString('base64'),
      },
    });
    const status = await postTwilio(
      STATUS_PATH,
      twilioParams(done.callSid, done.fromNumber, done.toNumber, {
        CallStatus: 'completed',
        CallDuration: String(durationSeconds),
        Timestamp: endedAt.toUTCString(),
      }),
    );
    const delivery = {
      post_call_transcription: transcription.status,
      post_call_audio: audioDelivery.status,
      status_callback: status.status,
    };
    if (Object.values(delivery).some((code) => code >= 300)) {
      logger.warn({ delivery }, 'sandbox phone: the app refused a post-call webhook');
    }
    return delivery;
  }

  function finishInBackground(callSid: string, cutAtDeadline: boolean) {
    finish(callSid, cutAtDeadline).catch((error: unknown) =>
      logger.error({ err: error }, 'sandbox phone: could not end the call'),
    );
  }

  /** Plays Twilio's part when the app hangs a call up (the deadline sweeper's endCall). */
  const stopListening = telephony.onCallEnded((callSid) => finishInBackground(callSid, true));

  async function endIfPastDeadline(conversation: SandboxConversation): Promise<SandboxConversation> {
    if (conversation.status !== 'in-progress' || !conversation.deadlineAt) return conversation;
    if (now().getTime() < conversation.deadlineAt.getTime()) return conversation;
    await finish(conversation.callSid, true);
    return load(conversation.callSid);
  }

  return {
    /** The common hotline and every dedicated number the Twilio sandbox has handed out. */
    async santaNumbers(): Promise<SantaLine[]> {
      const owned = await telephony.ownedNumbers();
      return [
        { number: telephony.hotlineNumber, kind: 'hotline' },
        ...owned
          .filter((row) => row.phone_number !== telephony.hotlineNumber)
          .map((row) => ({ number: row.phone_number, kind: 'dedicated' as const })),
      ];
    },

    /** Rings the Santa number: posts Twilio's signed inbound webhook and reads the TwiML answer. */
    async dial(from: string, to: string): Promise<{ state: PhoneCallState; delivery: WebhookDelivery | null }> {
      const callSid = `CA${randomBytes(16).toString('hex')}`;
      const answer = await postTwilio(INBOUND_PATH, twilioParams(callSid, from, to, { CallStatus: 'ringing' }));
      if (answer.status !== 200) {
        throw new AppError('provider_failed', `The app did not answer the call (HTTP ${answer.status})`);
      }
      if (/<Connect\b[\s\S]*<Stream\b/.test(answer.body)) {
        const conversation = await load(callSid);
        const first = personalisationFrom(conversation).firstMessage;
        await engine.appendTurns(conversation.conversationId, [{ role: 'agent', message: first, time_in_call_secs: 0 }]);
        if (conversation.deadlineAt) {
          const wait = Math.max(0, conversation.deadlineAt.getTime() - now().getTime()) + 2_000;
          const timer = setTimeout(() => finishInBackground(callSid, true), wait);
          timer.unref();
          deadlineTimers.set(callSid, timer);
        }
        return { state: present(await load(callSid)), delivery: null };
      }
      // A <Say> then <Hangup>: the app turned the call away before any agent was involved.
      const startedAt = now();
      await postTwilio(
        STATUS_PATH,
        twilioParams(callSid, from, to, { CallStatus: 'completed', CallDuration: '0', Timestamp: startedAt.toUTCString() }),
      );
      const words = saidIn(answer.body);
      return {
        state: {
          call_sid: callSid,
          status: 'ended',
          from,
          to,
          started_at: startedAt.toISOString(),
          remaining_seconds: null,
          turns: words.map((message) => ({ role: 'agent', message, time_in_call_secs: 0 })),
          duration_seconds: 0,
        },
        delivery: null,
      };
    },

    /** The child says something; Santa answers, and says goodbye before the deadline. */
    async say(callSid: string, text: string): Promise<PhoneCallState> {
      const conversation = await endIfPastDeadline(await load(callSid));
      if (conversation.status !== 'in-progress') return present(conversation);
      const elapsed = secondsBetween(conversation.startedAt, now());
      const reply = santaReply(personalisationFrom(conversation), conversation.transcript.map(toTurn), text, elapsed);
      const at = Math.round(elapsed);
      await engine.appendTurns(conversation.conversationId, [
        { role: 'user', message: text, time_in_call_secs: at },
        { role: 'agent', message: reply.message, time_in_call_secs: at + 1 },
      ]);
      if (reply.endCall) await finish(callSid);
      return present(await load(callSid));
    },

    async hangup(callSid: string): Promise<{ state: PhoneCallState; delivery: WebhookDelivery | null }> {
      await load(callSid);
      const delivery = await finish(callSid);
      return { state: present(await load(callSid)), delivery };
    },

    /** Polled by the page: Santa wraps up on his own when the deadline is near. */
    async state(callSid: string): Promise<PhoneCallState> {
      const conversation = await endIfPastDeadline(await load(callSid));
      if (conversation.status !== 'in-progress' || !conversation.deadlineAt) return present(conversation);
      if (secondsBetween(now(), conversation.deadlineAt) > WRAP_UP_SECONDS) return present(conversation);
      const at = Math.round(secondsBetween(conversation.startedAt, now()));
      const message = wrapUpLine(personalisationFrom(conversation));
      await engine.appendTurns(conversation.conversationId, [{ role: 'agent', message, time_in_call_secs: at }]);
      await finish(callSid);
      return present(await load(callSid));
    },

    dispose() {
      stopListening();
      for (const timer of deadlineTimers.values()) clearTimeout(timer);
      deadlineTimers.clear();
    },
  };
}

function toTurn(turn: PhoneTurn) {
  return { role: turn.role, message: turn.message, timeInCallSecs: turn.time_in_call_secs };
}

export type PhoneSimulator = ReturnType<typeof createPhoneSimulator>;
