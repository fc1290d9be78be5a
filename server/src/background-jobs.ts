import type { AppServices } from './services.ts';
import type { EmailJob } from './modules/email/email.service.ts';
import type { PasswordResetRequestJob } from './modules/auth/password-reset-requests.ts';
import type { ScheduledCallJob } from './modules/scheduled-calls/scheduled-calls.service.ts';
import type { GiftDeliveryJob } from './modules/gifts/gifts.service.ts';
import type { DataExportJob } from './modules/privacy/export.service.ts';
import type { AfterCallJob } from './modules/voice/after-call-job.ts';
import { QUEUES, type JobQueue } from './jobs/job-queue.ts';

/** How often each periodic job runs, once across all replicas. */
export const PERIODIC_SECONDS = {
  // A call past its deadline is hung up within seconds of running out of minutes.
  callDeadlines: 5,
  providerDeletions: 60,
  callRecovery: 60,
  hourly: 60 * 60,
  // A scheduled call whose final status never came is settled from Twilio's record of it.
  scheduledCallUpkeep: 5 * 60,
} as const;

/** Every replica works every queue; the queue hands each job to exactly one of them. */
export async function registerWorkers(jobs: JobQueue, services: AppServices): Promise<void> {
  await jobs.work<AfterCallJob>(QUEUES.afterCall, services.voice.postCall.afterCall);
  const { callUpkeep } = services;
  await jobs.work(QUEUES.callDeadlines, () => callUpkeep.sweepDeadlines());
  await jobs.work(QUEUES.providerDeletions, () => callUpkeep.deleteProviderCopies());
  await jobs.work(QUEUES.callRecovery, () => callUpkeep.recoverCalls());
  await jobs.work(QUEUES.unclaimedRecordings, () => callUpkeep.deleteUnclaimedRecordings());
  await jobs.work<DataExportJob>(QUEUES.dataExport, (job) => services.privacy.exports.build(job));
  await jobs.work(QUEUES.expiredExports, () =>
    services.privacy.exports.deleteExpired().then(() => undefined),
  );
  await jobs.work<EmailJob>(QUEUES.email, (job) => services.emails.deliver(job));
  await jobs.work<PasswordResetRequestJob>(QUEUES.passwordResetRequest, (job) =>
    services.passwordResetRequests.handle(job),
  );
  await jobs.work<GiftDeliveryJob>(QUEUES.giftDelivery, (job) => services.gifts.service.deliver(job));
  await jobs.work(QUEUES.giftUpkeep, () => services.gifts.upkeep.run());
  await jobs.work<ScheduledCallJob>(QUEUES.scheduledCallPlacement, (job) =>
    services.scheduledCalls.place(job),
  );
  await jobs.work(QUEUES.scheduledCallUpkeep, () => services.scheduledCalls.sweepStuck());
  await jobs.work(QUEUES.renewalReminders, () => services.renewalReminders.sendDue().then(() => undefined));
  const { retention } = services;
  await jobs.work(QUEUES.recordingRetention, () =>
    retention.recordings.deleteDueRecordings().then(() => undefined),
  );
  await jobs.work(QUEUES.transcriptRetention, () =>
    retention.recordings.deleteDueTranscripts().then(() => undefined),
  );
  await jobs.work(QUEUES.inactiveAccounts, () => retention.inactiveAccounts.run().then(() => undefined));
  await jobs.work(QUEUES.expiredSessions, async () => {
    await services.auth.deleteExpiredSessions();
    await services.account.deleteExpiredTokens();
  });
  await jobs.work(QUEUES.expiredOAuthStates, () =>
    services.auth.deleteExpiredOAuthStates().then(() => undefined),
  );
  await jobs.work(QUEUES.staleSignInFailures, () =>
    services.auth.deleteStaleSignInFailures().then(() => undefined),
  );
}

/** Offers the periodic jobs from this replica (main.ts; tests run them by hand). */
export function offerPeriodicJobs(jobs: JobQueue): void {
  jobs.every(QUEUES.callDeadlines, PERIODIC_SECONDS.callDeadlines);
  jobs.every(QUEUES.providerDeletions, PERIODIC_SECONDS.providerDeletions);
  jobs.every(QUEUES.callRecovery, PERIODIC_SECONDS.callRecovery);
  jobs.every(QUEUES.unclaimedRecordings, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.expiredSessions, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.expiredOAuthStates, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.staleSignInFailures, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.renewalReminders, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.recordingRetention, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.transcriptRetention, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.inactiveAccounts, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.expiredExports, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.giftUpkeep, PERIODIC_SECONDS.hourly);
  jobs.every(QUEUES.scheduledCallUpkeep, PERIODIC_SECONDS.scheduledCallUpkeep);
}
