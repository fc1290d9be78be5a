import type { Queryable } from '../../db/db.ts';

/**
 * Which child a call was with is the voice module's (the calls table); the children module asks
 * this when a child is removed: their calls stay the family's, attributed to nobody.
 */
export async function forgetCallChild(q: Queryable, userId: string, childId: string): Promise<void> {
  await q.query('update calls set child_id = null where user_id = $1 and child_id = $2', [userId, childId]);
}
