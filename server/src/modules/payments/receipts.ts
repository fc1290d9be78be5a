import { renewalCents } from '@santa/shared/billing-terms';
import type { PlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import type { SubscriptionFields } from '../subscription/subscription.repository.ts';

/** A charge Stripe made, as the receipt tells it. */
export interface ReceiptCharge {
  userId: string;
  plan: PlanId;
  amountCents: number;
  paidAt: Date;
  renewsAt: Date | null;
  renewalCents: number | null;
}

/** The email module's receipts, queued in the webhook's transaction so they exist exactly when the charge does. */
export interface ReceiptEmails {
  purchaseReceipt(tx: Queryable, checkoutId: string, charge: ReceiptCharge): Promise<unknown>;
  renewalReceipt(tx: Queryable, invoiceId: string, charge: ReceiptCharge): Promise<unknown>;
  upgradeReceipt(tx: Queryable, invoiceId: string, charge: ReceiptCharge): Promise<unknown>;
}

/** The charge as the plan now stands: its next renewal and what that renewal will cost. */
export function chargeOn(userId: string, plan: SubscriptionFields, amountCents: number): ReceiptCharge {
  const discount =
    plan.discount_percent !== null && plan.discount_type
      ? { percent: plan.discount_percent, type: plan.discount_type }
      : null;
  return {
    userId,
    plan: plan.plan,
    amountCents,
    paidAt: new Date(),
    renewsAt: plan.cancel_at_period_end ? null : plan.current_period_end,
    renewalCents: renewalCents(plan.plan, discount),
  };
}
