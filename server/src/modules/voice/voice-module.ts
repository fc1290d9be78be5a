import type { PostCallDeps } from './post-call.service.ts';
import type { Logger } from 'pino';
import type { Db } from '../../db/db.ts';
import type { JobSender } from '../../jobs/queues.ts';
import type { RecordingStorage } from '../../providers/storage/recording-storage.ts';
import type { Summarizer } from '../../providers/summarizer/summarizer.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';
import type { LineAccessService } from '../santa/line-access.service.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import { createCallsService, type CallsService } from './calls.service.ts';
import { createCallRetention, type CallRetention } from './call-retention.repository.ts';
import { createCallStatusService, type CallStatusService } from './call-status.service.ts';
import {
  createInboundCallService,
  type DedicatedLines,
  type InboundCallService,
} from './inbound-call.service.ts';
import { createPostCallService, type PostCallService } from './post-call.service.ts';
import type { CallMemories, CallRecaps } from './call-summary.ts';
import { createProviderDeletions, type ProviderDeletions } from './provider-deletions.ts';
import { createCallRecovery, type CallRecovery } from './call-recovery.ts';
import * as reservations from './reservations.repository.ts';
import { createRingingFamilyReader, type RingingFamilyParts } from './ringing-family.ts';
import type { CallContextDeps } from './call-context.ts';
import { createBrowserCallService, type BrowserCallService } from './browser-call.service.ts';
import { createCallPreview, type CallPreview } from './call-preview.ts';

/** What the voice module is built from: its providers and the services of other modules it asks. */
export interface VoiceModuleDeps {
  db: Db;
  logger: Logger;
  telephony: Telephony;
  voice: VoiceEngine;
  recordings: RecordingStorage;
  summarizer: Summarizer;
  profiles: ProfileService;
  subscriptions: SubscriptionService;
  prompts: SantaPromptService;
  lineAccess: LineAccessService;
  /** The privacy module: a call needs the family's agreement to the current notice. */
  consents: { hasCurrent(userId: string): Promise<boolean>; ringingRead: RingingFamilyParts['consented'] };
  numbers: DedicatedLines;
  jobs: JobSender;
  accounts: PostCallDeps['accounts'];
  /** The parent's email after each call (the email module). */
  recaps?: CallRecaps;
  /** The email module: a recording call recovery could not save. */
  recordingNotices?: { recordingLost(userId: string, callId: string): Promise<unknown> };
  /** The memory module: kept from each call's recap, brought up on the next call. */
  memory: CallMemories & {
    forCall(userId: string): Promise<PromptMemory[]>;
    ringingRead: RingingFamilyParts['memories'];
  };
  /** The call-safety module: the after-call job's safety read. */
  safety: PostCallDeps['safety'];
  /** The inbound call webhook answers Twilio within this, with an apology if need be. */
  answerBudgetMs: number;
  /** MAX_CONCURRENT_CALLS: calls the voice agent may run at once. */
  maxConcurrentCalls: number;
  /** The children module: a family's children for the ringing call's prompt (decision 0024). */
  children: NonNullable<CallContextDeps['children'] & PostCallDeps['children']> & {
    ringingRead: RingingFamilyParts['family'];
  };
  publicUrl: string;
  /** RETENTION_DELETE_PROVIDER_COPIES: every call's provider copy goes once it is stored. */
  deleteProviderCopies: boolean;
}

export interface VoiceModule {
  inbound: InboundCallService;
  /** "Talk to Santa now" in the parent's browser (decision 0035). */
  browser: BrowserCallService;
  /** The admin's look at a family's next call, and a test call with the sandbox Santa (decision 0038). */
  preview: CallPreview;
  status: CallStatusService;
  postCall: PostCallService;
  /** The parent's calls: history, recordings, sync. */
  calls: CallsService;
  /** Calls holding minutes right now. */
  callsInProgress(): Promise<number>;
  /** What the retention schedule deletes from the calls. */
  retention: CallRetention;
  /** The voice provider's copies of calls, deleted once ours are safe (the periodic job). */
  providerDeletions: ProviderDeletions;
  /** Calls still missing their transcript or audio, fetched from the provider (the periodic job). */
  recovery: CallRecovery;
}

/** Twilio's voice webhook, reading a ringing family through the modules that own it. */
function createInbound(deps: VoiceModuleDeps): InboundCallService {
  const { db, logger, profiles } = deps;
  const parts = {
    consented: deps.consents.ringingRead,
    family: deps.children.ringingRead,
    memories: deps.memory.ringingRead,
  };
  return createInboundCallService({
    db,
    logger,
    telephony: deps.telephony,
    voice: deps.voice,
    prompts: deps.prompts,
    answerBudgetMs: deps.answerBudgetMs,
    maxConcurrentCalls: deps.maxConcurrentCalls,
    lineAccess: deps.lineAccess,
    families: createRingingFamilyReader(db, logger, parts, {
      byPhone: profiles.ringingCallers,
      byFamily: profiles.ringingFamilies,
    }),
    numbers: deps.numbers,
    inboundUrl: `${deps.publicUrl}/api/voice/twilio/inbound`,
  });
}

/** The call's services, built once per app from its providers. */
export function createVoiceModule(deps: VoiceModuleDeps): VoiceModule {
  const { db, logger, profiles, subscriptions } = deps;
  const providerDeletions = createProviderDeletions({ db, logger, voice: deps.voice });
  const postCall = createPostCallService({
    db,
    logger,
    recordings: deps.recordings,
    summarizer: deps.summarizer,
    profiles,
    subscriptions,
    providerDeletions,
    jobs: deps.jobs,
    accounts: deps.accounts,
    children: deps.children,
    recaps: deps.recaps,
    memory: deps.memory,
    safety: deps.safety,
    deleteProviderCopies: deps.deleteProviderCopies,
  });
  const calls = createCallsService({
    db,
    logger,
    voice: deps.voice,
    recordings: deps.recordings,
    postCall,
  });
  const recovery = createCallRecovery({
    db,
    logger,
    voice: deps.voice,
    recordings: deps.recordings,
    providerDeletions,
    syncFamily: (userId) => calls.syncFromProvider(userId),
    recordingLost: (userId, callId) =>
      deps.recordingNotices?.recordingLost(userId, callId) ?? Promise.resolve(),
  });
  return {
    providerDeletions,
    recovery,
    calls,
    inbound: createInbound(deps),
    browser: createBrowserCallService({
      db,
      logger,
      voice: deps.voice,
      profiles,
      prompts: deps.prompts,
      consents: deps.consents,
      memory: deps.memory,
      children: deps.children,
      maxConcurrentCalls: deps.maxConcurrentCalls,
    }),
    // Reads what a ringing call reads, through the same deps.
    preview: createCallPreview(deps),
    status: createCallStatusService(db),
    callsInProgress: () => reservations.countOpenReservations(db),
    postCall,
    retention: createCallRetention(db),
  };
}
