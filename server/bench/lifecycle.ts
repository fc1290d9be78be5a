/**
 * One whole call as Christmas Eve brings it, webhook by webhook, signed as Twilio and ElevenLabs
 * sign: the phone rings, the call ends (Twilio's status callback), then ElevenLabs posts the
 * transcript and the audio. Each request goes to either replica, as a load balancer would send it.
 */
import { randomBytes } from 'node:crypto';
import { signTwilioRequest } from '../src/providers/telephony/twilio-signature.ts';
import { signElevenLabsWebhook } from '../src/providers/voice/elevenlabs-signature.ts';
import { childTalk } from './child-talk.ts';
import { benchFetch } from './http-client.ts';

export interface LifecycleContext {
  replicas: string[];
  /** Twilio signs the URL it was configured with: PUBLIC_URL's. */
  publicUrl: string;
  twilioAuthToken: string;
  elevenLabsSecret: string;
  hotline: string;
  record(route: string, ms: number, ok: boolean, failure?: string): void;
}

export const ROUTES = {
  inbound: '/api/voice/twilio/inbound',
  status: '/api/voice/twilio/status',
  postCall: '/api/voice/elevenlabs/post-call',
} as const;

const pick = (replicas: string[]) => replicas[Math.floor(Math.random() * replicas.length)]!;

/** A webhook's outcome: answered as it should be, and whether it was answered at all. */
interface Posted {
  ok: boolean;
  /** False when no answer came (a timeout, a dropped connection): the server may still have done it. */
  answered: boolean;
}

async function post(
  ctx: LifecycleContext,
  route: string,
  label: string,
  contentType: string,
  headers: Record<string, string>,
  body: string,
  expect?: string,
): Promise<Posted> {
  const started = performance.now();
  let ok = false;
  let answered = false;
  let failure: string | undefined;
  try {
    const res = await benchFetch(`${pick(ctx.replicas)}${route}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
    });
    const text = await res.text();
    answered = true;
    ok = res.ok && (!expect || text.includes(expect));
    if (!ok) failure = `${res.status} ${text.slice(0, 200)}`;
  } catch (error) {
    ok = false;
    failure = String(error);
  }
  ctx.record(label, performance.now() - started, ok, failure);
  return { ok, answered };
}

function twilio(
  ctx: LifecycleContext,
  route: string,
  label: string,
  params: Record<string, string>,
  expect?: string,
) {
  const signature = signTwilioRequest(ctx.twilioAuthToken, `${ctx.publicUrl}${route}`, params);
  return post(
    ctx,
    route,
    label,
    'application/x-www-form-urlencoded',
    { 'x-twilio-signature': signature },
    new URLSearchParams(params).toString(),
    expect,
  );
}

function elevenLabs(ctx: LifecycleContext, label: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const signature = signElevenLabsWebhook(ctx.elevenLabsSecret, body);
  return post(ctx, ROUTES.postCall, label, 'application/json', { 'elevenlabs-signature': signature }, body);
}

export interface LifecycleResult {
  /** Every webhook of the call was answered as it should be. */
  ok: boolean;
  /** The transcript was stored: the call is in the history and its seconds are settled. */
  stored: boolean;
  /** The phone rang through but the call was never stored: its reservation waits for the sweeper. */
  leftOpen: boolean;
  /**
   * The transcript got no answer: the server may have stored the call (settled) or not (left open).
   * An overloaded step's client gives up on requests the server still finishes.
   */
  storedMaybe: boolean;
  /** The ring got no answer: the server may have reserved the call's seconds, left open. */
  openMaybe: boolean;
  /** What the call lasted, in seconds: what it is billed. */
  seconds: number;
}

/** Runs one call from ring to recording. */
export async function callLifecycle(ctx: LifecycleContext, phone: string): Promise<LifecycleResult> {
  const callSid = `CAxmas${randomBytes(13).toString('hex')}`;
  const conversationId = `conv_xmas_${randomBytes(10).toString('hex')}`;
  const durationSeconds = 20 + Math.floor(Math.random() * 280);
  const base = {
    AccountSid: 'ACbench',
    CallSid: callSid,
    From: phone,
    To: ctx.hotline,
    Direction: 'inbound',
  };
  const rang = await twilio(
    ctx,
    ROUTES.inbound,
    'inbound',
    { ...base, CallStatus: 'ringing', StirVerstat: 'TN-Validation-Passed-A' },
    '<Connect>',
  );
  const unstored = { stored: false, leftOpen: false, storedMaybe: false, seconds: durationSeconds };
  if (!rang.ok) return { ok: false, ...unstored, openMaybe: !rang.answered };
  const ended = await twilio(ctx, ROUTES.status, 'status', {
    ...base,
    CallStatus: 'completed',
    CallDuration: String(durationSeconds),
    Timestamp: new Date().toUTCString(),
  });
  const transcribed = await elevenLabs(ctx, 'post-call transcription', {
    type: 'post_call_transcription',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: 'agent_bench',
      conversation_id: conversationId,
      status: 'done',
      transcript: childTalk(),
      metadata: {
        start_time_unix_secs: Math.floor(Date.now() / 1000) - durationSeconds,
        call_duration_secs: durationSeconds,
        phone_call: { direction: 'inbound', external_number: phone, type: 'twilio', call_sid: callSid },
      },
      analysis: { transcript_summary: null },
      conversation_initiation_client_data: { dynamic_variables: {} },
    },
  });
  const audio = await elevenLabs(ctx, 'post-call audio', {
    type: 'post_call_audio',
    data: { agent_id: 'agent_bench', conversation_id: conversationId, full_audio: 'SUQzBAAAAAAAI1RTU0U=' },
  });
  return {
    ok: ended.ok && transcribed.ok && audio.ok,
    stored: transcribed.ok,
    leftOpen: transcribed.answered && !transcribed.ok,
    storedMaybe: !transcribed.answered,
    openMaybe: false,
    seconds: durationSeconds,
  };
}
