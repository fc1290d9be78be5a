import type { Queryable } from '../../db/db.ts';

export interface ShareLinkRow {
  id: string;
  call_id: string;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

const COLUMNS = 'id, call_id, user_id, expires_at, revoked_at, created_at';

export async function insertShareLink(
  q: Queryable,
  link: { tokenHash: string; callId: string; userId: string; expiresAt: Date },
): Promise<ShareLinkRow> {
  const { rows } = await q.query<ShareLinkRow>(
    `insert into call_share_links (token_hash, call_id, user_id, expires_at)
     values ($1, $2, $3, $4) returning ${COLUMNS}`,
    [link.tokenHash, link.callId, link.userId, link.expiresAt],
  );
  return rows[0]!;
}

/** The call's links still working at `now`, newest first. */
export async function listActiveLinks(
  q: Queryable,
  userId: string,
  callId: string,
  now: Date,
): Promise<ShareLinkRow[]> {
  const { rows } = await q.query<ShareLinkRow>(
    `select ${COLUMNS} from call_share_links
     where user_id = $1 and call_id = $2 and revoked_at is null and expires_at > $3
     order by created_at desc, id desc`,
    [userId, callId, now],
  );
  return rows;
}

export async function findByTokenHash(q: Queryable, tokenHash: string): Promise<ShareLinkRow | undefined> {
  const { rows } = await q.query<ShareLinkRow>(
    `select ${COLUMNS} from call_share_links where token_hash = $1`,
    [tokenHash],
  );
  return rows[0];
}

/** Answers whether a working link of the parent's own call was turned off by this request. */
export async function revokeLink(
  q: Queryable,
  link: { id: string; callId: string; userId: string },
  now: Date,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update call_share_links set revoked_at = $4
     where id = $1 and call_id = $2 and user_id = $3 and revoked_at is null`,
    [link.id, link.callId, link.userId, now],
  );
  return rowCount > 0;
}

/** The family's links that still work, across all its calls (the admin's user view). */
export async function countActiveLinks(q: Queryable, userId: string, now: Date): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from call_share_links
     where user_id = $1 and revoked_at is null and expires_at > $2`,
    [userId, now],
  );
  return rows[0]?.n ?? 0;
}
