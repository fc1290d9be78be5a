import type { CallsPort } from './checkout.service.ts';
import type { Logger } from 'pino';
import { PLANS, type PlanId } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import {
  checkoutSessionSchema,
  invoiceSchema,
  type StripeEvent,
  type StripeSubscription,
} from '../../providers/stripe/stripe-objects.ts';
import type { StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { NumbersService } from '../numbers/numbers.service.ts';
import type { Discount, SubscriptionService } from '../subscription/subscription.service.ts';
import type { CouponsService } from './coupons.service.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
/**
 * A delayed payment method (bank debit) completes the session unpaid and later sends
 * async_payment_succeeded with the same session, now paid: both fulfil through one path.
 */
const CHECKOUT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const HANDLED_EVENTS = new Set([...CHECKOUT_EVENTS, 'invoice.paid', ...SUBSCRIPTION_EVENTS]);
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** What to do once the transaction has committed: vendor calls never run inside it. */
interface AfterCommit {
  userId?: string;
  checkout?: CheckoutRow;
  subscriptionId?: string;
  replacedSubscriptionId?: string | null;
}

export function discountedPrice(planId: PlanId, discount: Discount | null): number {
  const price = PLANS[planId].priceCents;
  return discount ? Math.round((price * (100 - discount.percent)) / 100) : price;
}

/**
 * Stripe webhook fulfilment (style: Documenso). Signature first; unknown types acknowledged at
 * once; every event recorded by id inside the same transaction as its effects, so a replay
 * changes nothing; subscriptions are re-read from Stripe and upserted, so order does not matter.
 */
export function createFulfilmentService(deps: {
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
  logger: Logger;
}) {
  const { db, stripe, subscription, coupons, numbers, logger } = deps;

  /** Redeems the checkout's coupon (if any) and starts its plan. */
  async function activate(
    tx: Queryable,
    checkout: CheckoutRow,
    ids: { customerId: string | null; sub?: StripeSubscription },
  ) {
    const plan = checkout.plan!;
    let discount: Discount | null = null;
    if (checkout.coupon_code) {
      const coupon = await coupons.redeem(tx, checkout.coupon_code, checkout.user_id);
      if (coupon) {
        discount = { percent: coupon.discount_percent, type: coupon.discount_type, source: coupon.code };
        await repo.insertDiscountApplied(tx, { userId: checkout.user_id, ...discount });
      } else {
        logger.warn(
          { checkoutId: checkout.id },
          'coupon was already redeemed; plan activated without discount',
        );
      }
    }
    const previous = await subscription.findForUpdate(tx, checkout.user_id);
    await subscription.activatePlan(tx, checkout.user_id, {
      plan,
      amountCents: discountedPrice(plan, discount),
      discount,
      stripeCustomerId: ids.customerId,
      stripeSubscriptionId: ids.sub?.id ?? null,
      currentPeriodEnd: ids.sub?.currentPeriodEnd ?? null,
    });
    const replaced = previous?.stripe_subscription_id;
    return replaced && replaced !== ids.sub?.id && previous.status !== 'ended' ? replaced : null;
  }

  /** Upserts our view of one Stripe subscription from Stripe's current state. */
  async function converge(
    tx: Queryable,
    sub: StripeSubscription,
    checkout: CheckoutRow | undefined,
    userId: string,
  ) {
    const current = await subscription.findForUpdate(tx, userId);
    const isOurs = current?.stripe_subscription_id === sub.id;
    let replacedSubscriptionId: string | null = null;
    if (LIVE_STATUSES.has(sub.status)) {
      if (isOurs) {
        await subscription.update(tx, userId, {
          status: sub.status === 'past_due' ? 'past_due' : 'active',
          current_period_end: sub.currentPeriodEnd,
          cancel_at_period_end: sub.cancelAtPeriodEnd,
        });
      } else if (checkout && (await repo.completeCheckout(tx, checkout.id))) {
        replacedSubscriptionId = await activate(tx, checkout, { customerId: sub.customerId, sub });
      }
    } else if (ENDED_STATUSES.has(sub.status) && isOurs && current.status !== 'ended') {
      await subscription.endPlan(tx, userId);
    }
    return replacedSubscriptionId;
  }

  async function checkoutFor(metadata: Record<string, string>, sessionId?: string) {
    const byId = metadata.checkout_id ? await repo.findCheckout(db, metadata.checkout_id) : undefined;
    return byId ?? (sessionId ? await repo.findCheckoutBySession(db, sessionId) : undefined);
  }

  /** Runs `effects` once per event id, under the user's lock. */
  async function once(
    event: StripeEvent,
    userId: string | undefined,
    effects: (tx: Queryable) => Promise<void>,
  ) {
    await db.transaction(async (tx) => {
      if (userId) await deps.accounts.lockAccount(tx, userId);
      if (!(await repo.recordEvent(tx, event.id, event.type))) return;
      if (userId) await effects(tx);
    });
  }

  async function onSubscription(
    event: StripeEvent,
    subscriptionId: string,
    extra?: (tx: Queryable, sub: StripeSubscription, userId: string) => Promise<void>,
  ): Promise<AfterCommit> {
    const sub = await stripe.retrieveSubscription(subscriptionId);
    const checkout = await checkoutFor(sub.metadata);
    const userId = checkout?.user_id ?? (await subscription.findByStripeSubscriptionId(sub.id))?.user_id;
    let replacedSubscriptionId: string | null = null;
    await once(event, userId, async (tx) => {
      replacedSubscriptionId = await converge(tx, sub, checkout, userId!);
      await extra?.(tx, sub, userId!);
    });
    return {
      userId,
      checkout: checkout && (await repo.findCheckout(db, checkout.id)),
      subscriptionId: sub.id,
      replacedSubscriptionId,
    };
  }

  async function onCheckoutCompleted(event: StripeEvent): Promise<AfterCommit> {
    const session = checkoutSessionSchema.parse(event.data.object);
    const checkout = await checkoutFor(session.metadata, session.id);
    const paid = session.payment_status !== 'unpaid';
    if (checkout?.kind === 'plan' && session.mode === 'subscription' && session.subscription && paid) {
      return onSubscription(event, session.subscription);
    }
    let replacedSubscriptionId: string | null = null;
    await once(event, paid ? checkout?.user_id : undefined, async (tx) => {
      if (!checkout || !(await repo.completeCheckout(tx, checkout.id))) return;
      if (checkout.kind === 'recording') {
        await deps.calls.markRecordingPurchased(tx, checkout.call_id!, checkout.user_id);
      } else {
        replacedSubscriptionId = await activate(tx, checkout, { customerId: session.customer });
      }
    });
    return { userId: checkout?.user_id, replacedSubscriptionId };
  }

  async function onInvoicePaid(event: StripeEvent): Promise<AfterCommit> {
    const invoice = invoiceSchema.parse(event.data.object);
    if (!invoice.subscriptionId) {
      await once(event, undefined, async () => {});
      return {};
    }
    return onSubscription(event, invoice.subscriptionId, async (tx, sub, userId) => {
      if (invoice.billingReason !== 'subscription_cycle') return;
      const current = await subscription.findForUpdate(tx, userId);
      if (current?.stripe_subscription_id !== sub.id || !LIVE_STATUSES.has(sub.status)) return;
      if (!(await repo.claimRenewalInvoice(tx, invoice.id, userId))) return;
      await subscription.startNewPeriod(tx, userId, {
        currentPeriodEnd: sub.currentPeriodEnd ?? invoice.periodEnd,
        amountCents: invoice.amountPaid,
      });
    });
  }

  /** Converges the dedicated number with the plan: a live pass has one, an ended one has none. */
  async function afterCommit(result: AfterCommit): Promise<void> {
    const { userId, checkout } = result;
    if (result.replacedSubscriptionId) {
      await stripe.cancelSubscriptionNow(result.replacedSubscriptionId).catch((error: unknown) => {
        logger.error({ err: error }, 'could not cancel the subscription a new pass replaced');
      });
    }
    if (!userId) return;
    const row = await subscription.find(userId);
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
  }

  return {
    /** The webhook route and the Stripe sandbox both call this with the raw body and header. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: StripeEvent;
      try {
        event = stripe.constructEvent(rawBody, signature);
      } catch {
        throw new AppError('bad_request', 'Invalid Stripe signature');
      }
      if (!HANDLED_EVENTS.has(event.type)) return;
      const result = CHECKOUT_EVENTS.has(event.type)
        ? await onCheckoutCompleted(event)
        : event.type === 'invoice.paid'
          ? await onInvoicePaid(event)
          : await onSubscription(event, String(event.data.object.id));
      await afterCommit(result);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
