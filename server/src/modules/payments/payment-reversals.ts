import { PLANS, isPlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import { StripeObjectMissingError } from '../../providers/stripe/stripe-provider.ts';
import {
  chargeSchema,
  disputeSchema,
  type StripeCharge,
  type StripeEvent,
} from '../../providers/stripe/stripe-objects.ts';
import { planEnded, subscriptionFields, isUsable } from '../subscription/subscription.service.ts';
import type { AfterCommit, PlanChange } from './fulfilment-after-commit.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import * as repo from './payments.repository.ts';

type ReversalKind = 'refund' | 'partial_refund' | 'dispute';

/** Ends the family's plan when it is the one this payment bought; answers its name, or null. */
function endIfBought(
  plan: PlanChange,
  bought: (row: NonNullable<PlanChange['current']>) => boolean,
): string | null {
  const current = plan.current;
  if (!current || !isUsable(current) || !bought(current)) return null;
  plan.next = planEnded(subscriptionFields(current));
  return PLANS[current.plan].name;
}

async function record(
  tx: Queryable,
  kind: ReversalKind,
  charge: StripeCharge,
  userId: string | null,
  ended: string,
) {
  await repo.insertReversal(tx, {
    userId,
    kind,
    chargeId: charge.chargeId,
    amountCents: charge.amountCents,
    ended,
  });
}

/** A gift's payment: the gift can no longer be redeemed, and a redeemed one ends for its holder. */
async function reverseGift(
  ctx: FulfilmentContext,
  event: StripeEvent,
  kind: ReversalKind,
  charge: StripeCharge,
  sessionId: string,
): Promise<AfterCommit> {
  let holder: string | null = null;
  await ctx.deps.db.transaction(async (tx) => {
    if (!(await repo.recordEvent(tx, event.id, event.type))) return;
    const gift = await ctx.deps.gifts?.reverse(tx, sessionId);
    holder = gift?.redeemed_by ?? null;
    if (holder) {
      await ctx.deps.accounts.lockAccount(tx, holder);
      const plan: PlanChange = {
        userId: holder,
        current: await ctx.deps.subscription.findForUpdate(tx, holder),
      };
      const ended = endIfBought(plan, (row) => row.plan === gift!.plan && !row.stripe_subscription_id);
      if (plan.next) await ctx.deps.subscription.save(tx, holder, plan.next);
      await record(tx, kind, charge, holder, ended ? `gift (${ended})` : 'gift');
      if (ended) await ctx.deps.paymentEmails.giftReversed(tx, holder, gift!.id);
    } else await record(tx, kind, charge, null, gift ? 'gift, not yet redeemed' : 'nothing');
  });
  return holder ? { userId: holder } : {};
}

/**
 * A refund (charge.refunded) or a dispute (charge.dispute.created) ends what the payment bought,
 * once per event: a pass's minutes and number at once (its subscription is cancelled), a Pay Per
 * Call, a gift not yet redeemed; a redeemed gift ends for its holder, who is told why. A partial
 * refund ends nothing. Each is recorded for the admin to see on the family.
 */
export function createPaymentReversals(ctx: FulfilmentContext) {
  const { stripe, subscription } = ctx.deps;

  async function reverse(event: StripeEvent, kind: ReversalKind, charge: StripeCharge): Promise<AfterCommit> {
    const session = charge.paymentIntentId
      ? await stripe.checkoutSessionForPayment(charge.paymentIntentId)
      : null;
    if (kind !== 'partial_refund' && session?.metadata.kind === 'gift')
      return reverseGift(ctx, event, kind, charge, session.id);
    const checkout = session ? await ctx.checkoutFor(session.metadata, session.id) : undefined;
    // A pass is paid through its invoices, not a session: its family is the charge's customer.
    const family =
      checkout?.user_id ??
      (charge.customerId
        ? (await subscription.findByStripeCustomerId(charge.customerId))?.user_id
        : undefined);
    let cancel: string | null = null;
    const plan = await ctx.once(event, family, async (tx, plan) => {
      const ended =
        kind === 'partial_refund'
          ? null
          : checkout
            ? endIfBought(
                plan,
                (row) =>
                  checkout.kind === 'plan' && row.plan === checkout.plan && !row.stripe_subscription_id,
              )
            : endIfBought(
                plan,
                (row) =>
                  !!row.stripe_subscription_id &&
                  isPlanId(row.plan) &&
                  PLANS[row.plan].billing === 'subscription',
              );
      if (ended && !checkout) cancel = plan.current!.stripe_subscription_id;
      await record(tx, kind, charge, plan.userId, ended ?? 'nothing');
    });
    // After commit: the cancelled pass's subscription stops at Stripe, its number goes back.
    return { userId: family, plan, replacedSubscriptionId: cancel };
  }

  return {
    async onRefund(event: StripeEvent): Promise<AfterCommit> {
      const charge = chargeSchema.parse(event.data.object);
      return reverse(event, charge.fullyRefunded ? 'refund' : 'partial_refund', charge);
    },

    async onDispute(event: StripeEvent): Promise<AfterCommit> {
      const dispute = disputeSchema.parse(event.data.object);
      // The disputed charge names the customer; one Stripe no longer has still has its payment.
      const charge = dispute.charge
        ? await stripe.retrieveCharge(dispute.charge).catch((error: unknown) => {
            if (error instanceof StripeObjectMissingError) return undefined;
            throw error;
          })
        : undefined;
      return reverse(event, 'dispute', {
        chargeId: dispute.charge ?? dispute.id,
        amountCents: dispute.amount,
        fullyRefunded: false,
        paymentIntentId: charge?.paymentIntentId ?? dispute.payment_intent,
        customerId: charge?.customerId ?? null,
      });
    },
  };
}
