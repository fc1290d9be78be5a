import type { SafetyFinding } from '@santa/shared/safety';
import type { Queryable } from '../../db/db.ts';
import { placeholders, sqlArray } from '../../db/sql-array.ts';

export interface SafetyReview {
  callId: string;
  flagged: boolean;
  findings: SafetyFinding[];
  checks: string[];
}

/**
 * Written once per call, in one statement for several: a retried job finds its read already
 * stored and leaves it, and a call deleted since it was read is skipped.
 */
export async function insertReviews(q: Queryable, reviews: SafetyReview[]): Promise<void> {
  const { values, param } = placeholders();
  const column = (type: string, value: (review: SafetyReview) => unknown) =>
    sqlArray(reviews.map(value), type, param);
  const columns = [
    column('uuid', (review) => review.callId),
    column('boolean', (review) => review.flagged),
    column('text', (review) => JSON.stringify(review.findings)),
    column('text', (review) => JSON.stringify(review.checks)),
  ];
  await q.query(
    `insert into call_safety_reviews (call_id, flagged, findings, checks)
     select r.call_id, r.flagged, r.findings::jsonb, array(select jsonb_array_elements_text(r.checks::jsonb))
     from unnest(${columns.join(', ')}) as r(call_id, flagged, findings, checks)
     where exists (select 1 from calls c where c.id = r.call_id)
     on conflict (call_id) do nothing`,
    values,
  );
}

/**
 * Whether the call whose id is `callId` (an SQL expression) has its read stored: a column of the
 * voice module's after-call read, so that a retried job does not read the transcript twice.
 */
export function isReadSql(callId: string): string {
  return `exists (select 1 from call_safety_reviews r where r.call_id = ${callId})`;
}

/**
 * The read of the call whose id is `callId` (an SQL expression), as a JSON object of its flag and
 * findings, or null: a column of the parent's history, read in the history's statement.
 */
export function reviewOfCall(callId: string): string {
  return `(select json_build_object('flagged', r.flagged, 'findings', r.findings)
     from call_safety_reviews r where r.call_id = ${callId})`;
}

/** Calls read, calls flagged, and flagged calls per reason: counts only, never the words. */
export async function countFlags(
  q: Queryable,
): Promise<{ reviewed: number; flagged: number; reasons: { reason: string; calls: number }[] }> {
  const totals = await q.query<{ reviewed: number; flagged: number }>(
    'select count(*)::int as reviewed, count(*) filter (where flagged)::int as flagged from call_safety_reviews',
  );
  const reasons = await q.query<{ reason: string; calls: number }>(
    `select f.finding->>'reason' as reason, count(distinct r.call_id)::int as calls
     from call_safety_reviews r, jsonb_array_elements(r.findings) as f(finding)
     where r.flagged
     group by 1 order by 2 desc, 1`,
  );
  return {
    reviewed: totals.rows[0]?.reviewed ?? 0,
    flagged: totals.rows[0]?.flagged ?? 0,
    reasons: reasons.rows,
  };
}
