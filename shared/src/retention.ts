import { retentionPolicyDefaults as policy } from './retention-policy.ts';

/**
 * How long each kind of family data is kept by default: the privacy page's table reads these, and
 * the retention jobs and the family's own settings start from them. `days: null` means the data
 * goes as soon as it is no longer needed (no waiting period).
 */
export interface RetentionRule {
  /** Stable key, for settings and tests. */
  key: 'provider_copies' | 'unpurchased_recordings' | 'transcripts_and_summaries' | 'inactive_accounts';
  /** What is kept, in a parent's words. */
  what: string;
  /** How long, in a parent's words. */
  howLong: string;
  /** The same in days; null when it is deleted at once. */
  days: number | null;
}

export const retentionDefaults = {
  /** The voice engine's copy of a call (audio and transcript) is deleted once we have stored it. */
  providerCopies: {
    key: 'provider_copies',
    what: "The voice engine's copy of a call (ElevenLabs)",
    howLong: 'Deleted as soon as we have stored the call',
    days: null,
  },
  unpurchasedRecordings: {
    key: 'unpurchased_recordings',
    what: 'Recordings of calls you have not bought',
    howLong: `${policy.unpurchasedRecordingDays} days after the call`,
    days: policy.unpurchasedRecordingDays,
  },
  transcriptsAndSummaries: {
    key: 'transcripts_and_summaries',
    what: 'Transcripts and summaries of free sample and Pay Per Call calls',
    howLong: `${policy.oneCallTranscriptDays} days after the call`,
    days: policy.oneCallTranscriptDays,
  },
  inactiveAccounts: {
    key: 'inactive_accounts',
    what: 'Accounts nobody has signed in to, with everything in them',
    howLong: `${policy.inactiveAccountMonths} months without a sign-in, after a warning email`,
    days: Math.round((policy.inactiveAccountMonths * 365) / 12),
  },
} as const satisfies Record<string, RetentionRule>;

/** The defaults in the order the privacy page lists them. */
export const RETENTION_TABLE: readonly RetentionRule[] = [
  retentionDefaults.providerCopies,
  retentionDefaults.unpurchasedRecordings,
  retentionDefaults.transcriptsAndSummaries,
  retentionDefaults.inactiveAccounts,
];
