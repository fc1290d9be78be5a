import { createBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import { countLiveCalls } from './reservations.repository.ts';

/**
 * Is there a line free for one more call? ElevenLabs caps the conversations a plan runs at once;
 * past it, a call would connect to nothing. Calls ringing together share one count (an indexed
 * count of live reservations), started alongside recognising the caller, so the check adds no
 * round trip of its own to the answer's time budget.
 *
 * The race it tolerates: the count is read before this call's reservation is taken. Calls of one
 * batch take the free lines in turn, but two batches in flight at once (or two replicas) may each
 * see the same free lines, overshooting the limit by at most the calls answered in that instant.
 * ElevenLabs lets a plan burst to three times its concurrency (up to 300), which absorbs that;
 * an exact limit would make every answer queue on one lock, on Christmas Eve's hot path.
 */
export function createCallAdmission(db: Db, maxConcurrentCalls: number) {
  const count = createBatcher(async (callSids: string[]) => {
    const live = await countLiveCalls(db, callSids);
    // Each call of the batch counts the ones before it as already on the line.
    return callSids.map((_, i) => live + i);
  });
  return {
    /** True when the lines are full and this call should be turned away before anything is reserved. */
    async linesBusy(callSid: string): Promise<boolean> {
      return (await count(callSid)) >= maxConcurrentCalls;
    },
  };
}

export type CallAdmission = ReturnType<typeof createCallAdmission>;
