import type { CallSafetyJob } from '../call-safety/call-safety.service.ts';
import { createBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import { findCallsAfterCall, type AfterCallColumns, type StoredCall } from './after-call.repository.ts';
import type { CallSummaryJob } from './call-summary.ts';

/**
 * The after-call job (docs/decisions/0044): one job per stored call does both halves of what
 * follows it, the summary (with the recap email and Santa's memories) and the safety read. One job
 * instead of two halves what the queue inserts, fetches and completes for every call.
 */
export type AfterCallJob = CallSummaryJob & CallSafetyJob;

/** A half of the job: what it does with the call the job read for both. */
export type AfterCallHalf = (job: AfterCallJob, call: StoredCall) => Promise<void>;

/**
 * The job: reads its stored call once for both halves (the jobs of a batch in one statement), then
 * runs them. A call deleted before its job ran is skipped.
 */
export function createAfterCallJob(deps: { db: Db; columns: AfterCallColumns; halves: AfterCallHalf[] }) {
  // A job the queue retries whole, its completion committed after it (decision 0042).
  const db = deps.db.withDeferredCommits();
  const findCall = createBatcher(async (conversationIds: string[]) => {
    const found = await findCallsAfterCall(db, conversationIds, deps.columns);
    return conversationIds.map((id) => found.get(id));
  });
  return async function afterCall(job: AfterCallJob): Promise<void> {
    const call = await findCall(job.conversationId);
    if (call) await runAfterCall(job, call, deps.halves);
  };
}

/**
 * Runs the halves side by side, so a slow summariser never holds up the safety read. Each half is
 * done once: a retry finds a half that already landed and skips it (the summary is not asked of
 * the summariser again, the transcript is not read for safety twice). Either failing fails the job,
 * and the queue retries it.
 */
export async function runAfterCall(
  job: AfterCallJob,
  call: StoredCall,
  halves: AfterCallHalf[],
): Promise<void> {
  const results = await Promise.allSettled(halves.map((half) => half(job, call)));
  const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, 'both halves of the after-call job failed');
}
