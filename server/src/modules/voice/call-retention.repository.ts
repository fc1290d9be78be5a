import type { Db } from '../../db/db.ts';

/** A stored recording past its keeping time. */
export interface ExpiredRecording {
  id: string;
  audio_key: string;
}

/** The plans whose transcripts and summaries are deleted on a schedule (one call, no pass). */
const ONE_CALL_PLANS = ['free_sample', 'pay_per_call'];

/**
 * What the retention schedule (modules/retention) deletes from the calls table, which this module
 * owns. Every query takes the time from the caller, so the schedule runs on its own clock.
 */
export function createCallRetention(db: Db) {
  return {
    /**
     * Recordings of calls made before `olderThan`: of one family (its own choice), or of every
     * family but only those not unlocked (the published schedule).
     */
    async expiredRecordings(options: {
      olderThan: Date;
      userId?: string;
      unpurchasedOnly?: boolean;
      limit: number;
    }): Promise<ExpiredRecording[]> {
      const { rows } = await db.query<ExpiredRecording>(
        `select id, audio_key from calls
         where audio_key is not null and created_at < $1
           and ($2::uuid is null or user_id = $2::uuid)
           and (not $3::boolean or not recording_purchased)
         order by created_at
         limit $4`,
        [options.olderThan, options.userId ?? null, options.unpurchasedOnly ?? false, options.limit],
      );
      return rows;
    },

    /** The file is gone: the call keeps its date, length and transcript, without a recording. */
    async forgetRecording(callId: string, audioKey: string): Promise<void> {
      await db.query('update calls set audio_key = null where id = $1 and audio_key = $2', [
        callId,
        audioKey,
      ]);
    },

    /** Calls on a Free Sample or Pay Per Call made before `olderThan` that still hold words. */
    async expiredOneCallTranscripts(olderThan: Date, limit: number): Promise<string[]> {
      const { rows } = await db.query<{ id: string }>(
        `select c.id from calls c
         join call_reservations r on r.call_sid = c.call_sid
         where r.plan = any($1::text[]) and c.created_at < $2
           and (c.transcript <> '' or c.summary <> '')
         order by c.created_at
         limit $3`,
        [ONE_CALL_PLANS, olderThan, limit],
      );
      return rows.map((row) => row.id);
    },

    /** Clears what was said; the call stays in the family's history by its date and length. */
    async clearTranscripts(callIds: string[]): Promise<number> {
      if (callIds.length === 0) return 0;
      const { rowCount } = await db.query(
        `update calls set transcript = '', summary = '' where id = any($1::uuid[])`,
        [callIds],
      );
      return rowCount;
    },

    /** When the family's child last called Santa: a call is use of the account too. */
    async lastCallAt(userId: string): Promise<Date | null> {
      const { rows } = await db.query<{ at: Date | null }>(
        'select max(created_at) as at from calls where user_id = $1',
        [userId],
      );
      return rows[0]?.at ? new Date(rows[0].at) : null;
    },
  };
}

export type CallRetention = ReturnType<typeof createCallRetention>;
