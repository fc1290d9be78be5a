import { z } from 'zod';
import { billingTerms, formatBillingDate } from '@santa/shared/billing-terms';
import type { NewPlanNotice } from '@santa/shared/notices';
import { formatPrice, isPlanId, PLANS, planName, type PlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import type { EmailContent, EmailKind } from './templates/email-content.ts';

/** What a billing email stores when it is decided: the charge as it was, not as the plan is later. */
export interface Charge {
  userId: string;
  plan: PlanId;
  /** What Stripe charged (its totals, as stored on the plan). */
  amountCents: number;
  paidAt: Date;
  /** A pass's next renewal; null for one-off plans (or when Stripe has not said yet). */
  renewsAt: Date | null;
  /** What that renewal will charge (a first-payment coupon is spent); null for one-off plans. */
  renewalCents: number | null;
}

export interface UpcomingRenewal {
  userId: string;
  stripeSubscriptionId: string;
  plan: PlanId;
  periodEnd: Date;
  renewalCents: number;
}

type QueueEmail = (
  request: { kind: EmailKind; eventKey: string; userId: string; data?: object },
  tx?: Queryable,
) => Promise<boolean>;

const chargeSchema = z.object({
  plan: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string(),
  renewsAt: z.string().nullable(),
  renewalCents: z.number().int().nullable(),
});
const reminderSchema = z.object({ plan: z.string(), periodEnd: z.string(), renewalCents: z.number().int() });
const giftSchema = z.object({ minutes: z.number().int(), note: z.string().nullable() });
const revokedSchema = z.object({
  plan_name: z.string(),
  discount_percent: z.number().int(),
  ends_at: z.string().nullable(),
});
const cancelledSchema = z.object({
  plan_name: z.string(),
  minutes_left: z.number().int(),
  seconds_left: z.number().int().optional(),
});

const chargeData = (charge: Charge) => ({
  plan: charge.plan,
  amountCents: charge.amountCents,
  paidAt: charge.paidAt.toISOString(),
  renewsAt: charge.renewsAt?.toISOString() ?? null,
  renewalCents: charge.renewalCents,
});

const NOTICE_EMAILS = {
  gift: 'plan_gift',
  discount_revoked: 'discount_revoked',
  plan_cancelled: 'plan_cancelled',
} as const;

/** The billing and plan-change emails, each decided once per event in the caller's transaction. */
export function billingEmailRequests(queue: QueueEmail) {
  return {
    /** Once per checkout, whichever of Stripe's events first brings the charged total. */
    purchaseReceipt: (tx: Queryable, checkoutId: string, charge: Charge) =>
      queue(
        { kind: 'purchase_receipt', eventKey: checkoutId, userId: charge.userId, data: chargeData(charge) },
        tx,
      ),

    /** Once per paid renewal invoice, whatever event id it arrives under. */
    renewalReceipt: (tx: Queryable, invoiceId: string, charge: Charge) =>
      queue(
        { kind: 'renewal_receipt', eventKey: invoiceId, userId: charge.userId, data: chargeData(charge) },
        tx,
      ),

    /** Once per paid proration invoice of an upgrade (3 → 6 → 12 months), with Stripe's total. */
    upgradeReceipt: (tx: Queryable, invoiceId: string, charge: Charge) =>
      queue(
        { kind: 'upgrade_receipt', eventKey: invoiceId, userId: charge.userId, data: chargeData(charge) },
        tx,
      ),

    /** Once per (subscription, period end): a pass renewed and then due again gets a new reminder. */
    renewalReminder: (renewal: UpcomingRenewal, tx?: Queryable) =>
      queue(
        {
          kind: 'renewal_reminder',
          eventKey: `${renewal.stripeSubscriptionId}:${renewal.periodEnd.toISOString()}`,
          userId: renewal.userId,
          data: {
            plan: renewal.plan,
            periodEnd: renewal.periodEnd.toISOString(),
            renewalCents: renewal.renewalCents,
          },
        },
        tx,
      ),

    /** In the admin's transaction, keyed by the notice it recorded: one email per action. */
    planNotice: (tx: Queryable, userId: string, noticeId: string, notice: NewPlanNotice) => {
      const { kind, ...details } = notice;
      return queue({ kind: NOTICE_EMAILS[kind], eventKey: noticeId, userId, data: details }, tx);
    },
  };
}

const nameOf = (plan: string) => (isPlanId(plan) ? PLANS[plan].name : planName(plan));

function renewalTerms(plan: string, renewalCents: number | null): string | null {
  const periodMonths = isPlanId(plan) ? PLANS[plan].periodMonths : null;
  if (!periodMonths || renewalCents === null) return null;
  return billingTerms({ priceCents: renewalCents, periodMonths });
}

/** Fills in a billing or plan-change email when it is sent; undefined for the other kinds. */
export function billingContent(
  row: { kind: EmailKind; data: Record<string, unknown> },
  name: string,
  publicUrl: string,
): EmailContent | undefined {
  const dashboardUrl = `${publicUrl}/dashboard`;
  switch (row.kind) {
    case 'purchase_receipt':
    case 'renewal_receipt':
    case 'upgrade_receipt': {
      const charge = chargeSchema.parse(row.data);
      const terms = renewalTerms(charge.plan, charge.renewalCents);
      return {
        kind: row.kind,
        name,
        planName: nameOf(charge.plan),
        amount: formatPrice(charge.amountCents),
        paidOn: formatBillingDate(charge.paidAt),
        renewal: terms
          ? { terms, renewsOn: charge.renewsAt ? formatBillingDate(charge.renewsAt) : null }
          : null,
        dashboardUrl,
      };
    }
    case 'renewal_reminder': {
      const reminder = reminderSchema.parse(row.data);
      return {
        kind: 'renewal_reminder',
        name,
        planName: nameOf(reminder.plan),
        amount: formatPrice(reminder.renewalCents),
        renewsOn: formatBillingDate(reminder.periodEnd),
        terms: renewalTerms(reminder.plan, reminder.renewalCents) ?? '',
        dashboardUrl,
      };
    }
    case 'plan_gift':
      return { kind: 'plan_gift', name, ...giftSchema.parse(row.data), dashboardUrl };
    case 'discount_revoked': {
      const revoked = revokedSchema.parse(row.data);
      return {
        kind: 'discount_revoked',
        name,
        planName: revoked.plan_name,
        discountPercent: revoked.discount_percent,
        endsOn: revoked.ends_at ? formatBillingDate(revoked.ends_at) : null,
        dashboardUrl,
      };
    }
    case 'plan_cancelled': {
      const cancelled = cancelledSchema.parse(row.data);
      return {
        kind: 'plan_cancelled',
        name,
        planName: cancelled.plan_name,
        // Notices written before usage was counted in seconds hold whole minutes only.
        secondsLeft: cancelled.seconds_left ?? cancelled.minutes_left * 60,
        pricingUrl: `${publicUrl}/pricing`,
        dashboardUrl,
      };
    }
    default:
      return undefined;
  }
}
