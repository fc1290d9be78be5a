/** Business constants, shared by server and client. */
export const RECORDING_PRICE_CENTS = 99;
/**
 * A call that ends within its first 20 seconds went wrong (the line dropped, a grown-up answered
 * and hung up): it costs nothing, up to three such calls a day per family, so a game of redialling
 * cannot turn into free calls.
 */
export const FREE_START_SECONDS = 20;
export const FREE_SHORT_CALLS_PER_DAY = 3;
export const GIFT_MAX_MINUTES = 10_000;
export const SESSION_MAX_AGE_SECONDS = 604_800;
export const ADMIN_SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
export const ADMIN_SESSION_IDLE_SECONDS = 30 * 60;
/** A parent session unused for this long ends, within its 7-day life. */
export const PARENT_SESSION_IDLE_SECONDS = 3 * 24 * 60 * 60;
export const SIGN_IN_HANDOFF_SECONDS = 60;
export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;
export const USAGE_WARNING_RATIO = 0.8;
export const RESIZE_DEBOUNCE_MS = 20;
export const SESSION_COOKIE = 'session_token';

export const COUPON_PERCENTS = [25, 50, 100] as const;
export const DISCOUNT_TYPES = ['first_month', 'forever'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const SANTA_PERSONALITIES = ['traditional', 'modern', 'mixed'] as const;
export type SantaPersonality = (typeof SANTA_PERSONALITIES)[number];

export const PROMPT_PLACEHOLDERS = [
  '{kid_name}',
  '{age}',
  '{siblings}',
  '{gifts_giving}',
  '{wish_list}',
  '{accomplishments}',
  '{behavior_notes}',
  '{custom_notes}',
] as const;
