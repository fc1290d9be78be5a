import { z } from 'zod';
import { COUPON_PERCENTS, DISCOUNT_TYPES, GIFT_MAX_MINUTES } from './constants.ts';
import { PLANS } from './plans.ts';
import { subscriptionSchema, type Subscription } from './subscription.ts';

/** Spec §5 messages, shared by the gift dialog and the server. */
export const GIFT_INVALID_MESSAGE = 'Please enter a valid number of minutes';
export const GIFT_TOO_MANY_MESSAGE = 'Cannot gift more than 10,000 minutes at once';
export const ADMIN_DENIED_MESSAGE = 'Access denied. Admin privileges required.';
export const NO_CONFIGURATION_MESSAGE = 'No configuration found for this user';

export const REVOKE_ACTIONS = ['cancel_immediately', 'finish_period'] as const;
export type RevokeAction = (typeof REVOKE_ACTIONS)[number];

const userIdSchema = z.uuid({ error: 'Invalid user id' });

/** Form fields arrive as strings; an empty field counts as missing. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const giftMinutesSchema = z.preprocess(
  (value) => {
    const present = blankToUndefined(value);
    return typeof present === 'string' ? Number(present.trim()) : present;
  },
  z
    .number({ error: GIFT_INVALID_MESSAGE })
    .int(GIFT_INVALID_MESSAGE)
    .gt(0, GIFT_INVALID_MESSAGE)
    .max(GIFT_MAX_MINUTES, GIFT_TOO_MANY_MESSAGE),
);

export const giftMinutesRequestSchema = z.object({
  user_id: userIdSchema,
  minutes: giftMinutesSchema,
  note: z.preprocess(
    blankToUndefined,
    z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
  ),
});
export type GiftMinutesRequest = z.infer<typeof giftMinutesRequestSchema>;

export const revokeDiscountRequestSchema = z.object({
  user_id: userIdSchema,
  action: z.enum(REVOKE_ACTIONS, { error: 'Please choose cancel_immediately or finish_period' }),
});
export type RevokeDiscountRequest = z.infer<typeof revokeDiscountRequestSchema>;

export const generateCouponQuerySchema = z.object({
  discount_percent: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.union(
      COUPON_PERCENTS.map((percent) => z.literal(percent)),
      { error: 'discount_percent must be 25, 50 or 100' },
    ),
  ),
  discount_type: z.enum(DISCOUNT_TYPES, { error: 'discount_type must be first_month or forever' }),
  /** Days the code can be used; without it the code never expires. */
  valid_days: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined),
    z
      .number({ error: 'valid_days must be a whole number from 1 to 365' })
      .int('valid_days must be a whole number from 1 to 365')
      .min(1, 'valid_days must be a whole number from 1 to 365')
      .max(365, 'valid_days must be a whole number from 1 to 365')
      .optional(),
  ),
});
export type GenerateCouponQuery = z.infer<typeof generateCouponQuerySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  /** ISO 8601 */
  created_at: z.string(),
  subscription: subscriptionSchema.nullable(),
  discount_percent: z.number().int().nullable(),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  /** The plan and its state in a few words, e.g. "Free Sample · used" or "no plan". */
  plan_summary: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

const STATE_WORDS: Record<Subscription['status'], string> = {
  active: 'active',
  canceled: 'cancelled',
  past_due: 'payment due',
  ended: 'ended',
};

/**
 * What the admin reads beside each user. A one-call plan whose time is spent says "used" (a
 * pay-per-call ends after its call, a free sample stays active at 0), so the admin can tell it
 * from a plan that was cancelled or refunded.
 */
export function planSummary(subscription: Subscription | null): string {
  if (!subscription) return 'no plan';
  const plan = PLANS[subscription.plan];
  const oneCall = plan.billing === 'free' || plan.billing === 'one_time';
  let state = STATE_WORDS[subscription.status];
  if (oneCall && subscription.seconds_remaining <= 0) state = 'used';
  else if (subscription.status === 'active' && subscription.cancel_at_period_end)
    state = 'ends at period end';
  else if (subscription.status === 'active' && subscription.seconds_remaining <= 0) state = 'no minutes left';
  return `${subscription.plan_name} · ${state}`;
}

export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const AUTH_METHODS = ['google', 'email'] as const;

export const adminUserDetailSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    picture: z.string().nullable(),
    google_id: z.string().nullable(),
    created_at: z.string(),
    auth_method: z.enum(AUTH_METHODS),
  }),
  subscription: subscriptionSchema.nullable(),
  agent_config: z
    .object({
      company_name: z.string(),
      contact_email: z.string().nullable(),
      twilio_phone_number: z.string(),
      documents: z.array(z.unknown()),
    })
    .nullable(),
  recent_calls: z.array(
    z.object({
      id: z.string(),
      phone_number: z.string().nullable(),
      created_at: z.string(),
      duration: z.number().int(),
    }),
  ),
  /** Keepsake links of the family's calls that still work (their addresses are never shown). */
  active_share_links: z.number().int(),
  /** How many children Santa knows in the family (decision 0024); never their details. */
  children: z.number().int(),
  /** People the family invited to listen (decision 0026); never their addresses. */
  listeners: z.number().int(),
  /** Santa's calls the family scheduled that are still to come (decision 0025). */
  scheduled_calls_upcoming: z.number().int(),
  /** Refunds and disputes of the family's payments, newest first, with what each ended. */
  payment_reversals: z.array(
    z.object({
      kind: z.enum(['refund', 'partial_refund', 'dispute']),
      amount_cents: z.number().int(),
      ended: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const discountHistoryItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  discount_percent: z.number().int().nullable(),
  discount_type: z.string().nullable(),
  discount_source: z.string().nullable(),
  revoked_by: z.string().nullable(),
  revoke_reason: z.enum(REVOKE_ACTIONS).nullable(),
  created_at: z.string(),
});
export type DiscountHistoryItem = z.infer<typeof discountHistoryItemSchema>;
export const discountHistoryResponseSchema = z.object({ history: z.array(discountHistoryItemSchema) });
export type DiscountHistoryResponse = z.infer<typeof discountHistoryResponseSchema>;

export const giftHistoryItemSchema = z.object({
  id: z.string(),
  minutes: z.number().int(),
  gifted_by_email: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type GiftHistoryItem = z.infer<typeof giftHistoryItemSchema>;
export const giftHistoryResponseSchema = z.object({ gifts: z.array(giftHistoryItemSchema) });
export type GiftHistoryResponse = z.infer<typeof giftHistoryResponseSchema>;

export const santaPromptResponseSchema = z.object({
  prompt: z.string(),
  last_updated: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type SantaPromptResponse = z.infer<typeof santaPromptResponseSchema>;

export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount_percent: z.number().int(),
  discount_type: z.enum(DISCOUNT_TYPES),
  used: z.boolean(),
  /**
   * The accounts that redeemed the code, with how many times each did. Empty for a used code
   * means the account that used it was deleted.
   */
  used_by: z.array(z.object({ email: z.string(), uses: z.number().int() })),
  created_at: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const couponListResponseSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type CouponListResponse = z.infer<typeof couponListResponseSchema>;
export const generateCouponResponseSchema = z.object({ coupon: adminCouponSchema });
export type GenerateCouponResponse = z.infer<typeof generateCouponResponseSchema>;
