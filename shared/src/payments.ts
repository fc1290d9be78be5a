import { z } from 'zod';
import { COUPON_PERCENTS, DISCOUNT_TYPES } from './constants.ts';
import { PURCHASABLE_PLAN_IDS } from './plans.ts';

/** Details the pricing page and dashboard show as toasts (the client reads `detail`). */
export const PAYMENT_MESSAGES = {
  unknownPlan: 'Unknown plan',
  foreignRedirect: 'success_url and cancel_url must be pages of this site',
  invalidCoupon: 'Invalid coupon code',
  usedCoupon: 'This coupon code has already been used',
  couponInCheckout: 'This coupon code is already being used in another checkout',
  checkoutBusy: 'A checkout for this is already being opened or paid. Please try again in a moment.',
  noRecording: 'This call has no audio recording',
  recordingPurchased: 'This recording has already been purchased',
  callNotFound: 'Call not found',
} as const;

/** Added to the dashboard's URL when checkout sends the parent back after paying. */
export const CHECKOUT_RETURN_PARAM = { name: 'checkout', value: 'success' } as const;

/** The dashboard's address checkout returns to after payment. */
export function checkoutReturnUrl(origin: string): string {
  return `${origin}/dashboard?${CHECKOUT_RETURN_PARAM.name}=${CHECKOUT_RETURN_PARAM.value}`;
}

/** Buying Pay Per Call would replace a pass, its dedicated number and its minutes. */
export function passAlreadyActiveMessage(passName: string): string {
  return `You already have the ${passName}, with its own Santa number and minutes. Pay Per Call is for families without a pass.`;
}

/** Form fields arrive as strings; an empty field counts as missing. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const urlField = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an absolute http(s) URL` });

/** Spec §7: form with plan, success_url, cancel_url and an optional coupon_code. */
export const createCheckoutRequestSchema = z.object({
  plan: z.enum(PURCHASABLE_PLAN_IDS, { error: PAYMENT_MESSAGES.unknownPlan }),
  success_url: urlField('success_url'),
  cancel_url: urlField('cancel_url'),
  // Spec §5: the coupon is forced uppercase and trimmed.
  coupon_code: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(64, PAYMENT_MESSAGES.invalidCoupon)
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

export const createCheckoutResponseSchema = z.object({ url: z.string() });
export type CreateCheckoutResponse = z.infer<typeof createCheckoutResponseSchema>;

export const purchaseRecordingResponseSchema = z.object({ checkout_url: z.string() });
export type PurchaseRecordingResponse = z.infer<typeof purchaseRecordingResponseSchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  discount_percent: z.union(COUPON_PERCENTS.map((percent) => z.literal(percent))),
  discount_type: z.enum(DISCOUNT_TYPES),
  used: z.boolean(),
  /** ISO 8601 */
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
