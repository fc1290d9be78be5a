import type { SyncCallsResponse } from '@santa/shared/voice';
import type { DiscountType } from '@santa/shared/constants';
import type { NewPlanNotice } from '@santa/shared/notices';
import type { SafetyFlagCounts } from '@santa/shared/safety';
import type { ScriptPreview, TestCall } from '@santa/shared/script-preview';
import type { Queryable } from '../../db/db.ts';
import type { DiscountHistoryService } from '../payments/discount-history.service.ts';
export type { DiscountHistoryRow } from '../payments/discount-history.service.ts';
import type { presentSubscription } from '../subscription/subscription.service.ts';
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
  /** Who redeemed the code and how often, from the payments module's record of redemptions. */
  redemptions: { email: string; uses: number }[];
  created_at: Date | string;
}

export interface CouponsPort {
  generateCoupon(input: {
    percent: number;
    type: DiscountType;
    validDays?: number;
  }): Promise<Omit<CouponView, 'redemptions'>>;
  listCoupons(): Promise<CouponView[]>;
}

export interface BillingPort {
  /** Ends the Stripe subscription now (no refund, no further charges). */
  cancelSubscriptionNow(stripeSubscriptionId: string): Promise<void>;
  /** Removes the coupon and lets the paid period run out. */
  removeDiscountAndCancelAtPeriodEnd(stripeSubscriptionId: string): Promise<void>;
}

export interface NumbersPort {
  /** The family's dedicated number and its configuration, if it has one. */
  agentConfigOf(userId: string): Promise<AgentConfigRow | undefined>;
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

export type SubscriptionRow = Parameters<typeof presentSubscription>[0];

export interface UserRow {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  google_id: string | null;
  role: 'parent' | 'admin';
  created_at: Date;
}

export interface AgentConfigRow {
  company_name: string;
  contact_email: string | null;
  twilio_phone_number: string;
  documents: unknown;
}

export interface RecentCallRow {
  id: string;
  phone_number: string | null;
  created_at: Date;
  duration: number;
}

/** The accounts, owned by the auth module. */
export interface AccountsPort {
  listAccounts(): Promise<UserRow[]>;
  findAccount(userId: string): Promise<UserRow | undefined>;
  /** In the admin's transaction; false when the account was already gone. */
  deleteAccount(q: Queryable, userId: string): Promise<boolean>;
  /** Makes a deleted account's open sessions stop working at once on this process. */
  forgetUser(userId: string): void;
}

/** The families' calls, owned by the voice module. */
export interface CallsPort {
  recentCalls(userId: string, limit: number): Promise<RecentCallRow[]>;
  artifactsOf(userId: string): Promise<{ conversation_id: string | null; audio_key: string | null }[]>;
  /** Fetches the family's calls the voice provider has and we lack (recovery does it by itself). */
  syncFromProvider(userId: string): Promise<SyncCallsResponse>;
}

/** Refunds and disputes of a family's payments, owned by the payments module. */
export interface ReversalsPort {
  listFor(userId: string): Promise<{ kind: string; amount_cents: number; ended: string; created_at: Date }[]>;
}

/** Discounts applied and revoked, owned by the payments module. */
export type DiscountsPort = Pick<DiscountHistoryService, 'list' | 'recordRevoked'>;

/** Tells the family, on their dashboard, what the admin changed in their plan. */
export interface NoticesPort {
  record(q: Queryable, userId: string, notice: NewPlanNotice): Promise<void>;
}

/** The safety reads after calls, owned by the call-safety module: counts, never the words. */
export interface SafetyPort {
  flagCounts(): Promise<SafetyFlagCounts>;
}

/** The family's shared keepsake links, owned by the keepsakes module: a count, never a token. */
export interface KeepsakesPort {
  activeLinkCount(userId: string): Promise<number>;
}

/** The family's children, owned by the children module: a count, never their details. */
export interface ChildrenPort {
  countOf(userId: string): Promise<number>;
}

/** Whom the family invited to listen, owned by the listeners module: a count, never addresses. */
export interface ListenersPort {
  countOf(userId: string): Promise<number>;
}

/** Santa's calls the family scheduled, owned by the scheduled-calls module: a count. */
export interface ScheduledCallsPort {
  upcomingCountOf(userId: string): Promise<number>;
}

/**
 * A family's next call as the voice module prepares it (the family's own words hidden), and a test
 * call with the sandbox Santa: nothing reserved, registered or stored (decision 0038).
 */
export interface CallPreviewPort {
  preview(userId: string, draft?: string): Promise<ScriptPreview>;
  testCall(userId: string, childSays: readonly string[], draft?: string): Promise<TestCall>;
}

export interface AdminPorts {
  subscription: SubscriptionService;
  notices: NoticesPort;
  accounts: AccountsPort;
  calls: CallsPort;
  reversals: ReversalsPort;
  discounts: DiscountsPort;
  coupons: CouponsPort;
  billing: BillingPort;
  numbers: NumbersPort;
  santaScript: SantaScriptPort;
  voice: ConversationsPort;
  storage: RecordingStoragePort;
  safety: SafetyPort;
  keepsakes: KeepsakesPort;
  children: ChildrenPort;
  listeners: ListenersPort;
  scheduledCalls: ScheduledCallsPort;
  callPreview: CallPreviewPort;
  /** A deleted account's gifts: kept for their recipient, without what they said about it. */
  gifts?: { forgetAccount(q: Queryable, userId: string): Promise<void> };
}
