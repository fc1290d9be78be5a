import type { CallRecap } from '@santa/shared/recap';
import type { Queryable } from '../../db/db.ts';
import { placeholders } from '../../db/sql-array.ts';

/**
 * Another module's write in the statement that fills a call's summary: an insert over
 * `summarized`, the call this statement filled (its id, user_id and created_at; no row when
 * another try filled it first). `param` gives the placeholder of a value of the write's own.
 */
export type SummaryWrite = (param: (value: unknown) => string, summarized: string) => string;

/**
 * Fills a summary and its recap once, with the memories and the recap email in the same
 * statement: a retried job never overwrites a summary already written, nor adds to what its
 * first try kept. Undefined when another try filled it; else the recap email as its insert
 * returned it (at least its id), if one.
 */
export async function fillSummary(
  q: Queryable,
  conversationId: string,
  written: { summary: string; recap: CallRecap },
  writes: { memories: SummaryWrite; recapEmail?: SummaryWrite },
): Promise<{ recapEmail: { id: string } | null } | undefined> {
  const { summary, recap } = written;
  const { values, param } = placeholders([conversationId, summary, JSON.stringify(recap)]);
  const memories = writes.memories(param, 'summarized');
  const recapEmail = writes.recapEmail?.(param, 'summarized');
  const { rows } = await q.query<{ id: string | null }>(
    `with summarized as (
       update calls set summary = $2, recap = $3::jsonb where conversation_id = $1 and summary = ''
       returning id, user_id, created_at
     ),
     remembered as (${memories})${recapEmail ? `,\n     recapped as (${recapEmail})` : ''}
     select ${recapEmail ? 'recapped.* from summarized left join recapped on true' : 'null::uuid as id from summarized'}`,
    values,
  );
  const row = rows[0];
  return row && { recapEmail: row.id === null ? null : { ...row, id: row.id } };
}
