import type { Db, Queryable } from '../../db/db.ts';

/** A parent account unused long enough for the retention schedule to act on. */
export interface InactiveAccount {
  id: string;
  last_active_at: Date;
}

export interface InactivityRule {
  /** Now, on the schedule's own clock. */
  now: Date;
  /** Unused this many months, the account is deleted. */
  months: number;
  /** The warning goes this many days before. */
  warningDays: number;
}

/**
 * When each account was last used (a sign-in, or a session in use: migrations/0037) and when
 * it was warned. A warning counts only while it is later than the last use, so a sign-in after
 * it cancels the deletion without anything else to undo. Admin accounts are never inactive.
 */
export function createAccountActivity(db: Db) {
  return {
    /** Accounts that reach their deletion within the warning period and have not been warned since. */
    async dueForWarning(rule: InactivityRule, limit: number): Promise<InactiveAccount[]> {
      const { rows } = await db.query<InactiveAccount>(
        `select id, last_active_at from users
         where role = 'parent'
           and last_active_at < $1::timestamptz - make_interval(months => $2) + make_interval(days => $3)
           and (inactivity_warned_at is null or inactivity_warned_at < last_active_at)
         order by last_active_at
         limit $4`,
        [rule.now, rule.months, rule.warningDays, limit],
      );
      return rows;
    },

    /** Recorded in the same transaction that queues the email. */
    async markWarned(q: Queryable, userId: string, at: Date): Promise<void> {
      await q.query('update users set inactivity_warned_at = $2 where id = $1', [userId, at]);
    },

    /**
     * Accounts unused for the whole period and warned at least the warning period ago, with no
     * use since the warning; with `userId`, only that one (checked again right before deleting).
     */
    async dueForDeletion(rule: InactivityRule, limit: number, userId?: string): Promise<InactiveAccount[]> {
      const { rows } = await db.query<InactiveAccount>(
        `select id, last_active_at from users
         where role = 'parent'
           and ($5::uuid is null or id = $5::uuid)
           and last_active_at < $1::timestamptz - make_interval(months => $2)
           and inactivity_warned_at >= last_active_at
           and inactivity_warned_at <= $1::timestamptz - make_interval(days => $3)
         order by last_active_at
         limit $4`,
        [rule.now, rule.months, rule.warningDays, limit, userId ?? null],
      );
      return rows;
    },

    /**
     * Use the account itself does not see (the child called Santa; a pass is running): moves
     * the last use forward, never back, so the account leaves the lists above.
     */
    async markActiveAt(userId: string, at: Date): Promise<void> {
      await db.query('update users set last_active_at = greatest(last_active_at, $2) where id = $1', [
        userId,
        at,
      ]);
    },
  };
}

export type AccountActivity = ReturnType<typeof createAccountActivity>;
