import type { Logger } from 'pino';
import { renewalCents } from '@santa/shared/billing-terms';
import { PLANS, type PlanId } from '@santa/shared/plans';
import type { SubscriptionRow } from './subscription.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reminder goes out 7 days ahead, in a day-wide window: the hourly job sees each pass about
 * 24 times in it, and the email's key (subscription, period end) keeps that to one email.
 */
export const REMINDER_WINDOW_DAYS = { from: 6, to: 7 } as const;

export interface RenewalReminderEmails {
  renewalReminder(renewal: {
    userId: string;
    stripeSubscriptionId: string;
    plan: PlanId;
    periodEnd: Date;
    renewalCents: number;
  }): Promise<unknown>;
}

/**
 * The renewal reminder, a week before Stripe charges a pass. It is essential, not optional: it
 * announces a charge, and a parent who forgot the pass renews must hear of it in time to cancel.
 */
export function createRenewalReminders(deps: {
  subscriptions: { listRenewingBetween(from: Date, to: Date): Promise<SubscriptionRow[]> };
  emails: RenewalReminderEmails;
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /** Answers how many passes were due a reminder (already reminded ones included). */
    async sendDue(): Promise<number> {
      const at = now().getTime();
      const due = await deps.subscriptions.listRenewingBetween(
        new Date(at + REMINDER_WINDOW_DAYS.from * DAY_MS),
        new Date(at + REMINDER_WINDOW_DAYS.to * DAY_MS),
      );
      for (const row of due) {
        const discount =
          row.discount_percent !== null && row.discount_type
            ? { percent: row.discount_percent, type: row.discount_type }
            : null;
        const cents = renewalCents(row.plan, discount);
        // Only passes renew; a plan row that is not one has nothing to remind of.
        if (cents === null || !PLANS[row.plan].periodMonths) continue;
        await deps.emails.renewalReminder({
          userId: row.user_id,
          stripeSubscriptionId: row.stripe_subscription_id!,
          plan: row.plan,
          periodEnd: new Date(row.current_period_end!),
          renewalCents: cents,
        });
      }
      // Stryker disable next-line ObjectLiteral,StringLiteral: the log's wording is not behaviour
      if (due.length > 0) deps.logger.info({ due: due.length }, 'renewal reminders decided');
      return due.length;
    },
  };
}

export type RenewalReminders = ReturnType<typeof createRenewalReminders>;
