import { isForeignKeyViolation, type Queryable } from '../../db/db.ts';

export type TokenPurpose = 'password_reset' | 'verify_email';

/** False when the account is gone, deleted before the token or while it was written. */
export async function insertAccountToken(
  q: Queryable,
  token: { tokenHash: string; userId: string; purpose: TokenPurpose; email: string; ttlSeconds: number },
): Promise<boolean> {
  try {
    await q.query(
      `insert into account_tokens (token_hash, user_id, purpose, email, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision))`,
      [token.tokenHash, token.userId, token.purpose, token.email, token.ttlSeconds],
    );
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error, 'account_tokens_user_id_fkey')) return false;
    throw error;
  }
}

export interface ConsumedToken {
  user_id: string;
  email: string;
  expired: boolean;
}

/** Deleting while reading makes a link usable exactly once, even when opened twice at once. */
export async function consumeAccountToken(
  q: Queryable,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<ConsumedToken | undefined> {
  const { rows } = await q.query<ConsumedToken>(
    `delete from account_tokens where token_hash = $1 and purpose = $2
     returning user_id, email, expires_at <= now() as expired`,
    [tokenHash, purpose],
  );
  return rows[0];
}

/** Every other link of that kind dies with the one used (a new password, a verified address). */
export async function deleteAccountTokens(
  q: Queryable,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await q.query('delete from account_tokens where user_id = $1 and purpose = $2', [userId, purpose]);
}

export async function deleteExpiredAccountTokens(q: Queryable): Promise<number> {
  const { rowCount } = await q.query('delete from account_tokens where expires_at <= now()');
  return rowCount;
}
