import { randomInt } from 'node:crypto';
import { COUPON_PERCENTS, type DiscountType } from '@santa/shared/constants';
import { PAYMENT_MESSAGES } from '@santa/shared/payments';
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
    async generateCoupon(input: { percent: number; type: DiscountType }): Promise<CouponRow> {
      if (!(COUPON_PERCENTS as readonly number[]).includes(input.percent)) {
        throw new AppError('bad_request', 'discount_percent must be 25, 50 or 100');
      }
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await repo.insertCoupon(db, {
            code: newCode(),
            percent: input.percent,
            type: input.type,
          });
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 4) throw error;
        }
      }
    },

    listCoupons: (): Promise<CouponRow[]> => repo.listCoupons(db),

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
      throw new AppError('bad_request', PAYMENT_MESSAGES.couponInCheckout);
    },

    releaseReservation: (checkoutId: string, q: Queryable = db) => repo.releaseReservation(q, checkoutId),

    /** Marks the coupon used by this user; undefined when someone else redeemed it first. */
    redeem: (q: Queryable, code: string, userId: string) => repo.redeemCoupon(q, code, userId),
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
