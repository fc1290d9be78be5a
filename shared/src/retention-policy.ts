import { z } from 'zod';

/**
 * GET/PUT /api/privacy/retention: how long the family's call recordings are kept. "keep" keeps
 * them until the parent deletes them; "days" deletes each one that many days after its call.
 */
export const recordingRetentionChoiceSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('keep') }),
    z.object({
      mode: z.literal('days'),
      days: z
        .number({ error: 'days must be a whole number of days' })
        .int('days must be a whole number of days')
        .min(1, 'days must be at least 1')
        .max(3650, 'days must be at most 3650'),
    }),
  ],
  { error: 'mode must be "keep" or "days"' },
);
export type RecordingRetentionChoice = z.infer<typeof recordingRetentionChoiceSchema>;

/** The family's choice, the bounds it may choose within, and the schedule it cannot change. */
export interface RecordingRetention {
  choice: RecordingRetentionChoice;
  min_days: number;
  max_days: number;
  /** Recordings the family has not unlocked go after this many days, whatever the choice. */
  unpurchased_recording_days: number;
  /** Transcripts and summaries of Free Sample and Pay Per Call calls go after this many days. */
  one_call_transcript_days: number;
}

/** The published schedule's defaults; each is a server setting (docs/features/privacy-and-retention.md, "Retention"). */
export const retentionPolicyDefaults = {
  deleteProviderCopies: true,
  unpurchasedRecordingDays: 30,
  oneCallTranscriptDays: 90,
  inactiveAccountMonths: 24,
  inactiveWarningDays: 30,
  familyMinDays: 7,
  familyMaxDays: 365,
} as const;
