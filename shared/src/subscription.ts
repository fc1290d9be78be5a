import { z } from 'zod';
import { DISCOUNT_TYPES } from './constants.ts';
import { PLAN_IDS } from './plans.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due', 'ended'] as const;

export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Whole minutes, rounded down (what the plan gives is never overstated). */
  minutes_limit: z.number().int(),
  /** Whole minutes, rounded up: a started minute reads as used. */
  minutes_used: z.number().int(),
  /** Whole minutes, rounded down: 47 seconds left reads 0 here and 47 in seconds_remaining. */
  minutes_remaining: z.number().int(),
  /** The balance as it is counted: calls are billed by the second. */
  seconds_limit: z.number().int(),
  seconds_used: z.number().int(),
  seconds_remaining: z.number().int(),
  /** Cents charged per period after discount. */
  amount: z.number().int(),
  discount_percent: z.number().int().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_source: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** Set while a renewal payment has failed: the parent should pay it with another card. */
  payment_failed_at: z.string().nullable(),
  /** Stripe's page for the unpaid invoice (null in the sandbox's absence of one). */
  payment_update_url: z.string().nullable(),
  /**
   * Cents the next renewal will charge (a first-payment coupon is spent, an every-payment one
   * stays); null when the plan does not renew (one-off plans, or cancelled at period end).
   */
  renewal_amount: z.number().int().nullable(),
  /** Paid through a Stripe subscription: "Manage billing" opens Stripe's customer portal. */
  billed_by_stripe: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionStatusSchema = z.object({
  has_subscription: z.boolean(),
  subscription: subscriptionSchema.nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/*
 * Usage is counted in seconds; the minute figures round so that together they never promise time
 * the family does not have: used rounds up, what is left (and the limit) rounds down.
 */
export const minutesUsedOf = (seconds: number): number => Math.ceil(seconds / 60);
export const minutesLeftOf = (seconds: number): number => Math.floor(seconds / 60);

/** "47 seconds", "1 minute", "3 minutes" (a part minute past the first is left out), "0 minutes". */
export function callTimeText(seconds: number): string {
  if (seconds > 0 && seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = minutesLeftOf(Math.max(0, seconds));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
