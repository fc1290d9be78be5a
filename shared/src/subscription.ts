import { z } from 'zod';
import { DISCOUNT_TYPES } from './constants.ts';
import { PLAN_IDS } from './plans.ts';

export const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due', 'ended'] as const;

export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  plan_name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  minutes_limit: z.number().int(),
  minutes_used: z.number().int(),
  minutes_remaining: z.number().int(),
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
