import type { Queryable } from '../../db/db.ts';

/**
 * The children module's own table emptied for a family: the santa module asks it when the first
 * child goes (Pay Per Call deletes the child's information after its call), in its transaction.
 */
export async function deleteAllChildren(q: Queryable, userId: string): Promise<void> {
  await q.query('delete from children where user_id = $1', [userId]);
}
