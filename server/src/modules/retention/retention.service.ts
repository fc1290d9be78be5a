import type { Logger } from 'pino';
import type { RecordingRetention, RecordingRetentionChoice } from '@santa/shared/retention-policy';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { RecordingStorage } from '../../providers/storage/recording-storage.ts';
import type { ExpiredRecording } from '../voice/call-retention.repository.ts';
import * as repo from './retention.repository.ts';

/** The published schedule's settings this service enforces (config.ts, RETENTION_*). */
export interface RecordingRetentionSettings {
  unpurchasedRecordingDays: number;
  oneCallTranscriptDays: number;
  familyMinDays: number;
  familyMaxDays: number;
}

/** The calls as the voice module lets the schedule delete from them. */
export interface CallsRetentionPort {
  expiredRecordings(options: {
    olderThan: Date;
    userId?: string;
    unpurchasedOnly?: boolean;
    limit: number;
  }): Promise<ExpiredRecording[]>;
  forgetRecording(callId: string, audioKey: string): Promise<void>;
  expiredOneCallTranscripts(olderThan: Date, limit: number): Promise<string[]>;
  clearTranscripts(callIds: string[]): Promise<number>;
}

export interface RetentionServiceDeps {
  db: Db;
  logger: Logger;
  settings: RecordingRetentionSettings;
  calls: CallsRetentionPort;
  /** The memory module: what Santa kept of a call goes with the call's words. */
  memory: { forgetCalls(callIds: string[]): Promise<number> };
  recordings: Pick<RecordingStorage, 'delete'>;
  /** The schedule's clock: the tests set it; the app uses the wall clock. */
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;
/** One run deletes at most this many batches; the next hourly run takes the rest. */
const MAX_BATCHES = 50;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/**
 * Recordings and transcripts kept only as long as the published schedule and the family's own
 * choice allow. Each run deletes what is due at the moment it starts; a file is deleted before
 * the row forgets it, so a failure leaves the row pointing at it for the next run.
 */
export function createRetentionService(deps: RetentionServiceDeps) {
  const { db, logger, settings } = deps;
  const now = deps.now ?? (() => new Date());

  /** A choice stored under wider bounds is read within today's. */
  function withinBounds(days: number): number {
    return Math.min(Math.max(days, settings.familyMinDays), settings.familyMaxDays);
  }

  async function deleteRecordings(find: () => Promise<ExpiredRecording[]>): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
      const due = await find();
      for (const recording of due) {
        await deps.recordings.delete(recording.audio_key);
        await deps.calls.forgetRecording(recording.id, recording.audio_key);
        deleted += 1;
      }
      if (due.length < BATCH) break;
    }
    return deleted;
  }

  async function recordingRetention(userId: string): Promise<RecordingRetention> {
    const keepDays = await repo.findKeepDays(db, userId);
    return {
      choice: keepDays === null ? { mode: 'keep' } : { mode: 'days', days: withinBounds(keepDays) },
      min_days: settings.familyMinDays,
      max_days: settings.familyMaxDays,
      unpurchased_recording_days: settings.unpurchasedRecordingDays,
      one_call_transcript_days: settings.oneCallTranscriptDays,
    };
  }

  return {
    recordingRetention,

    async chooseRecordingRetention(
      userId: string,
      choice: RecordingRetentionChoice,
    ): Promise<RecordingRetention> {
      const { familyMinDays: min, familyMaxDays: max } = settings;
      if (choice.mode === 'days' && (choice.days < min || choice.days > max))
        throw new AppError('bad_request', `Choose between ${min} and ${max} days`);
      await repo.saveKeepDays(db, userId, choice.mode === 'keep' ? null : choice.days);
      return recordingRetention(userId);
    },

    /**
     * The recording-retention job: recordings nobody unlocked after the published days, then each
     * family's "delete after N days" choice over all of its recordings.
     */
    async deleteDueRecordings(): Promise<number> {
      const at = now();
      let deleted = await deleteRecordings(() =>
        deps.calls.expiredRecordings({
          olderThan: daysBefore(at, settings.unpurchasedRecordingDays),
          unpurchasedOnly: true,
          limit: BATCH,
        }),
      );
      let after: string | null = null;
      for (;;) {
        const families = await repo.listKeepDays(db, after, BATCH);
        for (const family of families) {
          deleted += await deleteRecordings(() =>
            deps.calls.expiredRecordings({
              olderThan: daysBefore(at, withinBounds(family.keep_days)),
              userId: family.user_id,
              limit: BATCH,
            }),
          );
        }
        if (families.length < BATCH) break;
        after = families[families.length - 1]!.user_id;
      }
      if (deleted > 0) logger.info({ deleted }, 'deleted recordings past their keeping time');
      return deleted;
    },

    /** The transcript-retention job: Free Sample and Pay Per Call words after the published days. */
    async deleteDueTranscripts(): Promise<number> {
      const olderThan = daysBefore(now(), settings.oneCallTranscriptDays);
      let cleared = 0;
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const due = await deps.calls.expiredOneCallTranscripts(olderThan, BATCH);
        await deps.memory.forgetCalls(due);
        cleared += await deps.calls.clearTranscripts(due);
        if (due.length < BATCH) break;
      }
      if (cleared > 0) logger.info({ cleared }, 'deleted one-call transcripts past their keeping time');
      return cleared;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
