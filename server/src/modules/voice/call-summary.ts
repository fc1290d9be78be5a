import type { CallRecap, RecappedCall } from '@santa/shared/recap';
import type { Db, Queryable } from '../../db/db.ts';
import type { Summarizer } from '../../providers/summarizer/summarizer.ts';
import { withoutPersonalDetails } from '../call-safety/personal-details.ts';
import * as summaries from './call-summary.repository.ts';

/** The summary job's data: what the summarizer needs besides the stored transcript. */
export interface CallSummaryJob {
  conversationId: string;
  kidName: string | null;
  providerSummary: string | null;
}

/**
 * Told of each call once its summary and recap are written, inside the transaction that writes
 * them: the email then carries what the child said, not only that a call happened.
 */
export interface CallRecaps {
  callRecap(tx: Queryable, call: RecappedCall): Promise<void>;
}

/** Keeps the child's wishes, news and promises, in the transaction that writes the recap. */
export interface CallMemories {
  rememberRecap(tx: Queryable, call: { userId: string; callId: string; recap: CallRecap }): Promise<unknown>;
}

export interface CallSummaryDeps {
  db: Db;
  summarizer: Summarizer;
  /** The memory module: what Santa keeps of the call for the next one. */
  memory: CallMemories;
  /** The email module: the parent's recap, decided in the call's own transaction. */
  recaps?: CallRecaps;
}

/** Another try of the job wrote the summary first: this one's transaction is rolled back. */
const SUMMARIZED_MEANWHILE = new Error('the call was summarised meanwhile');

/**
 * The call-summary job: a vendor call outside any transaction, retried by the queue. The summary,
 * the memories and the recap email are written together or not at all.
 */
export function createCallSummaryWriter(deps: CallSummaryDeps) {
  const { db } = deps;
  return async function writeSummary(job: CallSummaryJob): Promise<void> {
    const call = await summaries.findCallToSummarize(db, job.conversationId);
    // Gone, or summarised by an earlier try: the summariser (paid for) is not asked again.
    if (!call || call.summarized) return;
    const { summary, recap } = await deps.summarizer.summarize({
      transcript: withoutPersonalDetails(call.transcript),
      kidName: job.kidName,
      providerSummary: job.providerSummary,
    });
    await db
      .transaction(async (tx) => {
        await deps.memory.rememberRecap(tx, { userId: call.user_id, callId: call.id, recap });
        await deps.recaps?.callRecap(tx, {
          callId: call.id,
          userId: call.user_id,
          kidName: job.kidName,
          durationSeconds: call.duration,
          summary,
          recap,
        });
        // The call's row is written last: the audio's webhook, which writes it too, waits only
        // for the commit. Only the write that fills the summary keeps the memories and the email.
        if (!(await summaries.setSummary(tx, job.conversationId, summary, recap))) throw SUMMARIZED_MEANWHILE;
      })
      .catch((error: unknown) => {
        if (error !== SUMMARIZED_MEANWHILE) throw error;
      });
  };
}
