import type { Queryable } from '../../db/db.ts';

/** Owns sign_in_failures: wrong passwords per (account, client), keyed by a hash of both. */

export async function findFailures(
  q: Queryable,
  keyHash: string,
): Promise<{ failures: number; waited: number } | undefined> {
  const { rows } = await q.query<{ failures: number; waited: number }>(
    `select failures, extract(epoch from now() - last_failure_at)::float8 as waited
     from sign_in_failures where key_hash = $1`,
    [keyHash],
  );
  return rows[0];
}

/** One more failure; a count older than `forgetAfterSeconds` starts again at one. */
export async function recordFailure(
  q: Queryable,
  keyHash: string,
  userId: string,
  forgetAfterSeconds: number,
): Promise<void> {
  await q.query(
    `insert into sign_in_failures (key_hash, user_id, failures, last_failure_at)
     values ($1, $2, 1, now())
     on conflict (key_hash) do update set
       failures = case
         when sign_in_failures.last_failure_at < now() - make_interval(secs => $3::double precision) then 1
         else sign_in_failures.failures + 1 end,
       last_failure_at = now()`,
    [keyHash, userId, forgetAfterSeconds],
  );
}

export async function clearFailures(q: Queryable, keyHash: string): Promise<void> {
  await q.query('delete from sign_in_failures where key_hash = $1', [keyHash]);
}

export async function deleteStaleFailures(q: Queryable, forgetAfterSeconds: number): Promise<number> {
  const { rowCount } = await q.query(
    `delete from sign_in_failures where last_failure_at < now() - make_interval(secs => $1::double precision)`,
    [forgetAfterSeconds],
  );
  return rowCount;
}
