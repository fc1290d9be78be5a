import { z } from 'zod';
import { COUPON_PERCENTS, DISCOUNT_TYPES } from './constants.ts';
import { PURCHASABLE_PLAN_IDS } from './plans.ts';

// The return addresses carry no schema: the public pricing page imports them without zod.
export * from './checkout-links.ts';

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
  expiredCoupon: 'This coupon code has expired',
  couponOnPassChange:
    'Coupons are for new passes. A change of pass is charged at its own price, less the unused part of your current one.',
  renewalUnpaid:
    'Your last renewal has not been paid yet. Please pay it (Manage billing) before changing your pass.',
  notBilledByStripe: 'Your plan is not paid through a subscription, so there is no billing to manage.',
  portalUnavailable: 'The billing page could not be opened. Please try again in a moment.',
  tooManyCouponChecks: 'Too many coupon checks. Please wait a minute and try again.',
} as const;

/** Checkout for the plan the parent already has: nothing to buy (a cancelled one is taken back instead). */
export function planAlreadyHeldMessage(planName: string, endsAtPeriodEnd = false): string {
  return endsAtPeriodEnd
    ? `You already have the ${planName}. To keep it renewing, take the cancellation back in Manage billing.`
    : `You already have the ${planName}.`;
}

export const billingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** What a valid coupon will do, for the pricing page's preview (never its holder or use). */
export const couponPreviewSchema = z.object({
  code: z.string(),
  discount_percent: z.number().int(),
  discount_type: z.enum(DISCOUNT_TYPES),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;

/** A code as the parent types it: uppercase, trimmed, letters and digits only. */
export const couponCodeSchema = z
  .string()
  .trim()
  .max(64, PAYMENT_MESSAGES.invalidCoupon)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]+$/, PAYMENT_MESSAGES.invalidCoupon));

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
