import type { AdminCoupon } from '@santa/shared/admin';
import type { DiscountType } from '@santa/shared/constants';
import { formatPrice, isPlanId, monthlyAmountCents, PLANS } from '@santa/shared/plans';

export function discountTypeLabel(type: DiscountType | string | null): string {
  if (type === 'first_month') return 'First Month';
  if (type === 'forever') return 'Forever';
  return type ?? '';
}

export function discountLabel(percent: number | null, type: DiscountType | string | null): string | null {
  return percent === null ? null : `${percent}% off · ${discountTypeLabel(type)}`;
}

/** Spec §3: the admin sees the amount as dollars per month (passes); one-off plans as charged. */
export function amountLabel(plan: string, amountCents: number): string {
  if (isPlanId(plan) && PLANS[plan].periodMonths) {
    return `${formatPrice(monthlyAmountCents(PLANS[plan], amountCents))}/month`;
  }
  return amountCents > 0 ? `${formatPrice(amountCents)} (one-time)` : '$0';
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function shortId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/**
 * Who used a coupon, one line per account: "ana@example.com · 1 use". A used code nobody is
 * listed for was redeemed by an account deleted since.
 */
export function couponUsedBy(coupon: Pick<AdminCoupon, 'used' | 'used_by'>): string[] {
  if (coupon.used_by.length === 0) return coupon.used ? ['a deleted account'] : [];
  return coupon.used_by.map(({ email, uses }) => `${email} · ${uses === 1 ? '1 use' : `${uses} uses`}`);
}

/** Whether a user's email or name holds the admin's search (case aside); the users tab and the preview's picker search alike. */
export function userMatchesSearch(user: { email: string; name: string }, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return user.email.toLowerCase().includes(needle) || user.name.toLowerCase().includes(needle);
}
