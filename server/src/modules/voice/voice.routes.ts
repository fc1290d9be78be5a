import express, { type Express, type Request, type RequestHandler } from 'express';
import {
  callInitiationFailureSchema,
  postCallAudioSchema,
  postCallTranscriptionSchema,
  twilioAmdSchema,
  twilioInboundSchema,
  twilioStatusSchema,
  webhookEnvelopeSchema,
  type TwilioInbound,
  type TwilioStatus,
} from '@santa/shared/voice';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { reasonOf, recordUnreadableWebhook } from '../../http/unreadable-webhook.ts';
import { limitBytesInFlight, requireSignatureHeader } from '../../http/signed-webhook.ts';
import { parseInput } from '../../http/validate.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import { ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS } from '../../providers/voice/elevenlabs-signature.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import { BUSY_WORKSHOP_MESSAGE } from './santa-lines.ts';
import type { VoiceModule } from './voice-module.ts';

const FORM_LIMIT = '64kb';
/** post_call_audio carries the whole call as base64 MP3. */
const POST_CALL_LIMIT = '50mb';
/**
 * Post-call bodies read at once, in declared bytes: each may take about three times its size while
 * it is parsed, so about 200 MB at most. A transcript is a few KB, an hour's audio about 40 MB.
 */
export const POST_CALL_BYTES_IN_FLIGHT = 64 * 1024 * 1024;
/** How long a post-call body may wait for its turn before it is left to call recovery. */
export const POST_CALL_MAX_WAIT_MS = 20_000;

const FROM_PROVIDER = { from: 'provider' } as const;
const INVALID_TWILIO_SIGNATURE = () => new AppError('forbidden', 'Invalid Twilio signature');

function formParams(body: unknown): Record<string, string> {
  const params: Record<string, string> = {};
  if (typeof body !== 'object' || body === null) return params;
  for (const [key, value] of Object.entries(body)) {
    params[key] = Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  }
  return params;
}

/** X-Twilio-Signature over the exact public URL Twilio called and the posted form, before anything else. */
function verifyTwilio(telephony: Telephony, publicUrl: string): RequestHandler {
  return (req, _res, next) => {
    const url = `${publicUrl}${req.originalUrl}`;
    const ok = telephony.validateRequest(
      req.get('x-twilio-signature') ?? undefined,
      url,
      formParams(req.body),
    );
    next(ok ? undefined : INVALID_TWILIO_SIGNATURE());
  };
}

/** The scheduled call an outbound webhook's URL names (covered by Twilio's signature). */
const scheduledIdOf = (req: Request) =>
  typeof req.query.scheduled === 'string' ? req.query.scheduled : undefined;

function verifyElevenLabs(voice: VoiceEngine): RequestHandler {
  return (req: Request, _res, next) => {
    const signature = req.get('elevenlabs-signature') ?? undefined;
    if (!Buffer.isBuffer(req.body) || !signature) {
      return next(new AppError('bad_request', 'Missing ElevenLabs-Signature'));
    }
    next(
      voice.verifyWebhook(req.body, signature)
        ? undefined
        : new AppError('unauthenticated', 'Invalid signature'),
    );
  };
}

/**
 * The call's webhooks: Twilio's voice and status callbacks, ElevenLabs' post-call.
 * They sit on the app itself with their full paths, ahead of the other routers: every ringing
 * call on Christmas Eve comes through here, and each nested router it passed cost it time.
 */
/** Santa's own calls (decision 0025): who answered, and how the call ended. */
export interface OutboundWebhooks {
  /** `scheduledId`: the scheduled call named in the URL given to calls.create. */
  answer(call: TwilioInbound & { AnsweredBy?: string }, scheduledId?: string): Promise<string>;
  status(status: TwilioStatus, scheduledId?: string): Promise<void>;
  /** Twilio's asynchronous answering-machine verdict (AnsweredBy), after the answer. */
  amd(verdict: { CallSid: string; AnsweredBy?: string }, scheduledId?: string): Promise<void>;
}

export function registerVoiceWebhooks(
  app: Express,
  deps: {
    publicUrl: string;
    telephony: Telephony;
    voice: VoiceEngine;
    module: VoiceModule;
    outbound: OutboundWebhooks;
    /** Where a signed but unreadable post-call webhook is recorded. */
    db: Queryable;
    logger: Logger;
  },
): void {
  // A body that waited too long for its turn is acknowledged unread: the provider keeps its copy
  // until ours is stored, and call recovery fetches it from there (call-recovery.ts).
  const postCallInFlight = limitBytesInFlight(POST_CALL_BYTES_IN_FLIGHT, {
    unknownBytes: 50 * 1024 * 1024,
    maxWaitMs: POST_CALL_MAX_WAIT_MS,
    whenTooLong: (_req, res) => {
      deps.logger.warn('post-call body waited too long to be read; call recovery will fetch it');
      res.set('Connection', 'close').json({ received: true, deferred: true });
    },
  });
  const twilioForm = [
    requireSignatureHeader('X-Twilio-Signature', { refusal: () => INVALID_TWILIO_SIGNATURE() }),
    express.urlencoded({ extended: false, limit: FORM_LIMIT }),
    verifyTwilio(deps.telephony, deps.publicUrl),
  ];

  app.post('/api/voice/twilio/inbound', ...twilioForm, async (req, res) => {
    const call = parseInput(twilioInboundSchema, formParams(req.body), FROM_PROVIDER);
    const { twiml } = await deps.module.inbound.answer(call);
    res.type('text/xml').send(twiml);
  });

  // Twilio's voiceFallbackUrl, called when the inbound webhook above errs or times out. Written
  // once here, it needs neither database nor voice engine, whatever broke the inbound answer. The
  // signature is not checked: a wrong PUBLIC_URL fails every signature, and then this apology is
  // all a caller would hear; a forged request learns nothing from it and changes nothing.
  const busyWorkshop = deps.telephony.sayAndHangUp(BUSY_WORKSHOP_MESSAGE);
  app.post('/api/voice/twilio/fallback', (_req, res) => {
    res.type('text/xml').send(busyWorkshop);
  });

  // Twilio's answer to a call Santa placed, AnsweredBy telling a person from a voicemail box.
  app.post('/api/voice/twilio/outbound/answer', ...twilioForm, async (req, res) => {
    const call = parseInput(twilioInboundSchema, formParams(req.body), FROM_PROVIDER);
    res.type('text/xml').send(await deps.outbound.answer(call, scheduledIdOf(req)));
  });

  app.post('/api/voice/twilio/outbound/amd', ...twilioForm, async (req, res) => {
    const verdict = parseInput(twilioAmdSchema, formParams(req.body), FROM_PROVIDER);
    await deps.outbound.amd(verdict, scheduledIdOf(req));
    res.type('text/xml').send(deps.telephony.emptyResponse());
  });

  app.post('/api/voice/twilio/outbound/status', ...twilioForm, async (req, res) => {
    await deps.outbound.status(
      parseInput(twilioStatusSchema, formParams(req.body), FROM_PROVIDER),
      scheduledIdOf(req),
    );
    res.type('text/xml').send(deps.telephony.emptyResponse());
  });

  app.post('/api/voice/twilio/status', ...twilioForm, async (req, res) => {
    await deps.module.status.handleStatus(
      parseInput(twilioStatusSchema, formParams(req.body), FROM_PROVIDER),
    );
    res.type('text/xml').send(deps.telephony.emptyResponse());
  });

  app.post(
    '/api/voice/elevenlabs/post-call',
    requireSignatureHeader('ElevenLabs-Signature', {
      toleranceSeconds: ELEVENLABS_SIGNATURE_TOLERANCE_SECONDS,
      refusal: (problem) =>
        problem === 'missing'
          ? new AppError('bad_request', 'Missing ElevenLabs-Signature')
          : new AppError('unauthenticated', 'Invalid signature'),
    }),
    postCallInFlight,
    express.raw({ type: () => true, limit: POST_CALL_LIMIT }),
    verifyElevenLabs(deps.voice),
    async (req, res) => {
      // Signed by ElevenLabs but unreadable: acknowledged and recorded, since a retry (if retries
      // are on) would fail the same way. What the route answers is all ElevenLabs reads.
      const unreadable = async (reason: string, type?: string) => {
        await recordUnreadableWebhook(deps.db, deps.logger, {
          provider: 'elevenlabs',
          eventType: type,
          reason,
        });
        res.json({ received: true, unreadable: true });
      };
      const body = jsonOrUndefined(req.body as Buffer);
      const envelope = webhookEnvelopeSchema.safeParse(body);
      if (!envelope.success) return unreadable(body === undefined ? 'not JSON' : reasonOf(envelope.error));
      const { type } = envelope.data;
      const schema = POST_CALL_SCHEMAS[type as keyof typeof POST_CALL_SCHEMAS];
      if (!schema) {
        res.json({ received: true });
        return;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) return unreadable(reasonOf(parsed.error), type);
      if (type === 'post_call_transcription') {
        const stored = await deps.module.postCall.handleTranscription(
          parsed.data as z.output<typeof postCallTranscriptionSchema>,
        );
        res.json({ received: true, stored });
        return;
      }
      if (type === 'call_initiation_failure') {
        const released = await deps.module.postCall.handleInitiationFailure(
          parsed.data as z.output<typeof callInitiationFailureSchema>,
        );
        res.json({ received: true, released });
        return;
      }
      await deps.module.postCall.handleAudio(parsed.data as z.output<typeof postCallAudioSchema>);
      res.json({ received: true });
    },
  );
}

/** Each post-call webhook type we act on, and the schema it is read with. */
const POST_CALL_SCHEMAS = {
  post_call_transcription: postCallTranscriptionSchema,
  call_initiation_failure: callInitiationFailureSchema,
  post_call_audio: postCallAudioSchema,
} as const;

function jsonOrUndefined(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
