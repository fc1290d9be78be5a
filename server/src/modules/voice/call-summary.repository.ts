import type { CallRecap } from '@santa/shared/recap';
import type { Queryable } from '../../db/db.ts';

/** What the summary job needs of a stored call, and whether its summary is written already. */
export async function findCallToSummarize(
  q: Queryable,
  conversationId: string,
): Promise<
  { id: string; user_id: string; duration: number; transcript: string; summarized: boolean } | undefined
> {
  const { rows } = await q.query<{
    id: string;
    user_id: string;
    duration: number;
    transcript: string;
    summarized: boolean;
  }>(
    `select id, user_id, duration, transcript, summary <> '' as summarized
     from calls where conversation_id = $1`,
    [conversationId],
  );
  return rows[0];
}

/**
 * Fills a summary and its recap once: a retried job never overwrites one already written.
 * Answers the call when this write was the one that filled it (undefined otherwise).
 */
export async function setSummary(
  q: Queryable,
  conversationId: string,
  summary: string,
  recap: CallRecap | null,
): Promise<{ id: string; user_id: string; duration: number } | undefined> {
  const { rows } = await q.query<{ id: string; user_id: string; duration: number }>(
    `update calls set summary = $2, recap = $3::jsonb where conversation_id = $1 and summary = ''
     returning id, user_id, duration`,
    [conversationId, summary, recap === null ? null : JSON.stringify(recap)],
  );
  return rows[0];
}
