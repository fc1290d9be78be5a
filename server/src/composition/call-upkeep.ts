import { sweepBrowserCalls } from '../modules/voice/browser-call-sweep.ts';
import { sweepCallReservations } from '../modules/voice/deadline-sweeper.ts';
import { deleteUnclaimedRecordings } from '../modules/voice/early-recordings.ts';
import type { ProfileService } from '../modules/santa/profile.service.ts';
import type { SubscriptionService } from '../modules/subscription/subscription.service.ts';
import type { VoiceModule } from '../modules/voice/voice-module.ts';
import type { AppDeps, CallUpkeep } from './app-services.ts';

/** The calls' periodic work, built here once so the job wiring only calls it. */
export function buildCallUpkeep(
  deps: AppDeps,
  built: { subscription: SubscriptionService; profile: ProfileService; voice: VoiceModule },
): CallUpkeep {
  const { db, logger, providers, config } = deps;
  return {
    async sweepDeadlines() {
      await sweepCallReservations({
        db,
        logger,
        telephony: providers.telephony,
        subscriptions: built.subscription,
        profiles: built.profile,
        silentSeconds: config.silentCallCheckSeconds,
        graceSeconds: config.postCallGraceSeconds,
      });
      await sweepBrowserCalls({ db, logger, voice: providers.voice });
    },
    deleteProviderCopies: () => built.voice.providerDeletions.runDue().then(() => undefined),
    recoverCalls: () => built.voice.recovery.runDue().then(() => undefined),
    deleteUnclaimedRecordings: () =>
      deleteUnclaimedRecordings({ db, logger, recordings: providers.recordings }).then(() => undefined),
  };
}
