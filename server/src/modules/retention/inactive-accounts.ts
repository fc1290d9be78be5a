import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/db.ts';
import type { AccountActivity, InactivityRule } from '../auth/account-activity.repository.ts';

export interface InactiveAccountSettings {
  inactiveAccountMonths: number;
  inactiveWarningDays: number;
}

export interface InactiveAccountsDeps {
  db: Db;
  logger: Logger;
  settings: InactiveAccountSettings;
  /** The auth module's record of when each account was last used and warned. */
  activity: Pick<AccountActivity, 'dueForWarning' | 'markWarned' | 'dueForDeletion' | 'markActiveAt'>;
  /** Use the account itself does not see: the child's last call, a pass still running. */
  lastCallAt(userId: string): Promise<Date | null>;
  hasRunningPass(userId: string): Promise<boolean>;
  /** The email module: the warning, once per period of inactivity (`eventKey`). */
  warn(tx: Queryable, warning: { userId: string; eventKey: string; deleteOn: Date }): Promise<void>;
  /** The admin's thorough deletion: provider copies, recordings, number, Stripe, then every row. */
  deleteAccount(userId: string): Promise<void>;
  now?: () => Date;
}

const BATCH = 100;

/**
 * Accounts unused for RETENTION_INACTIVE_ACCOUNT_MONTHS are deleted, after a warning email
 * RETENTION_INACTIVE_WARNING_DAYS before. A sign-in after the warning cancels it (the warning
 * then predates the last use); so does a call, or a pass that still renews.
 */
export function createInactiveAccounts(deps: InactiveAccountsDeps) {
  const { db, logger } = deps;
  const now = deps.now ?? (() => new Date());

  /** True when the account was in use after all, now recorded so it leaves the lists. */
  async function inUse(userId: string, since: Date, at: Date): Promise<boolean> {
    const lastCall = await deps.lastCallAt(userId);
    if (lastCall && lastCall > since) {
      await deps.activity.markActiveAt(userId, lastCall);
      return true;
    }
    if (await deps.hasRunningPass(userId)) {
      await deps.activity.markActiveAt(userId, at);
      return true;
    }
    return false;
  }

  return {
    /** The inactive-accounts job: warnings first, then the deletions whose warning has run out. */
    async run(): Promise<{ warned: number; deleted: number }> {
      const at = now();
      const rule: InactivityRule = {
        now: at,
        months: deps.settings.inactiveAccountMonths,
        warningDays: deps.settings.inactiveWarningDays,
      };
      let warned = 0;
      for (const account of await deps.activity.dueForWarning(rule, BATCH)) {
        if (await inUse(account.id, new Date(account.last_active_at), at)) continue;
        const deleteOn = new Date(at.getTime() + rule.warningDays * 24 * 60 * 60 * 1000);
        await db.transaction(async (tx) => {
          await deps.activity.markWarned(tx, account.id, at);
          await deps.warn(tx, {
            userId: account.id,
            eventKey: `${account.id}:${new Date(account.last_active_at).toISOString()}`,
            deleteOn,
          });
        });
        warned += 1;
      }
      let deleted = 0;
      for (const account of await deps.activity.dueForDeletion(rule, BATCH)) {
        if (await inUse(account.id, new Date(account.last_active_at), at)) continue;
        // Read again just before: a sign-in since the list was read cancels the deletion.
        if ((await deps.activity.dueForDeletion(rule, 1, account.id)).length === 0) continue;
        await deps.deleteAccount(account.id);
        deleted += 1;
      }
      if (warned > 0 || deleted > 0) logger.info({ warned, deleted }, 'inactive accounts warned and deleted');
      return { warned, deleted };
    },
  };
}

export type InactiveAccounts = ReturnType<typeof createInactiveAccounts>;
