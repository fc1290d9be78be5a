import bcrypt from 'bcrypt';
import type { ChangeEmailRequest, ChangePasswordRequest, ResetPasswordRequest } from '@santa/shared/auth';
import {
  DELETE_WORD,
  RECENT_SIGN_IN_MESSAGE,
  RECENT_SIGN_IN_MINUTES,
  TYPE_DELETE_MESSAGE,
  type DeletionConfirmation,
} from '@santa/shared/privacy';
import type { Db } from '../../db/db.ts';
import { isUniqueViolation } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../http/session-user.ts';
import type { AccountTokens } from './account-tokens.ts';
import * as repo from './auth.repository.ts';
import { createSignInThrottle } from './sign-in-throttle.ts';
import { hashToken } from './tokens.ts';

/** The emails these actions send, in the email module's hands. */
export interface AccountEmails {
  passwordReset(userId: string): Promise<unknown>;
  verifyEmail(userId: string, email: string, change: boolean): Promise<unknown>;
}

export interface AccountServiceDeps {
  db: Db;
  tokens: AccountTokens;
  emails: AccountEmails;
  /** "Forgot password" requests, looked up by a job (password-reset-requests.ts). */
  resetRequests: { request(email: string): Promise<void> };
  adminEmail: string;
  hashPassword(password: string): Promise<string>;
  /** Drops what this replica remembers of the user's sessions (their account changed). */
  forgetUser(userId: string): void;
}

const RESET_EXPIRED = 'This reset link has expired. Ask for a new one from the sign-in page.';
const RESET_USED =
  'This reset link has already been used or is not valid. Ask for a new one from the sign-in page.';
const VERIFY_EXPIRED = 'This confirmation link has expired. Ask for a new one from your account page.';
const VERIFY_USED = 'This confirmation link has already been used or is not valid.';
const WRONG_PASSWORD = 'Your current password is not right.';
const EMAIL_TAKEN = 'Another account already uses that email address.';

/**
 * What a parent does with their account beyond signing in: forgotten and changed passwords,
 * a changed or confirmed email address. Links are single-use (account-tokens.ts).
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, tokens } = deps;
  const throttle = createSignInThrottle(db);

  /** The current password, with sign-in's slow-down: a stolen session cannot guess it quickly. */
  async function checkPassword(user: repo.UserRow, password: string | undefined, client: string) {
    if (!user.password_hash) return;
    await throttle.check(user.id, client);
    if (!password || !(await bcrypt.compare(password, user.password_hash))) {
      await throttle.recordFailure(user.id, client);
      throw new AppError('forbidden', WRONG_PASSWORD);
    }
    await throttle.clear(user.id, client);
  }

  async function accountOf(userId: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('unauthenticated', 'Not authenticated');
    return user;
  }

  return {
    /**
     * Sends a reset link when a parent has this address; says nothing either way, so nobody
     * learns who has an account. The admin's password is set by ADMIN_PASSWORD, not by email.
     */
    /** The same work for every address: the lookup happens in the job (password-reset-requests.ts). */
    requestPasswordReset: (email: string): Promise<void> => deps.resetRequests.request(email),

    /** Sets the new password and signs the account out everywhere: whoever had it is out. */
    async resetPassword(input: ResetPasswordRequest): Promise<void> {
      const link = await tokens.consume(input.token, 'password_reset');
      if (!link) throw new AppError('bad_request', RESET_USED);
      if (link.expired) throw new AppError('bad_request', RESET_EXPIRED);
      const passwordHash = await deps.hashPassword(input.password);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, link.user_id, passwordHash);
        await repo.deleteAllSessions(tx, link.user_id);
        // The reset proved the parent reads this inbox.
        await repo.markEmailVerified(tx, link.user_id, link.email);
      });
      await tokens.revoke(link.user_id, 'password_reset');
      deps.forgetUser(link.user_id);
    },

    /** Needs the current password; every other device is signed out, this one stays. */
    async changePassword(
      user: SessionUser,
      sessionToken: string,
      input: ChangePasswordRequest,
      client: string,
    ): Promise<void> {
      const account = await accountOf(user.id);
      if (!account.password_hash) {
        throw new AppError(
          'bad_request',
          'This account signs in with Google and has no password. Use "Forgot password?" on the sign-in page to set one.',
        );
      }
      await checkPassword(account, input.current_password, client);
      const passwordHash = await deps.hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await repo.setPasswordHash(tx, user.id, passwordHash);
        await repo.deleteOtherSessions(tx, user.id, hashToken(sessionToken));
      });
      // A reset link asked for before the change would undo it.
      await tokens.revoke(user.id, 'password_reset');
      deps.forgetUser(user.id);
    },

    /** Sends a link to the new address; the account keeps the old one until it is opened. */
    async requestEmailChange(user: SessionUser, input: ChangeEmailRequest, client: string): Promise<void> {
      if (user.role === 'admin')
        throw new AppError('forbidden', "The admin's address is set by ADMIN_EMAIL.");
      const account = await accountOf(user.id);
      if (input.new_email === account.email) {
        throw new AppError('bad_request', 'That is already your email address.');
      }
      await checkPassword(account, input.password, client);
      if (input.new_email === deps.adminEmail || (await repo.findUserByEmail(db, input.new_email))) {
        throw new AppError('conflict', EMAIL_TAKEN);
      }
      await deps.emails.verifyEmail(user.id, input.new_email, true);
    },

    /**
     * A parent proves it is them before deleting: the password (with sign-in's slow-down). A
     * Google-only account has none, so it types DELETE and must have signed in within the last
     * few minutes: a session left open on a shared computer cannot delete the family.
     */
    async confirmIdentity(
      user: SessionUser,
      sessionToken: string,
      input: DeletionConfirmation,
      client: string,
    ): Promise<void> {
      const account = await accountOf(user.id);
      if (account.password_hash) {
        if (!input.password) throw new AppError('forbidden', 'Please enter your password to confirm.');
        await checkPassword(account, input.password, client);
        return;
      }
      if (input.confirm?.trim() !== DELETE_WORD) throw new AppError('forbidden', TYPE_DELETE_MESSAGE);
      const startedAt = await repo.sessionStartedAt(db, hashToken(sessionToken));
      if (!startedAt || Date.now() - startedAt.getTime() > RECENT_SIGN_IN_MINUTES * 60_000) {
        throw new AppError('forbidden', RECENT_SIGN_IN_MESSAGE);
      }
    },

    /** A new link to the account's own address, for a parent who lost the welcome email. */
    async resendVerification(user: SessionUser): Promise<void> {
      if (user.email_verified) throw new AppError('bad_request', 'Your email address is already confirmed.');
      await deps.emails.verifyEmail(user.id, user.email, false);
    },

    /** Opens a confirmation link: the account's address is confirmed, or becomes the new one. */
    async verifyEmail(token: string): Promise<{ email: string }> {
      const link = await tokens.consume(token, 'verify_email');
      if (!link) throw new AppError('bad_request', VERIFY_USED);
      if (link.expired) throw new AppError('bad_request', VERIFY_EXPIRED);
      const account = await accountOf(link.user_id).catch(() => {
        throw new AppError('bad_request', VERIFY_USED);
      });
      if (account.email !== link.email) {
        if (link.email === deps.adminEmail) throw new AppError('conflict', EMAIL_TAKEN);
        try {
          await repo.changeEmail(db, account.id, link.email);
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('conflict', EMAIL_TAKEN);
          throw error;
        }
      } else {
        await repo.markEmailVerified(db, account.id, link.email);
      }
      deps.forgetUser(account.id);
      return { email: link.email };
    },

    /** Links nobody opened in time (hourly, with the expired sessions). */
    deleteExpiredTokens: () => tokens.deleteExpired(),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
