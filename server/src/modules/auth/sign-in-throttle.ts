import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './sign-in-failures.repository.ts';

/** Wrong passwords allowed from one client before each further try must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between tries; the right password is never locked out for longer. */
export const MAX_DELAY_SECONDS = 15 * 60;
/** A client's failures are forgotten after a day without one. */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

export const TOO_MANY_TRIES = 'Too many wrong passwords. Please wait a moment and try again.';

/** 2, 4, 8 … seconds after the free failures, up to MAX_DELAY_SECONDS. */
export function delaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - FREE_FAILURES + 1));
}

/**
 * Slows down guessing without locking anyone out: only wrong passwords for an existing account
 * count, keyed by that account and the client's address, and they grow a delay instead of a lock.
 * Someone else's failures (another address) never touch the owner, and a right password after the
 * delay signs in and clears the count.
 */
export function createSignInThrottle(db: Db) {
  const keyOf = (userId: string, client: string) =>
    createHash('sha256').update(`sign-in:${userId}:${client}`).digest('hex');

  return {
    /** Throws 429 with Retry-After while this client must still wait before trying this account. */
    async check(userId: string, client: string): Promise<void> {
      const row = await repo.findFailures(db, keyOf(userId, client));
      if (!row || row.waited >= FORGET_AFTER_SECONDS) return;
      const wait = Math.ceil(delaySeconds(row.failures) - row.waited);
      if (wait > 0) throw new AppError('rate_limited', TOO_MANY_TRIES, { 'Retry-After': String(wait) });
    },

    recordFailure: (userId: string, client: string) =>
      repo.recordFailure(db, keyOf(userId, client), userId, FORGET_AFTER_SECONDS),

    clear: (userId: string, client: string) => repo.clearFailures(db, keyOf(userId, client)),

    /** Hourly housekeeping: rows of clients that stopped trying a day ago. */
    deleteStale: () => repo.deleteStaleFailures(db, FORGET_AFTER_SECONDS),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
