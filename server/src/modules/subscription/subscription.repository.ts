import type { DiscountType } from '@santa/shared/constants';
import type { PlanId } from '@santa/shared/plans';
import type { Queryable } from '../../db/db.ts';
import { placeholders } from '../../db/sql-array.ts';

export type SubscriptionStatusValue = 'active' | 'canceled' | 'past_due' | 'ended';

export interface SubscriptionRow {
  user_id: string;
  plan: PlanId;
  status: SubscriptionStatusValue;
  /** Seconds of calls the plan gives (plans and gifts are sold in minutes). */
  seconds_limit: number;
  /** Seconds of calls spent: calls are billed by the second. */
  seconds_used: number;
  amount: number;
  discount_percent: number | null;
  discount_type: DiscountType | null;
  discount_source: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  payment_failed_at: Date | null;
  payment_update_url: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface SubscriptionFields {
  plan: PlanId;
  status: SubscriptionStatusValue;
  seconds_limit: number;
  seconds_used: number;
  amount: number;
  discount_percent: number | null;
  discount_type: DiscountType | null;
  discount_source: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  /** A renewal Stripe could not charge (invoice.payment_failed), until one goes through. */
  payment_failed_at: Date | null;
  /** Stripe's page for that invoice, where the parent pays it with another card. */
  payment_update_url: string | null;
}

const COLUMNS: (keyof SubscriptionFields)[] = [
  'plan',
  'status',
  'seconds_limit',
  'seconds_used',
  'amount',
  'discount_percent',
  'discount_type',
  'discount_source',
  'stripe_customer_id',
  'stripe_subscription_id',
  'current_period_end',
  'cancel_at_period_end',
  'payment_failed_at',
  'payment_update_url',
];

export async function findSubscription(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const { rows } = await q.query<SubscriptionRow>('select * from subscriptions where user_id = $1', [userId]);
  return rows[0];
}

/** Locks the row for the rest of the transaction, so read-modify-write cannot interleave. */
export async function findSubscriptionForUpdate(
  q: Queryable,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await q.query<SubscriptionRow>(
    'select * from subscriptions where user_id = $1 for update',
    [userId],
  );
  return rows[0];
}

/** The family Stripe knows as this customer (a pass's or a Pay Per Call's payer). */
export async function findSubscriptionByCustomerId(
  q: Queryable,
  stripeCustomerId: string,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await q.query<SubscriptionRow>(
    'select * from subscriptions where stripe_customer_id = $1',
    [stripeCustomerId],
  );
  return rows[0];
}

export async function findSubscriptionByStripeId(
  q: Queryable,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const { rows } = await q.query<SubscriptionRow>(
    'select * from subscriptions where stripe_subscription_id = $1',
    [stripeSubscriptionId],
  );
  return rows[0];
}

export async function saveSubscription(
  q: Queryable,
  userId: string,
  fields: SubscriptionFields,
): Promise<SubscriptionRow> {
  const values = COLUMNS.map((column) => fields[column]);
  const placeholders = COLUMNS.map((_, i) => `$${i + 2}`).join(', ');
  const updates = COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ');
  const { rows } = await q.query<SubscriptionRow>(
    `insert into subscriptions (user_id, ${COLUMNS.join(', ')}) values ($1, ${placeholders})
     on conflict (user_id) do update set ${updates}, updated_at = now()
     returning *`,
    [userId, ...values],
  );
  return rows[0]!;
}

/** A finished call's charge: see chargeCall. */
export interface CallCharge {
  /** The plan the call was answered under. */
  plan: string;
  billed: number;
  /** The plan's one call's seconds when it sells one call (Pay Per Call), else null. */
  oneCallCap: number | null;
}

/**
 * chargeCall's update, for a statement of another module's: `billed.sql` is an SQL expression,
 * over the row of `billed.from` when given (no row, no charge) where `billed.where` holds.
 * Returns `spent_one_call_plan`. `param` places a value.
 */
export function chargeCallSql(
  param: (value: unknown) => string,
  userId: string,
  call: Omit<CallCharge, 'billed'>,
  billed: { sql: string; from?: string; where?: string },
): string {
  const cap = `${param(call.oneCallCap)}::int`;
  const oneCall = `plan = ${param(call.plan)} and ${cap} is not null`;
  const spent = `case when ${oneCall} then greatest(${billed.sql}, ${cap}) else ${billed.sql} end`;
  return `update subscriptions set
       seconds_used = least(seconds_limit, seconds_used + ${spent}),
       status = case when ${oneCall} and seconds_used + ${spent} >= seconds_limit then 'ended' else status end,
       updated_at = now()
     ${billed.from ? `from ${billed.from} ` : ''}where user_id = ${param(userId)}${billed.where ? ` and ${billed.where}` : ''}
     returning ${oneCall} as spent_one_call_plan`;
}

/**
 * Charges a finished call to the family's plan in one statement, which locks the row itself:
 * seconds_used grows by the billed seconds, never past the limit. A plan that sells one call, and
 * is still the family's plan, spends its whole cap and ends once its limit is spent (gifted
 * minutes on top keep it open). Answers whether that one call was spent, or undefined when the
 * family has no plan row.
 */
export async function chargeCall(
  q: Queryable,
  userId: string,
  call: CallCharge,
): Promise<{ spentOneCallPlan: boolean } | undefined> {
  const { values, param } = placeholders();
  const { rows } = await q.query<{ spent_one_call_plan: boolean }>(
    chargeCallSql(param, userId, call, { sql: `${param(call.billed)}::int` }),
    values,
  );
  return rows[0] && { spentOneCallPlan: rows[0].spent_one_call_plan };
}

export async function listSubscriptions(q: Queryable): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<SubscriptionRow>('select * from subscriptions');
  return rows;
}

/**
 * Passes Stripe will charge again in (from, to]: live, billed by Stripe, not set to end at the
 * period's close. Past-due ones are left out: their own email already asks for a card.
 */
export async function listRenewingBetween(q: Queryable, from: Date, to: Date): Promise<SubscriptionRow[]> {
  const { rows } = await q.query<SubscriptionRow>(
    `select * from subscriptions
     where status = 'active' and not cancel_at_period_end and stripe_subscription_id is not null
       and current_period_end > $1 and current_period_end <= $2`,
    [from, to],
  );
  return rows;
}

/**
 * Passes paid once, with no Stripe subscription behind them (a redeemed gift), whose period is
 * over: nobody else will end them (decision 0022).
 */
export async function listPrepaidPassesEnded(q: Queryable, now: Date): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>(
    `select user_id from subscriptions
     where status = 'active' and stripe_subscription_id is null and current_period_end <= $1
       and plan in ('subscription_3month', 'subscription_6month', 'subscription_12month')`,
    [now],
  );
  return rows.map((row) => row.user_id);
}

/** Live prepaid passes (redeemed gifts): each should have its dedicated number. */
export async function listLivePrepaidPasses(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ user_id: string }>(
    `select user_id from subscriptions
     where status = 'active' and stripe_subscription_id is null
       and plan in ('subscription_3month', 'subscription_6month', 'subscription_12month')`,
  );
  return rows.map((row) => row.user_id);
}
