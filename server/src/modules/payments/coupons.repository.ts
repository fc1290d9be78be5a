import type { DiscountType } from '@santa/shared/constants';
import type { Queryable } from '../../db/db.ts';

export interface CouponRow {
  id: string;
  code: string;
  discount_percent: number;
  discount_type: DiscountType;
  used: boolean;
  used_by: string | null;
  used_at: Date | null;
  reserved_by_checkout: string | null;
  reserved_until: Date | null;
  /** The last moment the code can be used; null never expires. */
  expires_at: Date | null;
  created_at: Date;
}

export async function insertCoupon(
  q: Queryable,
  input: { code: string; percent: number; type: DiscountType; expiresAt?: Date | null },
): Promise<CouponRow> {
  const { rows } = await q.query<CouponRow>(
    'insert into coupons (code, discount_percent, discount_type, expires_at) values ($1, $2, $3, $4) returning *',
    [input.code, input.percent, input.type, input.expiresAt ?? null],
  );
  return rows[0]!;
}

export async function listCoupons(q: Queryable): Promise<CouponRow[]> {
  const { rows } = await q.query<CouponRow>('select * from coupons order by created_at desc, code');
  return rows;
}

export interface CouponRedemptionRow {
  code: string;
  email: string;
  uses: number;
}

/**
 * Who redeemed which code: each redemption is a discount_history 'applied' row naming the code
 * as its source, so a deleted account's redemptions go with it.
 */
export async function listCouponRedemptions(q: Queryable): Promise<CouponRedemptionRow[]> {
  const { rows } = await q.query<CouponRedemptionRow>(
    `select c.code, u.email, count(*)::int as uses
     from coupons c
     join discount_history d on d.discount_source = c.code and d.action = 'applied'
     join users u on u.id = d.user_id
     group by c.code, u.email
     order by c.code, uses desc, u.email`,
  );
  return rows;
}

export async function findCouponByCode(q: Queryable, code: string): Promise<CouponRow | undefined> {
  const { rows } = await q.query<CouponRow>('select * from coupons where code = $1', [code]);
  return rows[0];
}

/**
 * Holds an unused coupon for one checkout. It succeeds when nobody holds it, the hold lapsed,
 * or the holder is `replacing` (the same parent's earlier checkout, already expired at Stripe).
 */
export async function reserveCoupon(
  q: Queryable,
  input: { code: string; checkoutId: string; until: Date; replacing: string | null },
): Promise<CouponRow | undefined> {
  const { rows } = await q.query<CouponRow>(
    `update coupons set reserved_by_checkout = $2, reserved_until = $3
     where code = $1 and not used and (expires_at is null or expires_at > now())
       and (reserved_until is null or reserved_until < now() or reserved_by_checkout = $4)
     returning *`,
    [input.code, input.checkoutId, input.until, input.replacing],
  );
  return rows[0];
}

export async function releaseReservation(q: Queryable, checkoutId: string): Promise<void> {
  await q.query(
    'update coupons set reserved_by_checkout = null, reserved_until = null where reserved_by_checkout = $1 and not used',
    [checkoutId],
  );
}

/** The single-use guarantee: exactly one caller ever gets the row back. */
export async function redeemCoupon(
  q: Queryable,
  code: string,
  userId: string,
): Promise<CouponRow | undefined> {
  const { rows } = await q.query<CouponRow>(
    `update coupons set used = true, used_by = $2, used_at = now(), reserved_by_checkout = null, reserved_until = null
     where code = $1 and not used
     returning *`,
    [code, userId],
  );
  return rows[0];
}

/** Whether the coupon is held by an open checkout of this user. */
export async function isReservedBy(q: Queryable, code: string, userId: string): Promise<boolean> {
  const { rows } = await q.query(
    `select 1 from coupons c join checkouts k on k.id = c.reserved_by_checkout
     where c.code = $1 and k.user_id = $2`,
    [code, userId],
  );
  return rows.length > 0;
}
