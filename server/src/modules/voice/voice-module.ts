import type { AppDeps, AppServices } from '../../app.ts';
import { createCallMediaService, type CallMediaService } from './call-media.service.ts';
import { createCallStatusService, type CallStatusService } from './call-status.service.ts';
import { createInboundCallService, type InboundCallService } from './inbound-call.service.ts';
import { createPostCallService, type PostCallService } from './post-call.service.ts';
import { createProviderDeletions } from './provider-deletions.ts';
import * as reservations from './reservations.repository.ts';

export interface VoiceModule {
  inbound: InboundCallService;
  status: CallStatusService;
  postCall: PostCallService;
  media: CallMediaService;
  /** Calls holding minutes right now. */
  callsInProgress(): Promise<number>;
}

/** The call's services, built once per app from its providers. */
export function createVoiceModule(deps: AppDeps, services: Omit<AppServices, 'voice'>): VoiceModule {
  const { db, logger, providers } = deps;
  const profiles = services.profile;
  const postCall = createPostCallService({
    db,
    logger,
    recordings: providers.recordings,
    summarizer: providers.summarizer,
    profiles,
    subscriptions: services.subscription,
    providerDeletions: createProviderDeletions({ db, logger, voice: providers.voice }),
    jobs: deps.jobs,
  });
  return {
    inbound: createInboundCallService({
      db,
      logger,
      telephony: providers.telephony,
      voice: providers.voice,
      profiles,
      prompts: services.santaScript,
      answerBudgetMs: deps.config.inboundAnswerBudgetMs,
      lineAccess: services.lineAccess,
      inboundUrl: `${deps.config.publicUrl}/api/voice/twilio/inbound`,
    }),
    status: createCallStatusService(db),
    callsInProgress: () => reservations.countOpenReservations(db),
    postCall,
    media: createCallMediaService({
      db,
      logger,
      voice: providers.voice,
      recordings: providers.recordings,
      postCall,
    }),
  };
}
