import type { Logger } from 'pino';
import { PLANS } from '@santa/shared/plans';
import type { Db } from '../../db/db.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { NumbersService } from '../numbers/numbers.service.ts';
import type { SubscriptionFields, SubscriptionRow } from '../subscription/subscription.repository.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';

/** The family's plan row as the event found it (read once, locked) and as it leaves it. */
export interface PlanChange {
  userId: string;
  current: SubscriptionRow | undefined;
  next?: SubscriptionFields;
}

/** What to do once the transaction has committed: vendor calls never run inside it. */
export interface AfterCommit {
  userId?: string;
  checkout?: CheckoutRow;
  plan?: PlanChange;
  subscriptionId?: string;
  replacedSubscriptionId?: string | null;
}

/** The vendor calls a committed Stripe event leads to: a replaced subscription, the dedicated number. */
export function createAfterCommit(deps: {
  db: Db;
  stripe: StripeProvider;
  subscription: SubscriptionService;
  numbers: NumbersService;
  accounts: { emailOf(userId: string): Promise<string | undefined> };
  logger: Logger;
}) {
  const { db, stripe, subscription, numbers, logger } = deps;

  /** Converges the dedicated number with the plan: a live pass has one, an ended one has none. */
  return async function afterCommit(result: AfterCommit): Promise<void> {
    const { userId, checkout } = result;
    if (result.replacedSubscriptionId) {
      await stripe.cancelSubscriptionNow(result.replacedSubscriptionId).catch((error: unknown) => {
        // Stryker disable next-line ObjectLiteral,StringLiteral: the log's wording is not behaviour
        logger.error({ err: error }, 'could not cancel the subscription a new pass replaced');
      });
    }
    if (!userId) return;
    // The plan as this delivery committed it; a replayed event reads what an earlier one left.
    const row = result.plan ? (result.plan.next ?? result.plan.current) : await subscription.find(userId);
    if (!row) return;
    const isLivePass =
      (row.status === 'active' || row.status === 'past_due') && PLANS[row.plan].line === 'dedicated';
    if (
      isLivePass &&
      checkout &&
      !checkout.number_provisioned_at &&
      row.stripe_subscription_id === result.subscriptionId
    ) {
      const email = (await deps.accounts.emailOf(userId)) ?? '';
      await numbers.provisionDedicatedNumber(userId, email);
      await repo.markNumberProvisioned(db, checkout.id);
    } else if (!isLivePass) {
      // The pass ended, or another plan replaced it: the dedicated line goes back to Twilio.
      await numbers.releaseDedicatedNumber(userId);
    }
  };
}
