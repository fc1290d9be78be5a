import type { CallSafetyJob } from '../call-safety/call-safety.service.ts';
import type { CallSummaryJob } from './call-summary.ts';

/**
 * The after-call job (docs/decisions/0044): one job per stored call does both halves of what
 * follows it, the summary (with the recap email and Santa's memories) and the safety read. One job
 * instead of two halves what the queue inserts, fetches and completes for every call.
 */
export type AfterCallJob = CallSummaryJob & CallSafetyJob;

/**
 * Runs the halves side by side, so a slow summariser never holds up the safety read. Each half is
 * done once: a retry finds a half that already landed and skips it (the summary is not asked of
 * the summariser again, the transcript is not read for safety twice). Either failing fails the job,
 * and the queue retries it.
 */
export async function runAfterCall(
  job: AfterCallJob,
  halves: ((job: AfterCallJob) => Promise<void>)[],
): Promise<void> {
  const results = await Promise.allSettled(halves.map((half) => half(job)));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'both halves of the after-call job failed');
}
