import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';

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
      const { rows } = await db.query<{ failures: number; waited: number }>(
        `select failures, extract(epoch from now() - last_failure_at)::float8 as waited
         from sign_in_failures where key_hash = $1`,
        [keyOf(userId, client)],
      );
      const row = rows[0];
      if (!row || row.waited >= FORGET_AFTER_SECONDS) return;
      const wait = Math.ceil(delaySeconds(row.failures) - row.waited);
      if (wait > 0) throw new AppError('rate_limited', TOO_MANY_TRIES, { 'Retry-After': String(wait) });
    },

    async recordFailure(userId: string, client: string): Promise<void> {
      await db.query(
        `insert into sign_in_failures (key_hash, user_id, failures, last_failure_at)
         values ($1, $2, 1, now())
         on conflict (key_hash) do update set
           failures = case
             when sign_in_failures.last_failure_at < now() - make_interval(secs => $3::double precision) then 1
             else sign_in_failures.failures + 1 end,
           last_failure_at = now()`,
        [keyOf(userId, client), userId, FORGET_AFTER_SECONDS],
      );
    },

    async clear(userId: string, client: string): Promise<void> {
      await db.query('delete from sign_in_failures where key_hash = $1', [keyOf(userId, client)]);
    },

    /** Hourly housekeeping: rows of clients that stopped trying a day ago. */
    async deleteStale(): Promise<number> {
      const { rowCount } = await db.query(
        `delete from sign_in_failures where last_failure_at < now() - make_interval(secs => $1::double precision)`,
        [FORGET_AFTER_SECONDS],
      );
      return rowCount;
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
