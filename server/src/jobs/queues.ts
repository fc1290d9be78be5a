import type { Queryable } from '../db/db.ts';

/**
 * Everything the app runs in the background, one queue each (docs/decisions/0010). Modules send
 * to these through a JobSender; only the wiring (job-queue.ts, background-jobs.ts) runs them.
 */
export const QUEUES = {
  // A stored call's summary (with its recap and memories) and its safety read (decision 0044).
  afterCall: 'after-call',
  callDeadlines: 'call-deadlines',
  providerDeletions: 'provider-conversation-deletions',
  // Calls still missing their transcript or audio, fetched from the voice provider.
  callRecovery: 'call-recovery',
  unclaimedRecordings: 'unclaimed-recordings',
  expiredSessions: 'expired-sessions',
  expiredOAuthStates: 'expired-oauth-states',
  staleSignInFailures: 'stale-sign-in-failures',
  email: 'email',
  // "Forgot password", looked up out of the request (equal work for every address).
  passwordResetRequest: 'password-reset-request',
  renewalReminders: 'renewal-reminders',
  // The published retention schedule (docs/decisions/0015).
  recordingRetention: 'recording-retention',
  transcriptRetention: 'transcript-retention',
  inactiveAccounts: 'inactive-accounts',
  dataExport: 'data-export',
  expiredExports: 'expired-exports',
  // Gifts (decision 0022): each paid gift's email on its day; the hourly upkeep.
  giftDelivery: 'gift-delivery',
  giftUpkeep: 'gift-upkeep',
  // Santa calls the child (decision 0025): each scheduled call's dial, held until its instant.
  scheduledCallPlacement: 'scheduled-call-placement',
  scheduledCallUpkeep: 'scheduled-call-upkeep',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** What a service needs to hand work to the background: a send inside its own transaction. */
export interface JobSender {
  /**
   * Queues `data` for `queue`; with `tx`, the job exists only if that transaction commits. With
   * `startAfter` no replica takes it before then.
   */
  send(queue: QueueName, data: object, tx?: Queryable, options?: { startAfter?: Date }): Promise<void>;
  /**
   * Several jobs (the ones a finished call needs) as part of another statement: see JobsInStatement.
   */
  sendAllSql(jobs: { queue: QueueName; data: object }[]): Promise<JobsInStatement>;
}

/** Jobs queued by a statement of the caller's, so they exist exactly if its other writes do. */
export interface JobsInStatement {
  /** The queue's insert, its values placed by `param`, inserting only where `when` (SQL) holds. */
  sql(param: (value: unknown) => string, when: string): string;
  /** Tells this replica's workers; given to the statement's Queryable.afterCommit. */
  queued(): void;
}
