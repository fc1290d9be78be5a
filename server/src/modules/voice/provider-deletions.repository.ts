import type { Queryable } from '../../db/db.ts';
import { placeholders, sqlArray } from '../../db/sql-array.ts';

/** Owns provider_conversation_deletions: the voice provider's copies still to delete. */

/**
 * To be deleted once its audio is stored or it is released: no clock deletes it before. An insert
 * of the conversations `from` selects (a column `conversation_id`), for a statement that stores
 * the call the deletion is for.
 */
export function scheduleDeletionsOf(from: string): string {
  return `insert into provider_conversation_deletions (conversation_id, due_at)
     select conversation_id, 'infinity' from ${from} on conflict (conversation_id) do nothing`;
}

/** Due after `seconds` (0: at the next run). */
export async function dueIn(q: Queryable, conversationId: string, seconds: number): Promise<void> {
  await q.query(
    `update provider_conversation_deletions set due_at = now() + make_interval(secs => $2)
     where conversation_id = $1`,
    [conversationId, seconds],
  );
}

/** The provider confirmed these deletions. */
export async function deleteDone(q: Queryable, conversationIds: string[]): Promise<void> {
  const { values, param } = placeholders();
  await q.query(
    `delete from provider_conversation_deletions where conversation_id = any(${sqlArray(conversationIds, 'text', param)})`,
    values,
  );
}

export async function findDue(q: Queryable, limit: number): Promise<string[]> {
  const { rows } = await q.query<{ conversation_id: string }>(
    `select conversation_id from provider_conversation_deletions where due_at <= now()
     order by due_at limit $1`,
    [limit],
  );
  return rows.map((row) => row.conversation_id);
}
