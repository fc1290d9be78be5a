import type { Queryable } from '../../db/db.ts';

export interface ListenerRow {
  id: string;
  user_id: string;
  email: string;
  name: string;
  token_hash: string | null;
  invited_at: Date;
  listener_user_id: string | null;
  accepted_at: Date | null;
}

const COLUMNS = 'id, user_id, email, name, token_hash, invited_at, listener_user_id, accepted_at';

export async function listForFamily(q: Queryable, userId: string): Promise<ListenerRow[]> {
  const { rows } = await q.query<ListenerRow>(
    `select ${COLUMNS} from family_listeners where user_id = $1 order by invited_at, id`,
    [userId],
  );
  return rows;
}

/** The new invitation's id; undefined when the family already invited that address. */
export async function insertInvite(
  q: Queryable,
  invite: { userId: string; email: string; name: string },
): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `insert into family_listeners (user_id, email, name) values ($1, $2, $3)
     on conflict (user_id, email) do nothing returning id`,
    [invite.userId, invite.email, invite.name],
  );
  return rows[0]?.id;
}

export async function deleteListener(q: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from family_listeners where id = $1 and user_id = $2', [
    id,
    userId,
  ]);
  return rowCount > 0;
}

/** A fresh token for the invitation's link: the one emailed now is the one that works. */
export async function setTokenHash(
  q: Queryable,
  id: string,
  tokenHash: string,
): Promise<ListenerRow | undefined> {
  const { rows } = await q.query<ListenerRow>(
    `update family_listeners set token_hash = $2, invited_at = now()
     where id = $1 and listener_user_id is null returning ${COLUMNS}`,
    [id, tokenHash],
  );
  return rows[0];
}

/** `lock`: the row is held until the transaction ends (accepting it). */
export async function findByTokenHash(
  q: Queryable,
  tokenHash: string,
  lock = true,
): Promise<ListenerRow | undefined> {
  const { rows } = await q.query<ListenerRow>(
    `select ${COLUMNS} from family_listeners where token_hash = $1${lock ? ' for update' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

/** The invitation becomes this account's membership; its link stops working. */
export async function accept(q: Queryable, id: string, listenerUserId: string): Promise<void> {
  await q.query(
    `update family_listeners set listener_user_id = $2, accepted_at = now(), token_hash = null
     where id = $1`,
    [id, listenerUserId],
  );
}

/** The families this account listens to. */
export async function listMemberships(q: Queryable, listenerUserId: string): Promise<ListenerRow[]> {
  const { rows } = await q.query<ListenerRow>(
    `select ${COLUMNS} from family_listeners where listener_user_id = $1 order by accepted_at, id`,
    [listenerUserId],
  );
  return rows;
}

export async function findMembership(
  q: Queryable,
  id: string,
  listenerUserId: string,
): Promise<ListenerRow | undefined> {
  const { rows } = await q.query<ListenerRow>(
    `select ${COLUMNS} from family_listeners where id = $1 and listener_user_id = $2`,
    [id, listenerUserId],
  );
  return rows[0];
}
