import { z } from 'zod';
import { PURCHASABLE_PLAN_IDS } from './plans.ts';

/**
 * Gifts: anyone buys a plan for someone else's email, with a message and a day it is delivered;
 * the recipient redeems the emailed link once and the plan starts for them (decision 0022).
 */

export const GIFT_MESSAGE_MAX = 500;
export const GIFT_NAME_MAX = 80;
/** The furthest day a gift can be sent on, counted from today. */
export const GIFT_MAX_DAYS_AHEAD = 366;

export const GIFT_MESSAGES = {
  notFound: 'This gift link is not valid. Please check the address in your email.',
  alreadyRedeemed: 'This gift has already been redeemed. Each gift can be redeemed once.',
  buyerRequired: 'Please give your name and email, so we can send your receipt.',
  dateOutOfRange: 'Choose a delivery day from today to a year from now.',
} as const;

/** Redeeming a gift while a plan of its kind runs would throw that plan away: refused, code kept. */
export function giftPlanHeldMessage(heldPlanName: string): string {
  return `You already have the ${heldPlanName}. Redeem this gift once it has ended: the link keeps working.`;
}

const text = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const optionalText = (max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    text(max, label).optional(),
  );

/** POST /api/gifts/checkout: signed out, the buyer's name and email are required too. */
export const giftCheckoutSchema = z.object({
  plan: z.enum(PURCHASABLE_PLAN_IDS, { error: 'Choose a plan to give' }),
  recipient_email: z.email('Enter the recipient’s email address').trim().max(254),
  recipient_name: text(GIFT_NAME_MAX, 'Their name'),
  message: z
    .string()
    .trim()
    .max(GIFT_MESSAGE_MAX, `The message must be at most ${GIFT_MESSAGE_MAX} characters`)
    .default(''),
  /** The day the recipient gets the email, in the buyer's calendar (YYYY-MM-DD). */
  deliver_on: z.iso.date('Choose a delivery day'),
  /** The buyer's offset from UTC as `Date#getTimezoneOffset()` gives it: whose "today" it is. */
  tz_offset_minutes: z.coerce.number().int().min(-840).max(840).default(0),
  buyer_name: optionalText(GIFT_NAME_MAX, 'Your name'),
  buyer_email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.email('Enter your email address').trim().max(254).optional(),
  ),
});
export type GiftCheckoutInput = z.input<typeof giftCheckoutSchema>;
export type GiftCheckoutRequest = z.output<typeof giftCheckoutSchema>;

export const giftCheckoutResponseSchema = z.object({ url: z.string() });
export type GiftCheckoutResponse = z.infer<typeof giftCheckoutResponseSchema>;

/** GET /api/gifts/:code: what the redeem page shows. */
export const giftViewSchema = z.object({
  giver_name: z.string(),
  recipient_name: z.string().nullable(),
  message: z.string().nullable(),
  plan: z.enum(PURCHASABLE_PLAN_IDS),
  plan_name: z.string(),
  redeemed: z.boolean(),
});
export type GiftView = z.infer<typeof giftViewSchema>;

/** POST /api/gifts/redeem */
export const redeemGiftSchema = z.object({ code: z.string().trim().min(1).max(100) });
export const redeemGiftResponseSchema = z.object({ message: z.string(), plan_name: z.string() });
export type RedeemGiftResponse = z.infer<typeof redeemGiftResponseSchema>;

/** The admin's read-only view: counts, and the latest gifts without their messages. */
export const adminGiftSchema = z.object({
  id: z.string(),
  plan_name: z.string(),
  amount: z.number().nullable(),
  status: z.enum(['paid', 'delivered', 'redeemed']),
  deliver_on: z.string(),
  paid_at: z.string(),
  redeemed_at: z.string().nullable(),
});
export const adminGiftsSchema = z.object({
  bought: z.number(),
  delivered: z.number(),
  redeemed: z.number(),
  recent: z.array(adminGiftSchema),
});
export type AdminGifts = z.infer<typeof adminGiftsSchema>;

/** YYYY-MM-DD of `at` in the calendar of someone `offsetMinutes` behind UTC. */
export function localDateOf(at: Date, offsetMinutes: number): string {
  return new Date(at.getTime() - offsetMinutes * 60_000).toISOString().slice(0, 10);
}
