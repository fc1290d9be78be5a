import type { Logger } from 'pino';
import type { AdminGifts } from '@santa/shared/gifts';
import { PLANS } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './gifts.repository.ts';

/** An unpaid gift's checkout has long expired by then (35 minutes); its row goes. */
const UNPAID_KEPT_MS = 24 * 60 * 60_000;
const ADMIN_RECENT = 50;

export interface GiftUpkeepDeps {
  db: Db;
  subscription: SubscriptionService;
  numbers: {
    agentConfigOf(userId: string): Promise<unknown>;
    provisionDedicatedNumber(userId: string, email: string): Promise<unknown>;
    releaseDedicatedNumber(userId: string): Promise<unknown>;
  };
  accounts: { emailOf(userId: string): Promise<string | undefined> };
  emails: { forgetGiftEmails(tx: Queryable, giftIds: string[]): Promise<void> };
  logger: Logger;
  now?: () => Date;
}

/** What keeps gifts tidy over time, what the admin sees of them, and what an erasure does. */
export function createGiftUpkeep(deps: GiftUpkeepDeps) {
  const { db, subscription, numbers, logger } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /**
     * The hourly job: a gifted pass whose period is over ends and gives its number back (no
     * Stripe event will say so); a live one without its number gets it (a purchase that failed at
     * redemption); unpaid gifts older than a day go.
     */
    async run(): Promise<void> {
      const at = now();
      for (const userId of await subscription.listPrepaidPassesEnded(at)) {
        const ended = await db.transaction((tx) => subscription.endPrepaidPass(tx, userId, at));
        if (ended) await numbers.releaseDedicatedNumber(userId);
      }
      for (const userId of await subscription.listLivePrepaidPasses()) {
        if (await numbers.agentConfigOf(userId)) continue;
        const email = await deps.accounts.emailOf(userId);
        await numbers.provisionDedicatedNumber(userId, email ?? '').catch((error: unknown) => {
          logger.error({ err: error }, 'could not buy the dedicated number of a gifted pass');
        });
      }
      await repo.deleteUnpaidBefore(db, new Date(at.getTime() - UNPAID_KEPT_MS));
    },

    /**
     * In the erasure's transaction, before the account goes: a gift the account bought stays (it is
     * paid for someone else) without the buyer's address; a gift it redeemed loses what it said
     * about the recipient, and the email that carried it.
     */
    async forgetAccount(tx: Queryable, userId: string): Promise<void> {
      await deps.emails.forgetGiftEmails(tx, await repo.forgetAccount(tx, userId));
    },

    async adminSummary(): Promise<AdminGifts> {
      const [counts, recent] = await Promise.all([
        repo.countGifts(db),
        repo.listRecentPaid(db, ADMIN_RECENT),
      ]);
      return {
        ...counts,
        recent: recent.map((gift) => ({
          id: gift.id,
          plan_name: PLANS[gift.plan].name,
          amount: gift.amount_cents,
          status: gift.redeemed_at ? 'redeemed' : gift.delivered_at ? 'delivered' : 'paid',
          deliver_on: gift.deliver_on,
          paid_at: new Date(gift.paid_at!).toISOString(),
          redeemed_at: gift.redeemed_at ? new Date(gift.redeemed_at).toISOString() : null,
        })),
      };
    },
  };
}

export type GiftUpkeep = ReturnType<typeof createGiftUpkeep>;
