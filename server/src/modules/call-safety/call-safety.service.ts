import type { Logger } from 'pino';
import {
  SAFETY_REASON_LABEL,
  SAFETY_REASONS,
  type CallSafety,
  type SafetyFlagCounts,
  type SafetyReason,
} from '@santa/shared/safety';
import { createWriteBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import type { Moderation } from '../../providers/moderation/moderation.ts';
import * as repo from './call-safety.repository.ts';
import { linesForModeration, screenTranscript, withModeration } from './safety-screen.ts';

/** The call-safety job's data: what the parent set up, which may be gone by the time it runs. */
export interface CallSafetyJob {
  conversationId: string;
  /** The parent's "gifts you are giving" at the end of the call (pay-per-call deletes it then). */
  giftsGiving: string | null;
  avoidTopics: string[];
}

/** The stored call the after-call job read: its transcript, and whether its read is stored. */
export interface CallToRead {
  id: string;
  transcript: string;
  safetyRead: boolean;
}

export interface CallSafetyDeps {
  db: Db;
  logger: Logger;
  moderation: Moderation;
}

/** Owns call_safety_reviews: the safety read after each call, for the parent and the admin. */
export function createCallSafetyService(deps: CallSafetyDeps) {
  const { db, logger } = deps;
  // The safety read is a job the queue retries whole, its completion committed after it: its
  // commits need not wait for the disk (decision 0042).
  const jobDb = db.withDeferredCommits();
  // The reads of the jobs of a batch are stored in one statement.
  const storeReview = createWriteBatcher((reviews: repo.SafetyReview[]) =>
    repo.insertReviews(jobDb, reviews),
  );

  return {
    /**
     * The call-safety job: the local rules always, OpenAI's moderation when configured. Only
     * reason codes and line numbers are stored or logged, never the words.
     */
    async reviewCall(job: CallSafetyJob, call: CallToRead): Promise<void> {
      // Read by an earlier try: moderation is not asked again.
      if (call.safetyRead) return;
      let findings = screenTranscript(call.transcript, {
        giftsGiving: job.giftsGiving,
        avoidTopics: job.avoidTopics,
      });
      const checks = ['rules'];
      const lines = linesForModeration(call.transcript);
      const verdicts =
        lines.length > 0 ? await deps.moderation.moderate(lines.map((line) => line.text)) : null;
      if (verdicts) {
        findings = withModeration(findings, lines, verdicts);
        checks.push('openai_moderation');
      }
      const flagged = findings.length > 0;
      await storeReview({ callId: call.id, flagged, findings, checks });
      logger.info(
        { conversationId: job.conversationId, flagged, reasons: findings.map((f) => f.reason), checks },
        'call safety read',
      );
    },

    /** Whether a call's read is stored, as a column of the after-call job's read (voice's statement). */
    isReadSql: repo.isReadSql,

    /** Each call's read as a column of the parent's history (voice's statement). */
    historyColumn: {
      select: (callId: string) => repo.reviewOfCall(callId),
      read: (value: unknown) => (value as CallSafety | null) ?? null,
    },

    /** The admin's view: how many calls were flagged, per reason. */
    async flagCounts(): Promise<SafetyFlagCounts> {
      const counts = await repo.countFlags(db);
      const known = new Set<string>(SAFETY_REASONS);
      return {
        reviewed_calls: counts.reviewed,
        flagged_calls: counts.flagged,
        reasons: counts.reasons
          .filter((row): row is { reason: SafetyReason; calls: number } => known.has(row.reason))
          .map((row) => ({ reason: row.reason, label: SAFETY_REASON_LABEL[row.reason], calls: row.calls })),
      };
    },
  };
}

export type CallSafetyService = ReturnType<typeof createCallSafetyService>;
