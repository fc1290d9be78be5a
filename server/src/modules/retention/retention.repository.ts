import type { Queryable } from '../../db/db.ts';

/** A family that chose "delete after N days" for its recordings. */
export interface FamilyKeepDays {
  user_id: string;
  keep_days: number;
}

/** The family's choice: null keeps recordings until the parent deletes them. */
export async function findKeepDays(q: Queryable, userId: string): Promise<number | null> {
  const { rows } = await q.query<{ keep_days: number | null }>(
    'select keep_days from recording_retention_choices where user_id = $1',
    [userId],
  );
  return rows[0]?.keep_days ?? null;
}

export async function saveKeepDays(q: Queryable, userId: string, keepDays: number | null): Promise<void> {
  await q.query(
    `insert into recording_retention_choices (user_id, keep_days) values ($1, $2)
     on conflict (user_id) do update set keep_days = excluded.keep_days, updated_at = now()`,
    [userId, keepDays],
  );
}

/** Families with a "delete after N days" choice, a page at a time (by user id). */
export async function listKeepDays(
  q: Queryable,
  after: string | null,
  limit: number,
): Promise<FamilyKeepDays[]> {
  const { rows } = await q.query<FamilyKeepDays>(
    `select user_id, keep_days from recording_retention_choices
     where keep_days is not null and ($1::uuid is null or user_id > $1::uuid)
     order by user_id
     limit $2`,
    [after, limit],
  );
  return rows;
}
