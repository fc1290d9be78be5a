import type { CallRecap } from '@santa/shared/recap';
import type { Queryable } from '../../db/db.ts';
import { placeholders } from '../../db/sql-array.ts';

/**
 * Another module's write in the statement that fills a call's summary: an insert over
 * `summarized`, the call this statement filled (its id, user_id and created_at; no row when
 * another try filled it first). `param` gives the placeholder of a value of the write's own.
 */
export type SummaryWrite = (param: (value: unknown) => string, summarized: string) => string;

/** One call's summary to fill, with the other modules' writes that go with it. */
export interface SummaryFill {
  conversationId: string;
  written: { summary: string; recap: CallRecap };
  writes: { memories: SummaryWrite; recapEmail?: SummaryWrite };
}

/**
 * Undefined when another try filled it; else the recap email as its insert returned it (at least
 * its id), if one.
 */
export type Filled = { recapEmail: { id: string } | null } | undefined;

/**
 * Fills summaries and their recaps once, each with its memories and recap email in the same
 * statement: a retried job never overwrites a summary already written, nor adds to what its first
 * try kept. The calls given together are filled by one statement, one set of writes per call, so
 * all of them land or none does. Each call appears once: two updates of one row in one statement
 * would see the same snapshot, and only one would take effect.
 */
export async function fillSummaries(q: Queryable, fills: SummaryFill[]): Promise<Filled[]> {
  if (new Set(fills.map((fill) => fill.conversationId)).size < fills.length) {
    throw new Error('a call can be filled once per statement');
  }
  const withEmail = fills.some((fill) => fill.writes.recapEmail);
  if (withEmail && !fills.every((fill) => fill.writes.recapEmail)) {
    throw new Error('the summaries of one statement either all send a recap or none does');
  }
  const { values, param } = placeholders();
  const writes = fills.map((fill, i) => fillWrites(fill, i, param));
  const selects = fills.map((_fill, i) =>
    withEmail
      ? `select ${i} as fill, recapped_${i}.* from summarized_${i} left join recapped_${i} on true`
      : `select ${i} as fill, null::uuid as id from summarized_${i}`,
  );
  const { rows } = await q.query<{ fill: number; id: string | null }>(
    `with ${writes.join(',\n     ')}\n     ${selects.join('\n     union all ')}`,
    values,
  );
  const filled: Filled[] = fills.map(() => undefined);
  for (const { fill, ...row } of rows)
    filled[fill] = { recapEmail: row.id === null ? null : { ...row, id: row.id } };
  return filled;
}

/** The call's update as `summarized_<i>`, then its memories and recap email over it. */
function fillWrites(
  { conversationId, written, writes }: SummaryFill,
  i: number,
  param: (value: unknown) => string,
) {
  const summarized = `summarized_${i}`;
  const ctes = [
    `${summarized} as (
       update calls set summary = ${param(written.summary)}, recap = ${param(JSON.stringify(written.recap))}::jsonb
       where conversation_id = ${param(conversationId)} and summary = ''
       returning id, user_id, created_at
     )`,
    `remembered_${i} as (${writes.memories(param, summarized)})`,
  ];
  if (writes.recapEmail) ctes.push(`recapped_${i} as (${writes.recapEmail(param, summarized)})`);
  return ctes.join(',\n     ');
}
