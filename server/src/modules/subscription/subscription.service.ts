import { discountedCents, renewalCents } from '@santa/shared/billing-terms';
import type { DiscountType } from '@santa/shared/constants';
import { PLANS, planName, type PlanId } from '@santa/shared/plans';
import {
  minutesLeftOf,
  minutesUsedOf,
  type Subscription,
  type SubscriptionStatus,
} from '@santa/shared/subscription';
import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './subscription.repository.ts';
import type { SubscriptionFields, SubscriptionRow } from './subscription.repository.ts';

export interface Discount {
  percent: number;
  type: DiscountType;
  source: string;
}

export interface Activation {
  plan: PlanId;
  /** Cents charged for this period after discount. */
  amountCents: number;
  discount?: Discount | null;
  stripeCustomerId?: string | null;
  stripeSubscriptionId?: string | null;
  currentPeriodEnd?: Date | null;
}

/** Seconds of calls left. */
export function remainingSeconds(row: Pick<SubscriptionRow, 'seconds_limit' | 'seconds_used'>): number {
  return Math.max(0, row.seconds_limit - row.seconds_used);
}

/** Plans and gifts are sold in minutes; the balance is kept in seconds. */
export const secondsOf = (minutes: number): number => minutes * 60;

/** A plan in these states still lets the child call (Christmas Eve: minutes may be spent). */
export const USABLE_STATUSES: readonly SubscriptionRow['status'][] = ['active', 'past_due'];

export function isUsable(row: SubscriptionRow | undefined): boolean {
  return !!row && USABLE_STATUSES.includes(row.status);
}

export function presentSubscription(row: SubscriptionRow): Subscription {
  return {
    plan: row.plan,
    plan_name: planName(row.plan),
    status: row.status,
    minutes_limit: minutesLeftOf(row.seconds_limit),
    minutes_used: minutesUsedOf(row.seconds_used),
    minutes_remaining: minutesLeftOf(remainingSeconds(row)),
    seconds_limit: row.seconds_limit,
    seconds_used: row.seconds_used,
    seconds_remaining: remainingSeconds(row),
    amount: row.amount,
    discount_percent: row.discount_percent,
    discount_type: row.discount_type,
    discount_source: row.discount_source,
    current_period_end: row.current_period_end ? new Date(row.current_period_end).toISOString() : null,
    cancel_at_period_end: row.cancel_at_period_end,
    payment_failed_at: row.payment_failed_at ? new Date(row.payment_failed_at).toISOString() : null,
    payment_update_url: row.payment_update_url,
    renewal_amount: renewalAmount(row),
    billed_by_stripe: !!row.stripe_subscription_id && PLANS[row.plan].billing === 'subscription',
  };
}

/** What the next renewal charges, by the plan table and the discount Stripe keeps applying. */
function renewalAmount(row: SubscriptionRow): number | null {
  if (!row.stripe_subscription_id || row.cancel_at_period_end || !USABLE_STATUSES.includes(row.status))
    return null;
  const discount =
    row.discount_percent && row.discount_type
      ? { percent: row.discount_percent, type: row.discount_type }
      : null;
  return renewalCents(row.plan, discount);
}

function fieldsOf(row: SubscriptionRow): SubscriptionFields {
  const { user_id: _u, created_at: _c, updated_at: _up, ...fields } = row;
  return fields;
}

/*
 * Plan changes as pure steps from the row as it is to the row as it will be. A caller that reads
 * the row once (FOR UPDATE) can apply several and write once: Stripe fulfilment does.
 */

/**
 * A plan starts. Unspent minutes of a still-usable plan are carried over, so moving from the
 * free sample or pay-per-call to a pass never makes minutes silently vanish.
 */
export function planActivated(
  current: SubscriptionRow | undefined,
  activation: Activation,
): SubscriptionFields {
  const carried = current && isUsable(current) ? remainingSeconds(current) : 0;
  const discount = activation.discount ?? null;
  return {
    plan: activation.plan,
    status: 'active',
    seconds_limit: secondsOf(PLANS[activation.plan].minutes) + carried,
    seconds_used: 0,
    amount: activation.amountCents,
    discount_percent: discount?.percent ?? null,
    discount_type: discount?.type ?? null,
    discount_source: discount?.source ?? null,
    stripe_customer_id: activation.stripeCustomerId ?? current?.stripe_customer_id ?? null,
    stripe_subscription_id: activation.stripeSubscriptionId ?? null,
    current_period_end: activation.currentPeriodEnd ?? null,
    cancel_at_period_end: false,
    ...PAYMENT_SETTLED,
  };
}

/** A paid renewal: the period's minutes are available again (gifts stay in the limit). */
export function periodRenewed(
  current: SubscriptionFields,
  period: { currentPeriodEnd: Date | null; amountCents?: number },
): SubscriptionFields {
  return {
    ...current,
    status: 'active',
    seconds_used: 0,
    seconds_limit: Math.max(current.seconds_limit, secondsOf(PLANS[current.plan].minutes)),
    amount: period.amountCents ?? current.amount,
    current_period_end: period.currentPeriodEnd,
    ...PAYMENT_SETTLED,
  };
}

/**
 * The pass moved to another pass on the same Stripe subscription (an upgrade, paid with
 * proration): a new period starts now with the new pass's minutes, and unspent minutes are
 * carried over as when any plan starts. An every-payment coupon keeps applying to the new price.
 */
export function passChanged(
  current: SubscriptionFields,
  change: { plan: PlanId; currentPeriodEnd: Date | null },
): SubscriptionFields {
  const keepsDiscount = current.discount_type === 'forever' && current.discount_percent;
  return {
    ...current,
    plan: change.plan,
    status: 'active',
    seconds_limit: secondsOf(PLANS[change.plan].minutes) + remainingSeconds(current),
    seconds_used: 0,
    amount: discountedCents(PLANS[change.plan].priceCents, keepsDiscount ? current.discount_percent : null),
    current_period_end: change.currentPeriodEnd,
    cancel_at_period_end: false,
    ...PAYMENT_SETTLED,
  };
}

/** No payment is outstanding: a renewal went through, or a new plan started. */
export const PAYMENT_SETTLED = { payment_failed_at: null, payment_update_url: null } as const;

/** Stripe could not charge the renewal: the parent is asked to pay it with another card. */
export function paymentFailed(current: SubscriptionFields, updateUrl: string | null): SubscriptionFields {
  return { ...current, payment_failed_at: new Date(), payment_update_url: updateUrl };
}

/** The plan is over (cancelled, unpaid, revoked): no more calls. */
export function planEnded(current: SubscriptionFields): SubscriptionFields {
  return { ...current, status: 'ended', cancel_at_period_end: false };
}

export { fieldsOf as subscriptionFields };

/**
 * Owns the subscriptions table: every plan change goes through here. Functions taking `q` run
 * inside the caller's transaction (payments fulfilment, admin gifts, call settlement).
 */
export function createSubscriptionService(db: Db) {
  return {
    find: (userId: string, q: Queryable = db) => repo.findSubscription(q, userId),
    /** A usable plan with seconds still to spend: what Santa needs before he rings anyone. */
    async hasTimeLeft(userId: string): Promise<boolean> {
      const plan = await repo.findSubscription(db, userId);
      return isUsable(plan) && remainingSeconds(plan!) > 0;
    },
    /** Every family's plan (the admin's user list). */
    listAll: () => repo.listSubscriptions(db),
    /** Live passes Stripe will charge again in (from, to]. */
    listRenewingBetween: (from: Date, to: Date) => repo.listRenewingBetween(db, from, to),
    findForUpdate: (q: Queryable, userId: string) => repo.findSubscriptionForUpdate(q, userId),
    findByStripeSubscriptionId: (stripeSubscriptionId: string, q: Queryable = db) =>
      repo.findSubscriptionByStripeId(q, stripeSubscriptionId),
    findByStripeCustomerId: (stripeCustomerId: string, q: Queryable = db) =>
      repo.findSubscriptionByCustomerId(q, stripeCustomerId),

    async getStatus(userId: string): Promise<SubscriptionStatus> {
      const row = await repo.findSubscription(db, userId);
      return row && isUsable(row)
        ? { has_subscription: true, subscription: presentSubscription(row) }
        : { has_subscription: false, subscription: null };
    },

    /** Writes the row as a caller computed it from one locked read (the steps above). */
    save: (q: Queryable, userId: string, fields: SubscriptionFields) =>
      repo.saveSubscription(q, userId, fields),

    async activatePlan(q: Queryable, userId: string, activation: Activation): Promise<SubscriptionRow> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      return repo.saveSubscription(q, userId, planActivated(current, activation));
    },

    async startNewPeriod(
      q: Queryable,
      userId: string,
      period: { currentPeriodEnd: Date | null; amountCents?: number },
    ): Promise<SubscriptionRow | undefined> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      if (!current) return undefined;
      return repo.saveSubscription(q, userId, periodRenewed(fieldsOf(current), period));
    },

    /** A finished call's seconds, charged in one statement (the settlement's). */
    chargeCall: (q: Queryable, userId: string, call: repo.CallCharge) => repo.chargeCall(q, userId, call),
    /** The same charge inside another module's statement (the one that stores the call). */
    chargeCallSql: repo.chargeCallSql,

    async update(
      q: Queryable,
      userId: string,
      patch: Partial<SubscriptionFields>,
    ): Promise<SubscriptionRow | undefined> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      if (!current) return undefined;
      return repo.saveSubscription(q, userId, { ...fieldsOf(current), ...patch });
    },

    /** Families whose prepaid pass (a redeemed gift) ran out by `now`. */
    listPrepaidPassesEnded: (now: Date) => repo.listPrepaidPassesEnded(db, now),
    /** Families on a live prepaid pass. */
    listLivePrepaidPasses: () => repo.listLivePrepaidPasses(db),

    /** Ends a prepaid pass whose period is over; false when the plan has changed meanwhile. */
    async endPrepaidPass(q: Queryable, userId: string, now: Date): Promise<boolean> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      const due =
        current &&
        isUsable(current) &&
        !current.stripe_subscription_id &&
        PLANS[current.plan].billing === 'subscription' &&
        current.current_period_end !== null &&
        new Date(current.current_period_end) <= now;
      if (!due) return false;
      await repo.saveSubscription(q, userId, planEnded(fieldsOf(current)));
      return true;
    },

    async endPlan(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      if (!current) return undefined;
      return repo.saveSubscription(q, userId, planEnded(fieldsOf(current)));
    },

    /**
     * Gifted minutes raise seconds_limit. A user with no usable plan gets the `gift` plan: the
     * common hotline, calls as long as the balance, no expiry.
     */
    async addMinutes(q: Queryable, userId: string, minutes: number): Promise<SubscriptionRow> {
      const current = await repo.findSubscriptionForUpdate(q, userId);
      if (current && isUsable(current)) {
        return repo.saveSubscription(q, userId, {
          ...fieldsOf(current),
          seconds_limit: current.seconds_limit + secondsOf(minutes),
        });
      }
      return repo.saveSubscription(q, userId, {
        plan: 'gift',
        status: 'active',
        seconds_limit: secondsOf(minutes),
        seconds_used: 0,
        amount: 0,
        discount_percent: null,
        discount_type: null,
        discount_source: null,
        stripe_customer_id: current?.stripe_customer_id ?? null,
        stripe_subscription_id: null,
        current_period_end: null,
        cancel_at_period_end: false,
        ...PAYMENT_SETTLED,
      });
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
