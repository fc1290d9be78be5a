import type { Logger } from 'pino';
import type { Db, Queryable } from '../../db/db.ts';
import type { StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { NumbersService } from '../numbers/numbers.service.ts';
import type { SubscriptionFields } from '../subscription/subscription.repository.ts';
import type { SubscriptionService } from '../subscription/subscription.service.ts';
import type { CallsPort } from './checkout.service.ts';
import type { CouponsService } from './coupons.service.ts';
import type { PlanChange } from './fulfilment-after-commit.ts';
import type { GiftsPort } from './fulfilment-gifts.ts';
import * as repo from './payments.repository.ts';
import { chargeOn, type ReceiptEmails } from './receipts.ts';

/** What a Stripe event may change, each owned by its module. */
export interface FulfilmentDeps {
  db: Db;
  stripe: StripeProvider;
  subscription: SubscriptionService;
  coupons: CouponsService;
  numbers: NumbersService;
  calls: CallsPort;
  /** The auth module, which owns the accounts. */
  accounts: {
    lockAccount(q: Queryable, userId: string): Promise<boolean>;
    emailOf(userId: string): Promise<string | undefined>;
  };
  /** The email module: "update your card" once per invoice.payment_failed event; receipts. */
  paymentEmails: ReceiptEmails & {
    paymentFailed(failure: { eventId: string; userId: string; updateUrl: string | null }): Promise<void>;
    /** A checkout's delayed (bank) payment failed: nothing started. */
    checkoutPaymentFailed(userId: string, checkoutId: string, plan: string): Promise<unknown>;
    /** A redeemed gift ended because its buyer's payment was refunded or disputed. */
    giftReversed(tx: Queryable, userId: string, giftId: string): Promise<unknown>;
  };
  /** The gifts module: a gift's checkout is paid (in the transaction recording the event). */
  gifts?: GiftsPort;
  logger: Logger;
}

/** The ground every event's flow stands on: once per event, the checkout it names, its receipt. */
export function createFulfilmentContext(deps: FulfilmentDeps) {
  const { db, subscription } = deps;
  return {
    deps,

    /**
     * Runs `effects` once per event id, under the family's lock, in one transaction: the plan row
     * is read once and, if the effects changed it, written once. Answers the committed plan.
     */
    async once(
      event: StripeEvent,
      userId: string | undefined,
      effects: (tx: Queryable, plan: PlanChange) => Promise<void>,
    ): Promise<PlanChange | undefined> {
      return db.transaction(async (tx) => {
        if (!userId) {
          // No family to change: the event is only acknowledged, so that Stripe stops sending it.
          await repo.recordEvent(tx, event.id, event.type);
          return undefined;
        }
        await deps.accounts.lockAccount(tx, userId);
        if (!(await repo.recordEvent(tx, event.id, event.type))) return undefined;
        const plan: PlanChange = { userId, current: await subscription.findForUpdate(tx, userId) };
        await effects(tx, plan);
        if (plan.next) await subscription.save(tx, userId, plan.next);
        return plan;
      });
    },

    async checkoutFor(metadata: Record<string, string>, sessionId?: string) {
      const byId = metadata.checkout_id ? await repo.findCheckout(db, metadata.checkout_id) : undefined;
      return byId ?? (sessionId ? await repo.findCheckoutBySession(db, sessionId) : undefined);
    },

    /** Once per checkout (the email's key), in the transaction that records the event. */
    async purchaseReceipt(
      tx: Queryable,
      checkoutId: string,
      userId: string,
      plan: SubscriptionFields,
      amountCents: number,
    ): Promise<void> {
      await deps.paymentEmails.purchaseReceipt(tx, checkoutId, chargeOn(userId, plan, amountCents));
    },
  };
}

export type FulfilmentContext = ReturnType<typeof createFulfilmentContext>;
