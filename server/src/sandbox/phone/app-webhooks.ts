import type { PostToApp } from '../../providers/sandbox-webhooks.ts';
import type { SandboxTelephony } from '../../providers/telephony/sandbox-telephony.ts';
import type { SandboxConversation, SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import { audioEvent, transcriptionEvent } from '../elevenlabs-post-call.ts';

export interface WebhookDelivery {
  post_call_transcription: number;
  post_call_audio: number;
  status_callback: number;
}

const INBOUND_PATH = '/api/voice/twilio/inbound';
const STATUS_PATH = '/api/voice/twilio/status';
const POST_CALL_PATH = '/api/voice/elevenlabs/post-call';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};
const decodeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => ENTITIES[entity] ?? entity);

/** The words of every <Say> in a TwiML answer. */
export function saidIn(twiml: string): string[] {
  return [...twiml.matchAll(/<Say\b[^>]*>([\s\S]*?)<\/Say>/g)].map((match) =>
    decodeXml(match[1] ?? '').trim(),
  );
}

/** Path and query of a webhook URL the app gave calls.create, as Twilio requests it. */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Sends the app what Twilio and ElevenLabs send, signed exactly as they sign. */
export function createAppWebhooks(deps: {
  engine: SandboxVoiceEngine;
  telephony: SandboxTelephony;
  publicUrl: string;
  agentId: string;
  accountSid: string;
  postToApp: PostToApp;
  now: () => Date;
}) {
  const { engine, telephony, publicUrl, postToApp, now } = deps;

  function twilioParams(callSid: string, from: string, to: string, extra: Record<string, string>) {
    return {
      Direction: 'inbound',
      AccountSid: deps.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: callSid,
      Called: to,
      Caller: from,
      From: from,
      To: to,
      // The sandbox network vouches for the number typed, as a carrier attesting its subscriber.
      StirVerstat: 'TN-Validation-Passed-A',
      ...extra,
    };
  }

  async function postTwilio(path: string, params: Record<string, string>) {
    return postToApp(path, {
      contentType: 'application/x-www-form-urlencoded',
      headers: { 'X-Twilio-Signature': telephony.sign(`${publicUrl}${path}`, params) },
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

  /** Twilio's status callback once the call is over. */
  async function completed(
    callSid: string,
    from: string,
    to: string,
    durationSeconds: number,
    endedAt: Date,
  ) {
    await telephony.callCompleted(callSid, durationSeconds);
    // A call the app placed reports to the status callback it gave calls.create.
    const outbound = await telephony.outboundCall(callSid);
    return postTwilio(
      outbound ? pathOf(outbound.status_callback_url) : STATUS_PATH,
      twilioParams(callSid, from, to, {
        CallStatus: 'completed',
        CallDuration: String(durationSeconds),
        Timestamp: endedAt.toUTCString(),
      }),
    );
  }

  return {
    /** Twilio's voice webhook as the phone rings; answers the TwiML the app gave. */
    async ring(callSid: string, from: string, to: string) {
      await telephony.callStarted(callSid);
      return postTwilio(INBOUND_PATH, twilioParams(callSid, from, to, { CallStatus: 'ringing' }));
    },

    completed,

    /**
     * The family phone picked up a call the app placed: Twilio asks the answer URL at once (its
     * answering-machine detection runs in the background, see verdict). Answers the TwiML.
     */
    async answered(callSid: string, call: { from_number: string; to_number: string; answer_url: string }) {
      await telephony.setCallStatus(callSid, 'in-progress');
      return postTwilio(
        pathOf(call.answer_url),
        twilioParams(callSid, call.from_number, call.to_number, {
          Direction: 'outbound-api',
          CallStatus: 'in-progress',
          StirVerstat: '',
        }),
      );
    },

    /**
     * Twilio's asynchronous answering-machine verdict, posted after the answer (for a voicemail
     * box, after its beep) to the callback the app gave calls.create.
     */
    async verdict(
      callSid: string,
      call: { from_number: string; to_number: string; amd_callback_url: string | null },
      answeredBy: 'human' | 'machine_end_beep',
    ) {
      if (!call.amd_callback_url) return;
      await postTwilio(
        pathOf(call.amd_callback_url),
        twilioParams(callSid, call.from_number, call.to_number, {
          Direction: 'outbound-api',
          AnsweredBy: answeredBy,
          MachineDetectionDuration: '4200',
        }),
      );
    },

    /** The family phone declined a call the app placed: Twilio reports it busy. */
    async declined(
      callSid: string,
      call: { from_number: string; to_number: string; status_callback_url: string },
    ) {
      await telephony.setCallStatus(callSid, 'busy');
      return postTwilio(
        pathOf(call.status_callback_url),
        twilioParams(callSid, call.from_number, call.to_number, {
          Direction: 'outbound-api',
          CallStatus: 'busy',
          CallDuration: '0',
        }),
      );
    },

    /** ElevenLabs' post_call_transcription and post_call_audio, then Twilio's status callback. */
    async afterCall(done: SandboxConversation): Promise<WebhookDelivery> {
      const endedAt = done.endedAt ?? now();
      // ElevenLabs has the whole recording before it sends either post-call event.
      const audio = await engine.getConversationAudio(done.conversationId);
      const transcription = await postElevenLabs(
        transcriptionEvent(done, deps.agentId, endedAt, {
          direction: 'inbound',
          phone_number_id: `phnum_sandbox_${done.toNumber.replace(/\D/g, '')}`,
          agent_number: done.toNumber,
          external_number: done.fromNumber,
          type: 'twilio',
          call_sid: done.callSid,
        }),
      );
      const audioDelivery = await postElevenLabs(audioEvent(done, deps.agentId, endedAt, audio));
      const status = await completed(
        done.callSid,
        done.fromNumber,
        done.toNumber,
        done.durationSeconds,
        endedAt,
      );
      return {
        post_call_transcription: transcription.status,
        post_call_audio: audioDelivery.status,
        status_callback: status.status,
      };
    },
  };
}
