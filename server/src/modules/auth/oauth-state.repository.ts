import type { Queryable } from '../../db/db.ts';

export interface OAuthStateRow {
  code_verifier: string;
  nonce: string;
}

export async function insertOAuthState(
  q: Queryable,
  state: { stateHash: string; codeVerifier: string; nonce: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `insert into oauth_states (state_hash, code_verifier, nonce, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4::double precision))`,
    [state.stateHash, state.codeVerifier, state.nonce, state.ttlSeconds],
  );
}

/** Deleting while reading makes a state usable exactly once, even when a callback is replayed. */
export async function consumeOAuthState(q: Queryable, stateHash: string): Promise<OAuthStateRow | undefined> {
  const { rows } = await q.query<OAuthStateRow & { expired: boolean }>(
    `delete from oauth_states where state_hash = $1
     returning code_verifier, nonce, expires_at <= now() as expired`,
    [stateHash],
  );
  const row = rows[0];
  return row && !row.expired ? { code_verifier: row.code_verifier, nonce: row.nonce } : undefined;
}

export async function deleteExpiredOAuthStates(q: Queryable): Promise<number> {
  const { rowCount } = await q.query('delete from oauth_states where expires_at <= now()');
  return rowCount;
}
