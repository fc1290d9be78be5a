import type { Queryable } from '../../db/db.ts';

/** Owns password_reset_requests: "forgot password" requests waiting for their lookup job. */

export async function insertRequest(q: Queryable, email: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'insert into password_reset_requests (email) values ($1) returning id',
    [email],
  );
  return rows[0]!.id;
}

/** The request's address, deleted as it is read: a job run twice sends one link. */
export async function takeRequest(q: Queryable, id: string): Promise<string | undefined> {
  const { rows } = await q.query<{ email: string }>(
    'delete from password_reset_requests where id = $1 returning email',
    [id],
  );
  return rows[0]?.email;
}
