import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import type { Express } from 'express';
import type { PlanId } from '@santa/shared/plans';
import type { AppDeps } from '../../app.ts';
import { createTestContext, PUBLIC_URL, signUp, type TestContext } from '../../../test/test-app.ts';
import { LocalRecordingStorage } from '../../providers/storage/local-recording-storage.ts';
import type { Summarizer } from '../../providers/summarizer/summarizer.ts';
import type { SandboxTelephony } from '../../providers/telephony/sandbox-telephony.ts';
import {
  signElevenLabsWebhook,
  verifyElevenLabsSignature,
} from '../../providers/voice/elevenlabs-signature.ts';
import type { SweeperDeps } from './deadline-sweeper.ts';
import type {
  ConversationDetail,
  ConversationSummary,
  ListConversationsOptions,
  RegisterCallInput,
  VoiceEngine,
} from '../../providers/voice/voice-engine.ts';

export const WEBHOOK_SECRET = 'wsec_test_secret';
export const HOTLINE = '+15550100';
export const REGISTERED_TWIML =
  '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://agent.test/stream"/></Connect></Response>';

/** An in-test voice engine: records what the app sent and serves conversations we plant. */
export class TestVoiceEngine implements VoiceEngine {
  readonly isSandbox = true;
  registered: RegisterCallInput[] = [];
  deleted: string[] = [];
  conversations = new Map<string, ConversationDetail>();
  audio = new Map<string, Buffer>();
  failRegister = false;
  /** Holds each registration this long (a slow voice engine). */
  registerDelayMs = 0;
  failList = false;
  failDelete = false;
  /** The owner each conversations listing asked for. */
  listedFor: (string | undefined)[] = [];

  async registerCall(input: RegisterCallInput): Promise<string> {
    if (this.registerDelayMs) await new Promise((resolve) => setTimeout(resolve, this.registerDelayMs));
    if (this.failRegister) throw new Error('agent unavailable');
    this.registered.push(input);
    return REGISTERED_TWIML;
  }

  async listConversations(options: ListConversationsOptions) {
    if (this.failList) throw new Error('provider down');
    this.listedFor.push(options.ownerId);
    const owned = [...this.conversations.values()].filter(
      (c) => !options.ownerId || c.dynamicVariables.user_id === options.ownerId,
    );
    const all: ConversationSummary[] = owned.map((c) => ({
      conversationId: c.conversationId,
      status: c.status,
      startTime: c.startTime,
      durationSeconds: c.durationSeconds,
    }));
    const size = options.pageSize && options.pageSize < 100 ? options.pageSize : 2;
    const start = options.cursor ? Number(options.cursor) : 0;
    const next = start + size < all.length ? String(start + size) : null;
    return { conversations: all.slice(start, start + size), nextCursor: next };
  }

  async getConversation(conversationId: string): Promise<ConversationDetail> {
    const found = this.conversations.get(conversationId);
    if (!found) throw new Error('not found');
    return found;
  }

  async getConversationAudio(conversationId: string): Promise<Buffer | null> {
    return this.audio.get(conversationId) ?? null;
  }

  async deleteConversation(conversationId: string): Promise<void> {
    if (this.failDelete) throw new Error('provider down');
    this.deleted.push(conversationId);
  }

  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined, now?: Date): boolean {
    return verifyElevenLabsSignature(WEBHOOK_SECRET, rawBody, signatureHeader, now);
  }
}

export interface VoiceTestContext extends TestContext {
  voiceApp: Express;
  voice: TestVoiceEngine;
  telephony: SandboxTelephony;
  recordingsDir: string;
}

export async function createVoiceTestContext(
  options: { deps?: Partial<AppDeps>; env?: Record<string, string>; summarizer?: Summarizer } = {},
): Promise<VoiceTestContext> {
  const voice = new TestVoiceEngine();
  const recordingsDir = mkdtempSync(path.join(tmpdir(), 'santa-recordings-'));
  const ctx = await createTestContext({
    env: { SANTA_HOTLINE_NUMBER: HOTLINE, ...options.env },
    deps: options.deps,
    providers: (sandboxes) => ({
      ...sandboxes,
      voice,
      recordings: new LocalRecordingStorage(recordingsDir),
      summarizer: options.summarizer ?? sandboxes.summarizer,
    }),
  });
  return {
    ...ctx,
    voiceApp: ctx.app,
    voice,
    telephony: ctx.providers.telephony as SandboxTelephony,
    recordingsDir,
  };
}

/** The deadline sweeper as the app's background job runs it, with the test's providers. */
export function sweeperDeps(ctx: VoiceTestContext, overrides: Partial<SweeperDeps> = {}): SweeperDeps {
  return {
    db: ctx.db,
    logger: ctx.deps.logger,
    telephony: ctx.telephony,
    subscriptions: ctx.services.subscription,
    profiles: ctx.services.profile,
    ...overrides,
  };
}

let phoneCounter = 0;
export function nextParentPhone(): string {
  phoneCounter += 1;
  return `+1415555${String(6000 + phoneCounter).padStart(4, '0')}`;
}

/** A parent with a kid profile and (optionally) a plan. */
export async function createFamily(
  ctx: VoiceTestContext,
  options: { plan?: PlanId; minutes?: number; profile?: Record<string, string | number | null> } = {},
) {
  const { user, client } = await signUp(ctx.voiceApp);
  const parentPhone = nextParentPhone();
  const saved = await ctx.services.profile.saveProfile(user.id, {
    parent_phone: parentPhone,
    kid_name: 'Emma',
    age: 7,
    gifts_giving: null,
    wish_list: 'a red bicycle',
    accomplishments: null,
    behavior_notes: null,
    siblings: null,
    custom_notes: null,
    santa_personality: 'traditional',
    ...options.profile,
  } as Parameters<typeof ctx.services.profile.saveProfile>[1]);
  // The phone as verified by its SMS code (family-phones.test.ts covers the code itself).
  await ctx.db.query(
    `insert into family_phones (phone, user_id) values ($1, $2)
     on conflict (phone) do update set user_id = excluded.user_id`,
    [saved.profile.parent_phone, user.id],
  );
  if (options.plan) {
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, user.id, { plan: options.plan!, amountCents: 0 }),
    );
    if (options.minutes !== undefined) {
      await ctx.db.transaction((tx) =>
        ctx.services.subscription.update(tx, user.id, { minutes_limit: options.minutes!, minutes_used: 0 }),
      );
    }
  }
  return { user, client, parentPhone };
}

let sidCounter = 0;
export function nextCallSid(): string {
  sidCounter += 1;
  return `CA${String(sidCounter).padStart(32, '0')}`;
}

/** A family whose child has rung the hotline and been put through to Santa. */
export async function connectedCall(
  ctx: VoiceTestContext,
  options: Parameters<typeof createFamily>[1] = { plan: 'subscription_3month' },
) {
  const family = await createFamily(ctx, options);
  const call = inboundCall(family.parentPhone, HOTLINE);
  const answer = await postTwilio(ctx, 'inbound', call);
  if (!answer.text.includes('<Connect>')) throw new Error(`the call was not put through: ${answer.text}`);
  return { ...family, call, callSid: call.CallSid };
}

/** A family's minute reservations, oldest first. */
export async function reservationsOf(ctx: VoiceTestContext, userId: string) {
  const { rows } = await ctx.db.query<{ call_sid: string; minutes_reserved: number; status: string }>(
    `select call_sid, minutes_reserved, status from call_reservations where user_id = $1
     order by created_at, call_sid`,
    [userId],
  );
  return rows;
}

/** Posts a Twilio form webhook signed exactly as Twilio signs it (or with a forged signature). */
export function postTwilio(
  ctx: VoiceTestContext,
  route: 'inbound' | 'status',
  params: Record<string, string>,
  options: { forge?: boolean } = {},
) {
  const pathname = `/api/voice/twilio/${route}`;
  const signature = options.forge
    ? 'forged-signature'
    : ctx.telephony.sign(`${PUBLIC_URL}${pathname}`, params);
  return supertest(ctx.voiceApp)
    .post(pathname)
    .type('form')
    .set('X-Twilio-Signature', signature)
    .send(params);
}

export function inboundCall(from: string, to: string, callSid = nextCallSid()) {
  return {
    CallSid: callSid,
    From: from,
    To: to,
    AccountSid: 'ACtest',
    CallStatus: 'ringing',
    Direction: 'inbound',
    // The network vouched for the caller ID (STIR/SHAKEN full attestation), as for most callers.
    StirVerstat: 'TN-Validation-Passed-A',
  };
}

/** Posts an ElevenLabs webhook signed as ElevenLabs signs it. */
export function postElevenLabs(
  ctx: VoiceTestContext,
  payload: unknown,
  options: { signature?: string } = {},
) {
  const body = JSON.stringify(payload);
  const signature = options.signature ?? signElevenLabsWebhook(WEBHOOK_SECRET, body);
  return supertest(ctx.voiceApp)
    .post('/api/voice/elevenlabs/post-call')
    .set('Content-Type', 'application/json')
    .set('ElevenLabs-Signature', signature)
    .send(body);
}

export function transcriptionPayload(options: {
  conversationId: string;
  callSid?: string;
  userId?: string;
  durationSecs?: number;
  from?: string;
  summary?: string | null;
}) {
  return {
    type: 'post_call_transcription',
    event_timestamp: Math.floor(Date.now() / 1000),
    data: {
      agent_id: 'agent_test',
      conversation_id: options.conversationId,
      status: 'done',
      transcript: [
        { role: 'agent', message: 'Ho ho ho! Merry Christmas, Emma!', time_in_call_secs: 0 },
        { role: 'user', message: 'Hi Santa! I would love a red bicycle please.', time_in_call_secs: 4 },
        { role: 'agent', message: 'The elves will see what they can do!', time_in_call_secs: 9 },
      ],
      metadata: {
        start_time_unix_secs: Math.floor(Date.now() / 1000) - 120,
        call_duration_secs: options.durationSecs ?? 95,
        phone_call: options.callSid
          ? {
              type: 'twilio',
              call_sid: options.callSid,
              external_number: options.from ?? '+14155550000',
              agent_number: HOTLINE,
              direction: 'inbound',
            }
          : null,
      },
      analysis: {
        transcript_summary:
          options.summary === undefined ? 'Emma asked Santa for a red bicycle.' : options.summary,
      },
      conversation_initiation_client_data: {
        dynamic_variables: { kid_name: 'Emma', ...(options.userId ? { user_id: options.userId } : {}) },
      },
    },
  };
}
