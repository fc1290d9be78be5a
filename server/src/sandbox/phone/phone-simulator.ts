import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import type { SandboxTelephony } from '../../providers/telephony/sandbox-telephony.ts';
import {
  personalisationFrom,
  wrapUpLine,
  santaReply,
  summarise,
  WRAP_UP_SECONDS,
} from '../../providers/voice/sandbox-santa.ts';
import { silentMp3 } from '../../providers/voice/sandbox-silent-mp3.ts';
import type { PostToApp } from '../../providers/sandbox-webhooks.ts';
import { createAppWebhooks, saidIn, type WebhookDelivery } from './app-webhooks.ts';
import type { SandboxConversation, SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';

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

/** The recording sent with post_call_audio is capped: it is silence anyway. */
const MAX_AUDIO_SECONDS = 10;

function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, (to.getTime() - from.getTime()) / 1000);
}

/** How many ended calls the simulator still shows. */
const ENDED_CALLS_KEPT = 1_000;

export function createPhoneSimulator(deps: PhoneSimulatorDeps) {
  const { engine, telephony, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const deadlineTimers = new Map<string, NodeJS.Timeout>();

  const webhooks = createAppWebhooks({ ...deps, now });

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

  /**
   * Calls that ended here, as they ended: pay-per-call deletes its conversation at the provider
   * once the call is stored, and the phone still shows the ended call.
   */
  const endedCalls = new Map<string, SandboxConversation>();

  async function load(callSid: string): Promise<SandboxConversation> {
    const conversation = (await engine.findByCallSid(callSid)) ?? endedCalls.get(callSid);
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
    if (cutAtDeadline && live.deadlineAt)
      measured = Math.min(measured, secondsBetween(live.startedAt, live.deadlineAt));
    const durationSeconds = Math.max(1, Math.round(measured));
    const personalisation = personalisationFrom(live);
    const done = await engine.finish(live.conversationId, {
      endedAt,
      durationSeconds,
      summary: summarise(personalisation, live.transcript, durationSeconds),
      audio: silentMp3(Math.min(durationSeconds, MAX_AUDIO_SECONDS)),
    });
    if (!done) return null;
    endedCalls.set(callSid, done);
    if (endedCalls.size > ENDED_CALLS_KEPT) endedCalls.delete(endedCalls.keys().next().value!);
    const delivery = await webhooks.afterCall(done);
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

  async function ringingCall(callSid: string) {
    const call = await telephony.outboundCall(callSid);
    if (!call || call.status !== 'ringing') throw new AppError('not_found', 'No such call ringing');
    return call;
  }

  /** Reads the app's TwiML: Santa connected (a live conversation), or words said and a hang-up. */
  async function takeAnswer(
    callSid: string,
    from: string,
    to: string,
    answer: { status: number; body: string },
  ): Promise<{ state: PhoneCallState; delivery: WebhookDelivery | null }> {
    if (answer.status !== 200) {
      throw new AppError('provider_failed', `The app did not answer the call (HTTP ${answer.status})`);
    }
    if (/<Connect\b[\s\S]*<Stream\b/.test(answer.body)) {
      const conversation = await load(callSid);
      const first = personalisationFrom(conversation).firstMessage;
      await engine.appendTurns(conversation.conversationId, [
        { role: 'agent', message: first, time_in_call_secs: 0 },
      ]);
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
    await webhooks.completed(callSid, from, to, 0, startedAt);
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
    async dial(
      from: string,
      to: string,
    ): Promise<{ state: PhoneCallState; delivery: WebhookDelivery | null }> {
      const callSid = `CA${randomBytes(16).toString('hex')}`;
      const answer = await webhooks.ring(callSid, from, to);
      return takeAnswer(callSid, from, to, answer);
    },

    /** Calls the app placed to `phone` that are ringing now (Santa's scheduled calls). */
    async incoming(phone: string): Promise<{ call_sid: string; from: string }[]> {
      const ringing = await telephony.ringingCallsTo(phone);
      return ringing.map((call) => ({ call_sid: call.call_sid, from: call.from_number }));
    },

    /** The family phone picks up Santa's call: the app is asked, as Twilio would ask it. */
    async answer(callSid: string): Promise<{ state: PhoneCallState; delivery: WebhookDelivery | null }> {
      const call = await ringingCall(callSid);
      const answer = await webhooks.answered(callSid, call);
      const taken = await takeAnswer(callSid, call.from_number, call.to_number, answer);
      await webhooks.verdict(callSid, call, 'human');
      return taken;
    },

    /**
     * Nobody picks up and the voicemail box answers Santa's call: Twilio's detection tells the app
     * after the beep. Answers what the box recorded, if anything.
     */
    async voicemail(callSid: string): Promise<{ recorded: string | null }> {
      const call = await ringingCall(callSid);
      const answer = await webhooks.answered(callSid, call);
      await takeAnswer(callSid, call.from_number, call.to_number, answer);
      await webhooks.verdict(callSid, call, 'machine_end_beep');
      return { recorded: await telephony.voicemailOf(callSid) };
    },

    /** The family phone declines Santa's call: the app hears it was busy. */
    async decline(callSid: string): Promise<void> {
      const call = await ringingCall(callSid);
      const delivery = await webhooks.declined(callSid, call);
      if (delivery.status >= 300)
        throw new AppError('provider_failed', `The app refused the status (HTTP ${delivery.status})`);
    },

    /** The child says something; Santa answers, and says goodbye before the deadline. */
    async say(callSid: string, text: string): Promise<PhoneCallState> {
      const conversation = await endIfPastDeadline(await load(callSid));
      if (conversation.status !== 'in-progress') return present(conversation);
      const elapsed = secondsBetween(conversation.startedAt, now());
      const reply = santaReply(
        personalisationFrom(conversation),
        conversation.transcript.map(toTurn),
        text,
        elapsed,
      );
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
      await engine.appendTurns(conversation.conversationId, [
        { role: 'agent', message, time_in_call_secs: at },
      ]);
      await finish(callSid);
      return present(await load(callSid));
    },

    dispose() {
      stopListening();
      for (const timer of deadlineTimers.values()) clearTimeout(timer);
      deadlineTimers.clear();
      endedCalls.clear();
    },
  };
}

function toTurn(turn: PhoneTurn) {
  return { role: turn.role, message: turn.message, timeInCallSecs: turn.time_in_call_secs };
}

export type PhoneSimulator = ReturnType<typeof createPhoneSimulator>;
