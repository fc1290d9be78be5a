import { PASSWORD_RESET_MINUTES } from '@santa/shared/auth';
import type { Db } from '../../db/db.ts';
import * as repo from './account-tokens.repository.ts';
import type { ConsumedToken, TokenPurpose } from './account-tokens.repository.ts';
import { emailOf } from './auth.repository.ts';
import { hashToken, newToken } from './tokens.ts';

/** A verification link outlives a weekend away from the inbox; a reset link does not. */
const VERIFY_EMAIL_SECONDS = 7 * 24 * 60 * 60;

/** The client pages that read these links; the token travels in the #fragment, never to a log. */
export const RESET_PASSWORD_PATH = '/reset-password';
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * The single-use links of the account emails. The token exists only in the link; the database
 * keeps its SHA-256, so a leaked table opens no account.
 */
export function createAccountTokens(db: Db, options: { publicUrl: string }) {
  /** Undefined once the account is gone: its email is no longer wanted. */
  async function mint(userId: string, purpose: TokenPurpose, email: string, ttlSeconds: number) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const minted = await repo.insertAccountToken(db, { tokenHash, userId, purpose, email, ttlSeconds });
    return minted ? token : undefined;
  }

  return {
    /** Undefined once the account is gone. */
    async passwordResetUrl(userId: string): Promise<{ url: string; validMinutes: number } | undefined> {
      const email = (await emailOf(db, userId)) ?? '';
      const token = await mint(userId, 'password_reset', email, PASSWORD_RESET_MINUTES * 60);
      if (!token) return undefined;
      return {
        url: `${options.publicUrl}${RESET_PASSWORD_PATH}#token=${token}`,
        validMinutes: PASSWORD_RESET_MINUTES,
      };
    },

    /** Undefined once the account is gone. */
    async verifyEmailUrl(userId: string, email: string): Promise<string | undefined> {
      const token = await mint(userId, 'verify_email', email, VERIFY_EMAIL_SECONDS);
      return token === undefined ? undefined : `${options.publicUrl}${VERIFY_EMAIL_PATH}#token=${token}`;
    },

    /** Uses up a link: undefined when it never existed or was used already. */
    consume: (token: string, purpose: TokenPurpose): Promise<ConsumedToken | undefined> =>
      repo.consumeAccountToken(db, hashToken(token), purpose),

    /** Every outstanding link of that kind stops working. */
    revoke: (userId: string, purpose: TokenPurpose) => repo.deleteAccountTokens(db, userId, purpose),

    deleteExpired: () => repo.deleteExpiredAccountTokens(db),
  };
}

export type AccountTokens = ReturnType<typeof createAccountTokens>;
