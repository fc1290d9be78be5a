import type { DiscountType } from '@santa/shared/constants';
import type { SubscriptionService } from '../subscription/subscription.service.ts';

/**
 * What the admin module needs from other modules' services and from providers, in the admin's
 * words. app.ts passes the real services; keeping these narrow means the admin never reaches
 * into another module's repository.
 */
export interface CouponView {
  id: string;
  code: string;
  discount_percent: number;
  discount_type: DiscountType;
  used: boolean;
  created_at: Date | string;
}

export interface CouponsPort {
  generateCoupon(input: { percent: number; type: DiscountType }): Promise<CouponView>;
  listCoupons(): Promise<CouponView[]>;
}

export interface BillingPort {
  /** Ends the Stripe subscription now (no refund, no further charges). */
  cancelSubscriptionNow(stripeSubscriptionId: string): Promise<void>;
  /** Removes the coupon and lets the paid period run out. */
  removeDiscountAndCancelAtPeriodEnd(stripeSubscriptionId: string): Promise<void>;
}

export interface NumbersPort {
  /** Releases the user's dedicated number at Twilio and removes its agent configuration. */
  releaseDedicatedNumber(userId: string): Promise<unknown>;
}

export interface SantaScriptView {
  prompt: string;
  last_updated: Date | string | null;
  updated_by: string | null;
}

export interface SantaScriptPort {
  getPrompt(): Promise<SantaScriptView>;
  /** Refuses a prompt without {kid_name} or over the length limit (AppError). */
  savePrompt(prompt: string, updatedBy: string): Promise<SantaScriptView>;
}

export interface ConversationsPort {
  deleteConversation(conversationId: string): Promise<void>;
}

export interface RecordingStoragePort {
  delete(key: string): Promise<void>;
}

export interface SessionsPort {
  /** Makes a deleted account's open sessions stop working at once on this process. */
  forgetUser(userId: string): void;
}

export interface AdminPorts {
  subscription: SubscriptionService;
  sessions: SessionsPort;
  coupons: CouponsPort;
  billing: BillingPort;
  numbers: NumbersPort;
  santaScript: SantaScriptPort;
  voice: ConversationsPort;
  storage: RecordingStoragePort;
}
