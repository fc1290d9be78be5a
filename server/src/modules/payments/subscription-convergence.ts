import { PLANS, passForPeriod } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import {
  invoiceSchema,
  type StripeEvent,
  type StripeSubscription,
} from '../../providers/stripe/stripe-objects.ts';
import { StripeObjectMissingError } from '../../providers/stripe/stripe-provider.ts';
import {
  passChanged,
  paymentFailed,
  periodRenewed,
  planEnded,
  subscriptionFields,
} from '../subscription/subscription.service.ts';
import type { AfterCommit, PlanChange } from './fulfilment-after-commit.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import {
  ENDED_STATUSES,
  LIVE_STATUSES,
  type FailedPayment,
  type FirstCharge,
  type Renewal,
  type UpgradeCharge,
} from './fulfilment-terms.ts';
import * as repo from './payments.repository.ts';
import type { CheckoutRow } from './payments.repository.ts';
import type { Activate } from './plan-activation.ts';
import { chargeOn } from './receipts.ts';

/** What the invoice behind an event brings beside the subscription's own state. */
export interface InvoiceEffects {
  renewal?: Renewal;
  failedPayment?: FailedPayment;
  firstCharge?: FirstCharge;
  upgrade?: UpgradeCharge;
}

/** Brings our view of one Stripe subscription to Stripe's current state (and a paid renewal). */
async function converge(
  ctx: FulfilmentContext,
  activate: Activate,
  tx: Queryable,
  sub: StripeSubscription,
  checkout: CheckoutRow | undefined,
  plan: PlanChange,
  invoice: InvoiceEffects = {},
): Promise<string | null> {
  const { current } = plan;
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
      invoice.firstCharge,
    );
  } else if (ENDED_STATUSES.has(sub.status) && isOurs) {
    // Ending an ended pass again writes the same row: a replay needs no guard here.
    plan.next = planEnded(subscriptionFields(current));
  }
  await applyInvoice(ctx, tx, sub, checkout, plan, invoice);
  return replacedSubscriptionId;
}

/** What the invoice that brought the event says: a renewal, the first charge, an upgrade, a failure. */
async function applyInvoice(
  ctx: FulfilmentContext,
  tx: Queryable,
  sub: StripeSubscription,
  checkout: CheckoutRow | undefined,
  plan: PlanChange,
  invoice: InvoiceEffects,
): Promise<void> {
  const { renewal, failedPayment, firstCharge, upgrade } = invoice;
  const live = LIVE_STATUSES.has(sub.status);
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
    await ctx.deps.paymentEmails.renewalReceipt(
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
    if (checkout) await ctx.purchaseReceipt(tx, checkout.id, plan.userId, plan.next, firstCharge.amountCents);
  }
  // The proration an upgrade paid gets its receipt, keyed by the invoice: a replayed or re-sent
  // event finds it already sent. Whichever of Stripe's two events comes first, the plan is the
  // new pass here (Stripe applies the price once the invoice is paid).
  if (upgrade && upgrade.totalCents > 0 && live && plan.next?.stripe_subscription_id === sub.id) {
    await ctx.deps.paymentEmails.upgradeReceipt(
      tx,
      upgrade.invoiceId,
      chargeOn(plan.userId, plan.next, upgrade.totalCents),
    );
  }
  if (failedPayment && live && plan.next?.stripe_subscription_id === sub.id) {
    plan.next = paymentFailed(plan.next, failedPayment.updateUrl);
  }
}

/**
 * Subscription and invoice events: the subscription is re-read from Stripe and our view brought
 * to it, so the order in which Stripe's events arrive does not matter.
 */
export function createSubscriptionConvergence(ctx: FulfilmentContext, activate: Activate) {
  async function onSubscription(
    event: StripeEvent,
    subscriptionId: string,
    options: InvoiceEffects & { checkout?: CheckoutRow } = {},
  ): Promise<AfterCommit> {
    let sub: StripeSubscription;
    try {
      sub = await ctx.deps.stripe.retrieveSubscription(subscriptionId);
    } catch (error) {
      if (!(error instanceof StripeObjectMissingError)) throw error;
      // Retrying would fail the same way for days: acknowledge, and say so.
      // Stryker disable ObjectLiteral,StringLiteral: the log's wording is not behaviour
      ctx.deps.logger.warn(
        { eventId: event.id, subscriptionId },
        'Stripe has no such subscription; event acknowledged',
      );
      // Stryker restore ObjectLiteral,StringLiteral
      await ctx.once(event, undefined, async () => {});
      return {};
    }
    const checkout = options.checkout ?? (await ctx.checkoutFor(sub.metadata));
    const userId =
      checkout?.user_id ?? (await ctx.deps.subscription.findByStripeSubscriptionId(sub.id))?.user_id;
    let replacedSubscriptionId: string | null = null;
    const plan = await ctx.once(event, userId, async (tx, plan) => {
      replacedSubscriptionId = await converge(ctx, activate, tx, sub, checkout, plan, options);
    });
    return { userId, checkout, plan, subscriptionId: sub.id, replacedSubscriptionId };
  }

  async function onInvoice(event: StripeEvent): Promise<AfterCommit> {
    const invoice = invoiceSchema.parse(event.data.object);
    if (!invoice.subscriptionId) {
      await ctx.once(event, undefined, async () => {});
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

  return { onSubscription, onInvoice };
}

export type SubscriptionConvergence = ReturnType<typeof createSubscriptionConvergence>;
