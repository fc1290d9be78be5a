import type { Queryable } from '../../db/db.ts';

/**
 * The first child lives in kid_profiles, which the santa module owns (decision 0024): the
 * children module changes it only through these, in its own transaction.
 */

/** Sets the first child's details; false when `childId` is not this family's first child. */
export async function updateFirstChild(
  q: Queryable,
  userId: string,
  childId: string,
  details: Record<string, unknown>,
): Promise<boolean> {
  const fields = Object.keys(details);
  const sets = fields.map((field, i) => `${field} = $${i + 3}`).join(', ');
  const { rowCount } = await q.query(
    `update kid_profiles set ${sets}, updated_at = now() where user_id = $1 and first_child_id = $2`,
    [userId, childId, ...fields.map((field) => details[field])],
  );
  return rowCount > 0;
}

export async function setUsualCaller(q: Queryable, userId: string, childId: string | null): Promise<void> {
  await q.query('update kid_profiles set usual_caller_child_id = $2 where user_id = $1', [userId, childId]);
}

/** A child removed: no longer the one who usually calls. */
export async function forgetUsualCaller(q: Queryable, userId: string, childId: string): Promise<void> {
  await q.query(
    'update kid_profiles set usual_caller_child_id = null where user_id = $1 and usual_caller_child_id = $2',
    [userId, childId],
  );
}
