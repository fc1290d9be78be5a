import {
  planSummary,
  type AdminCoupon,
  type AdminUser,
  type AdminUserDetail,
  type DiscountHistoryItem,
  type GiftHistoryItem,
  type SantaPromptResponse,
} from '@santa/shared/admin';
import { presentSubscription } from '../subscription/subscription.service.ts';
import type {
  AgentConfigRow,
  CouponView,
  DiscountHistoryRow,
  RecentCallRow,
  SantaScriptView,
  SubscriptionRow,
  UserRow,
} from './admin.ports.ts';
import type { GiftHistoryRow } from './admin.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentAdminUser(user: UserRow, subscription: SubscriptionRow | undefined): AdminUser {
  const plan = subscription ? presentSubscription(subscription) : null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    created_at: iso(user.created_at),
    subscription: plan,
    discount_percent: subscription?.discount_percent ?? null,
    discount_type: subscription?.discount_type ?? null,
    plan_summary: planSummary(plan),
  };
}

export function presentUserDetail(parts: {
  user: UserRow;
  subscription: SubscriptionRow | undefined;
  agentConfig: AgentConfigRow | undefined;
  recentCalls: RecentCallRow[];
  activeShareLinks: number;
  children: number;
  listeners: number;
  upcomingCalls: number;
  reversals: { kind: string; amount_cents: number; ended: string; created_at: Date }[];
}): AdminUserDetail {
  const { user, agentConfig } = parts;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      picture: user.picture,
      google_id: user.google_id,
      created_at: iso(user.created_at),
      auth_method: user.google_id ? 'google' : 'email',
    },
    subscription: parts.subscription ? presentSubscription(parts.subscription) : null,
    agent_config: agentConfig
      ? {
          company_name: agentConfig.company_name,
          contact_email: agentConfig.contact_email,
          twilio_phone_number: agentConfig.twilio_phone_number,
          documents: Array.isArray(agentConfig.documents) ? agentConfig.documents : [],
        }
      : null,
    payment_reversals: parts.reversals.map((reversal) => ({
      kind: reversal.kind as AdminUserDetail['payment_reversals'][number]['kind'],
      amount_cents: reversal.amount_cents,
      ended: reversal.ended,
      created_at: iso(reversal.created_at),
    })),
    recent_calls: parts.recentCalls.map((call) => ({
      id: call.id,
      phone_number: call.phone_number,
      created_at: iso(call.created_at),
      duration: call.duration,
    })),
    active_share_links: parts.activeShareLinks,
    children: parts.children,
    listeners: parts.listeners,
    scheduled_calls_upcoming: parts.upcomingCalls,
  };
}

export function presentDiscountHistory(row: DiscountHistoryRow): DiscountHistoryItem {
  return {
    id: row.id,
    action: row.action,
    discount_percent: row.discount_percent,
    discount_type: row.discount_type,
    discount_source: row.discount_source,
    revoked_by: row.revoked_by,
    revoke_reason: row.revoke_reason,
    created_at: iso(row.created_at),
  };
}

export function presentGift(row: GiftHistoryRow): GiftHistoryItem {
  return {
    id: row.id,
    minutes: row.minutes,
    gifted_by_email: row.gifted_by_email,
    note: row.note,
    created_at: iso(row.created_at),
  };
}

export function presentCoupon(coupon: CouponView): AdminCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    discount_percent: coupon.discount_percent,
    discount_type: coupon.discount_type,
    used: coupon.used,
    used_by: coupon.redemptions.map(({ email, uses }) => ({ email, uses })),
    created_at: iso(coupon.created_at),
  };
}

export function presentPrompt(view: SantaScriptView): SantaPromptResponse {
  return {
    prompt: view.prompt,
    last_updated: view.last_updated ? iso(view.last_updated) : null,
    updated_by: view.updated_by,
  };
}
