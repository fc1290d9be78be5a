import type { CallRecap, RecappedCall } from '@santa/shared/recap';
import type { Db } from '../../db/db.ts';
import type { Summarizer } from '../../providers/summarizer/summarizer.ts';
import { withoutPersonalDetails } from '../call-safety/personal-details.ts';
import type { StoredCall } from './after-call.repository.ts';
import * as summaries from './call-summary.repository.ts';

/** The summary job's data: what the summarizer needs besides the stored transcript. */
export interface CallSummaryJob {
  conversationId: string;
  kidName: string | null;
  providerSummary: string | null;
}

/**
 * The email module: the parent's recap, decided in the statement that writes the summary (so it
 * carries what the child said, not only that a call happened), then sent by the summary job.
 */
export interface CallRecaps {
  recapEmailSql(param: (value: unknown) => string, summarized: string, call: RecappedCall): string;
  /** A select of the id of a call's recap while unsent, for the call id it is given. */
  unsentRecapSql(callId: string): string;
  /** Sends the recap: the row recapEmailSql's insert returned, or the id of one found unsent. */
  sendRecap(email: { id: string }): Promise<void>;
}

/** The memory module: the child's wishes, news and promises, kept by the same statement. */
export interface CallMemories {
  recapMemoriesSql(param: (value: unknown) => string, summarized: string, recap: CallRecap): string;
}

export interface CallSummaryDeps {
  db: Db;
  summarizer: Summarizer;
  /** The memory module: what Santa keeps of the call for the next one. */
  memory: CallMemories;
  /** The email module: the parent's recap. */
  recaps?: CallRecaps;
}

/**
 * The call-summary job: a vendor call outside any transaction, retried by the queue. The summary,
 * the memories and the recap email are written by one statement, so together or not at all; the
 * recap is then sent from here, without an email job of its own.
 */
export function createCallSummaryWriter(deps: CallSummaryDeps) {
  const { recaps } = deps;
  // A job the queue retries whole, its completion committed after it: its commits need not wait
  // for the disk (decision 0042).
  const db = deps.db.withDeferredCommits();
  const sendRecap = async (email: { id: string } | null) => {
    if (email && recaps) await recaps.sendRecap(email);
  };
  return async function writeSummary(job: CallSummaryJob, call: StoredCall): Promise<void> {
    // Summarised by an earlier try: the summariser (paid for) is not asked again, and the recap
    // that try decided goes now if it stopped before sending it.
    if (call.summarized) return sendRecap(call.unsentRecapId ? { id: call.unsentRecapId } : null);
    const { summary, recap } = await deps.summarizer.summarize({
      transcript: withoutPersonalDetails(call.transcript),
      kidName: job.kidName,
      providerSummary: job.providerSummary,
    });
    const recapped: RecappedCall = { kidName: job.kidName, durationSeconds: call.duration, summary, recap };
    const filled = await summaries.fillSummary(
      db,
      job.conversationId,
      { summary, recap },
      {
        memories: (param, summarized) => deps.memory.recapMemoriesSql(param, summarized, recap),
        recapEmail: recaps && ((param, summarized) => recaps.recapEmailSql(param, summarized, recapped)),
      },
    );
    // Undefined: another try filled it meanwhile, and sends its own recap.
    if (filled) await sendRecap(filled.recapEmail);
  };
}
