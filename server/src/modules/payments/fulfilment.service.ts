import type { CallsPort } from './checkout.service.ts';
import type { Logger } from 'pino';
import { PLANS, passForPeriod, recordingsIncluded } from '@santa/shared/plans';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import {
  checkoutSessionSchema,
  invoiceSchema,
  type StripeEvent,
  type StripeSubscription,
} from '../../providers/stripe/stripe-objects.ts';
import { StripeObjectMissingError, type StripeProvider } from '../../providers/stripe/stripe-provider.ts';
import type { NumbersService } from '../numbers/numbers.service.ts';
import type { SubscriptionFields } from '../subscription/subscription.repository.ts';
import {
  passChanged,
  paymentFailed,
  periodRenewed,
  planActivated,
  planEnded,
  subscriptionFields,
  type Discount,
  type SubscriptionService,
} from '../subscription/subscription.service.ts';
import type { CouponsService } from './coupons.service.ts';
import { createAfterCommit, type AfterCommit, type PlanChange } from './fulfilment-after-commit.ts';
import { createGiftFulfilment, type GiftsPort } from './fulfilment-gifts.ts';
import {
  CHECKOUT_EVENTS,
  discountedPrice,
  ENDED_STATUSES,
  HANDLED_EVENTS,
  INVOICE_EVENTS,
  isFulfilled,
  LIVE_STATUSES,
  type FailedPayment,
  type FirstCharge,
  type Renewal,
  type UpgradeCharge,
} from './fulfilment-terms.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';
import { chargeOn, type ReceiptEmails } from './receipts.ts';

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
  /** The email module: "update your card" once per invoice.payment_failed event; receipts. */
  paymentEmails: ReceiptEmails & {
    paymentFailed(failure: { eventId: string; userId: string; updateUrl: string | null }): Promise<void>;
  };
  /** The gifts module: a gift's checkout is paid (in the transaction recording the event). */
  gifts?: GiftsPort;
  logger: Logger;
}) {
  const { db, stripe, subscription, coupons, logger } = deps;
  const afterCommit = createAfterCommit(deps);
  const onGiftPaid = createGiftFulfilment(deps);

  /** Once per checkout (the email's key), in the transaction that records the event. */
  async function purchaseReceipt(
    tx: Queryable,
    checkoutId: string,
    userId: string,
    plan: SubscriptionFields,
    amountCents: number,
  ): Promise<void> {
    await deps.paymentEmails.purchaseReceipt(tx, checkoutId, chargeOn(userId, plan, amountCents));
  }

  /**
   * Redeems the checkout's coupon (if any) and starts its plan; answers a pass it replaces. The
   * amount is what Stripe charged when the event says (the session's amount_total); an event that
   * does not (customer.subscription.created first) stores the plan table's price less the coupon,
   * and the first invoice's amount_paid corrects it when it lands.
   */
  async function activate(
    tx: Queryable,
    checkout: CheckoutRow,
    ids: { customerId: string | null; sub?: StripeSubscription },
    plan: PlanChange,
    charged?: FirstCharge,
  ): Promise<string | null> {
    let discount: Discount | null = null;
    if (checkout.coupon_code) {
      const coupon = await coupons.redeem(tx, checkout.coupon_code, checkout.user_id);
      if (coupon) {
        discount = { percent: coupon.discount_percent, type: coupon.discount_type, source: coupon.code };
        await repo.insertDiscountApplied(tx, { userId: checkout.user_id, ...discount });
      } else {
        // Stryker disable ObjectLiteral,StringLiteral: the log's wording is not behaviour
        logger.warn(
          { checkoutId: checkout.id },
          'coupon was already redeemed; plan activated without discount',
        );
        // Stryker restore ObjectLiteral,StringLiteral
      }
    }
    const previous = plan.current;
    if (recordingsIncluded(checkout.plan!)) await deps.calls.includeRecordings(tx, checkout.user_id);
    plan.next = planActivated(previous, {
      plan: checkout.plan!,
      amountCents: charged?.amountCents ?? discountedPrice(checkout.plan!, discount),
      discount,
      stripeCustomerId: ids.customerId,
      stripeSubscriptionId: ids.sub?.id ?? null,
      currentPeriodEnd: ids.sub?.currentPeriodEnd ?? null,
    });
    // Without Stripe's total (customer.subscription.created came first) the first invoice sends it.
    if (charged) await purchaseReceipt(tx, checkout.id, plan.userId, plan.next, charged.amountCents);
    // Never this event's own subscription: converge takes a live one that is ours before activating.
    const replaced = previous?.stripe_subscription_id;
    return replaced && previous.status !== 'ended' ? replaced : null;
  }

  /** Brings our view of one Stripe subscription to Stripe's current state (and a paid renewal). */
  async function converge(
    tx: Queryable,
    sub: StripeSubscription,
    checkout: CheckoutRow | undefined,
    plan: PlanChange,
    invoice: {
      renewal?: Renewal;
      failedPayment?: FailedPayment;
      firstCharge?: FirstCharge;
      upgrade?: UpgradeCharge;
    } = {},
  ): Promise<string | null> {
    const { current } = plan;
    const { renewal, failedPayment, firstCharge, upgrade } = invoice;
    const isOurs = current?.stripe_subscription_id === sub.id;
    const live = LIVE_STATUSES.has(sub.status);
    let replacedSubscriptionId: string | null = null;
    const changedTo = passForPeriod(sub.intervalMonths);
    if (live && isOurs && changedTo && changedTo !== current.plan && PLANS[current.plan].periodMonths) {
      // Stripe applies a new price only once it is paid (pending_if_incomplete): the pass changed.
      plan.next = passChanged(subscriptionFields(current), {
        plan: changedTo,
        currentPeriodEnd: sub.currentPeriodEnd,
      });
    } else if (live && isOurs) {
      plan.next = {
        ...subscriptionFields(current),
        status: sub.status === 'past_due' ? 'past_due' : 'active',
        current_period_end: sub.currentPeriodEnd,
        cancel_at_period_end: sub.cancelAtPeriodEnd,
      };
    } else if (live && checkout && (await repo.completeCheckout(tx, checkout.id))) {
      replacedSubscriptionId = await activate(
        tx,
        checkout,
        { customerId: sub.customerId, sub },
        plan,
        firstCharge,
      );
    } else if (ENDED_STATUSES.has(sub.status) && isOurs) {
      // Ending an ended pass again writes the same row: a replay needs no guard here.
      plan.next = planEnded(subscriptionFields(current));
    }
    // A renewal is credited once per invoice, whatever the event id it arrives under.
    if (
      renewal &&
      live &&
      plan.next?.stripe_subscription_id === sub.id &&
      (await repo.claimRenewalInvoice(tx, renewal.invoiceId, plan.userId))
    ) {
      plan.next = periodRenewed(plan.next, {
        currentPeriodEnd: sub.currentPeriodEnd ?? renewal.periodEnd,
        amountCents: renewal.amountPaid,
      });
      await deps.paymentEmails.renewalReceipt(
        tx,
        renewal.invoiceId,
        chargeOn(plan.userId, plan.next, renewal.amountPaid),
      );
    }
    // The first invoice says what the first payment really was, unless the pass has since renewed
    // or changed (a new period): a late or replayed first invoice must not undo that.
    if (
      firstCharge?.periodEnd &&
      live &&
      plan.next?.stripe_subscription_id === sub.id &&
      sub.currentPeriodEnd?.getTime() === firstCharge.periodEnd.getTime()
    ) {
      plan.next = { ...plan.next, amount: firstCharge.amountCents };
      if (checkout) await purchaseReceipt(tx, checkout.id, plan.userId, plan.next, firstCharge.amountCents);
    }
    // The proration an upgrade paid gets its receipt, keyed by the invoice: a replayed or re-sent
    // event finds it already sent. Whichever of Stripe's two events comes first, the plan is the
    // new pass here (Stripe applies the price once the invoice is paid).
    if (upgrade && upgrade.totalCents > 0 && live && plan.next?.stripe_subscription_id === sub.id) {
      await deps.paymentEmails.upgradeReceipt(
        tx,
        upgrade.invoiceId,
        chargeOn(plan.userId, plan.next, upgrade.totalCents),
      );
    }
    if (failedPayment && live && plan.next?.stripe_subscription_id === sub.id) {
      plan.next = paymentFailed(plan.next, failedPayment.updateUrl);
    }
    return replacedSubscriptionId;
  }

  async function checkoutFor(metadata: Record<string, string>, sessionId?: string) {
    const byId = metadata.checkout_id ? await repo.findCheckout(db, metadata.checkout_id) : undefined;
    return byId ?? (sessionId ? await repo.findCheckoutBySession(db, sessionId) : undefined);
  }

  /**
   * Runs `effects` once per event id, under the family's lock, in one transaction: the plan row
   * is read once and, if the effects changed it, written once. Answers the committed plan.
   */
  async function once(
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
  }

  async function onSubscription(
    event: StripeEvent,
    subscriptionId: string,
    options: {
      renewal?: Renewal;
      failedPayment?: FailedPayment;
      firstCharge?: FirstCharge;
      upgrade?: UpgradeCharge;
      checkout?: CheckoutRow;
    } = {},
  ): Promise<AfterCommit> {
    let sub: StripeSubscription;
    try {
      sub = await stripe.retrieveSubscription(subscriptionId);
    } catch (error) {
      if (!(error instanceof StripeObjectMissingError)) throw error;
      // Retrying would fail the same way for days: acknowledge, and say so.
      // Stryker disable next-line ObjectLiteral,StringLiteral: the log's wording is not behaviour
      logger.warn(
        { eventId: event.id, subscriptionId },
        'Stripe has no such subscription; event acknowledged',
      );
      await once(event, undefined, async () => {});
      return {};
    }
    const checkout = options.checkout ?? (await checkoutFor(sub.metadata));
    const userId = checkout?.user_id ?? (await subscription.findByStripeSubscriptionId(sub.id))?.user_id;
    let replacedSubscriptionId: string | null = null;
    const plan = await once(event, userId, async (tx, plan) => {
      replacedSubscriptionId = await converge(tx, sub, checkout, plan, options);
    });
    return { userId, checkout, plan, subscriptionId: sub.id, replacedSubscriptionId };
  }

  async function onCheckoutCompleted(event: StripeEvent): Promise<AfterCommit> {
    const session = checkoutSessionSchema.parse(event.data.object);
    if (session.metadata.kind === 'gift') return onGiftPaid(event, session);
    const checkout = await checkoutFor(session.metadata, session.id);
    // Nothing to start, so nothing to ask Stripe: a checkout Santa Calls did not open, one whose
    // payment is still on its way (a bank debit: async_payment_succeeded follows), a replay, or the
    // second of completed and async_payment_succeeded.
    if (!checkout || session.payment_status === 'unpaid' || isFulfilled(checkout)) {
      await once(event, undefined, async () => {});
      return {};
    }
    // Only a pass's checkout has a subscription (mode "subscription").
    if (session.subscription) {
      return onSubscription(event, session.subscription, {
        checkout,
        firstCharge: { amountCents: session.amount_total },
      });
    }
    let replacedSubscriptionId: string | null = null;
    const plan = await once(event, checkout.user_id, async (tx, plan) => {
      if (!(await repo.completeCheckout(tx, checkout.id))) return;
      if (checkout.kind === 'recording') {
        await deps.calls.markRecordingPurchased(tx, checkout.call_id!, checkout.user_id);
      } else {
        replacedSubscriptionId = await activate(tx, checkout, { customerId: session.customer }, plan, {
          amountCents: session.amount_total,
        });
      }
    });
    return { userId: checkout.user_id, plan, replacedSubscriptionId };
  }

  async function onInvoice(event: StripeEvent): Promise<AfterCommit> {
    const invoice = invoiceSchema.parse(event.data.object);
    if (!invoice.subscriptionId) {
      await once(event, undefined, async () => {});
      return {};
    }
    if (event.type === 'invoice.payment_failed') {
      return onSubscription(event, invoice.subscriptionId, {
        failedPayment: { updateUrl: invoice.hostedUrl },
      });
    }
    const renewal =
      invoice.billingReason === 'subscription_cycle'
        ? { invoiceId: invoice.id, amountPaid: invoice.amountPaid, periodEnd: invoice.periodEnd }
        : undefined;
    const firstCharge =
      invoice.billingReason === 'subscription_create'
        ? { amountCents: invoice.amountPaid, periodEnd: invoice.periodEnd }
        : undefined;
    const upgrade =
      invoice.billingReason === 'subscription_update'
        ? { invoiceId: invoice.id, totalCents: invoice.total }
        : undefined;
    return onSubscription(event, invoice.subscriptionId, { renewal, firstCharge, upgrade });
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
        : INVOICE_EVENTS.has(event.type)
          ? await onInvoice(event)
          : await onSubscription(event, String(event.data.object.id));
      await afterCommit(result);
      // Only the delivery that recorded the failure (a replay commits no plan) asks for the email.
      const failed = result.plan?.next;
      if (event.type === 'invoice.payment_failed' && result.userId && failed?.payment_failed_at) {
        await deps.paymentEmails
          .paymentFailed({ eventId: event.id, userId: result.userId, updateUrl: failed.payment_update_url })
          .catch((error: unknown) => {
            // Stryker disable next-line ObjectLiteral,StringLiteral: the log's wording is not behaviour
            logger.error({ err: error, eventId: event.id }, 'could not queue the payment-failed email');
          });
      }
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
