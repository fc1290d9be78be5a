import { randomInt } from 'node:crypto';
import { COUPON_PERCENTS, type DiscountType } from '@santa/shared/constants';
import { PAYMENT_MESSAGES, type CouponPreview } from '@santa/shared/payments';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './coupons.repository.ts';
import type { CouponRow } from './coupons.repository.ts';

/** No 0/O, 1/I: codes are read aloud and typed from screenshots. */
export const COUPON_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const COUPON_CODE_LENGTH = 10;

export function generateCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i += 1) code += COUPON_ALPHABET[randomInt(COUPON_ALPHABET.length)];
  return code;
}

/**
 * Single-use coupons. A coupon is reserved by one open checkout at a time and
 * redeemed atomically at fulfilment; see checkout.service.ts for why a race is refused before
 * payment rather than charged at full price afterwards. `newCode` is the code generator; a
 * code that collides with an existing one is drawn again, up to five times in all.
 */
export function createCouponsService(db: Db, newCode: () => string = generateCouponCode) {
  return {
    async generateCoupon(input: {
      percent: number;
      type: DiscountType;
      validDays?: number;
    }): Promise<CouponRow> {
      if (!(COUPON_PERCENTS as readonly number[]).includes(input.percent)) {
        throw new AppError('bad_request', 'discount_percent must be 25, 50 or 100');
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await repo.insertCoupon(db, {
            code: newCode(),
            percent: input.percent,
            type: input.type,
            expiresAt: input.validDays ? new Date(Date.now() + input.validDays * DAY_MS) : null,
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },

    /** Every coupon, newest first, with the accounts that redeemed it. */
    listCoupons: async () =>
      withRedemptions(await repo.listCoupons(db), await repo.listCouponRedemptions(db)),

    findByCode: (code: string, q: Queryable = db) => repo.findCouponByCode(q, code),

    /** Holds the coupon for this checkout or throws the 400 that explains why it cannot be used. */
    async reserve(
      q: Queryable,
      input: { code: string; checkoutId: string; until: Date; replacing: string | null },
    ): Promise<CouponRow> {
      const reserved = await repo.reserveCoupon(q, input);
      if (reserved) return reserved;
      const coupon = await repo.findCouponByCode(q, input.code);
      if (!coupon) throw new AppError('bad_request', PAYMENT_MESSAGES.invalidCoupon);
      if (coupon.used) throw new AppError('bad_request', PAYMENT_MESSAGES.usedCoupon);
      if (isExpired(coupon)) throw new AppError('bad_request', PAYMENT_MESSAGES.expiredCoupon);
      throw new AppError('bad_request', PAYMENT_MESSAGES.couponInCheckout);
    },

    /**
     * What a code would do, for the pricing page as it is typed: 404 unknown, 409 used or
     * expired. A code held by this parent's own open checkout is still theirs to use; one held by
     * someone else's is said to be in use, as checkout would say.
     */
    async preview(code: string, userId: string | undefined): Promise<CouponPreview> {
      const coupon = await repo.findCouponByCode(db, code);
      if (!coupon) throw new AppError('not_found', PAYMENT_MESSAGES.invalidCoupon);
      if (coupon.used) throw new AppError('conflict', PAYMENT_MESSAGES.usedCoupon);
      if (isExpired(coupon)) throw new AppError('conflict', PAYMENT_MESSAGES.expiredCoupon);
      if (
        coupon.reserved_until &&
        coupon.reserved_until.getTime() > Date.now() &&
        !(userId && (await repo.isReservedBy(db, coupon.code, userId)))
      )
        throw new AppError('conflict', PAYMENT_MESSAGES.couponInCheckout);
      return {
        code: coupon.code,
        discount_percent: coupon.discount_percent,
        discount_type: coupon.discount_type,
      };
    },

    releaseReservation: (checkoutId: string, q: Queryable = db) => repo.releaseReservation(q, checkoutId),

    /** Marks the coupon used by this user; undefined when someone else redeemed it first. */
    redeem: (q: Queryable, code: string, userId: string) => repo.redeemCoupon(q, code, userId),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

type Redemption = { email: string; uses: number };

function withRedemptions(
  coupons: CouponRow[],
  redemptions: repo.CouponRedemptionRow[],
): (CouponRow & { redemptions: Redemption[] })[] {
  const byCode = new Map<string, Redemption[]>();
  for (const { code, email, uses } of redemptions) {
    byCode.set(code, [...(byCode.get(code) ?? []), { email, uses }]);
  }
  return coupons.map((coupon) => ({ ...coupon, redemptions: byCode.get(coupon.code) ?? [] }));
}

function isExpired(coupon: CouponRow): boolean {
  return !!coupon.expires_at && new Date(coupon.expires_at).getTime() <= Date.now();
}

export type CouponsService = ReturnType<typeof createCouponsService>;
