import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './payments.repository.ts';
import type { DiscountHistoryRow, RevokedDiscount } from './payments.repository.ts';

export type { DiscountHistoryRow, RevokedDiscount };

/**
 * A family's discounts, applied at checkout (fulfilment writes those) or revoked by the admin:
 * one table, written only here and by fulfilment in this module.
 */
export function createDiscountHistoryService(db: Db) {
  return {
    list: (userId: string) => repo.listDiscountHistory(db, userId),
    /** In the admin's revocation transaction. */
    recordRevoked: (q: Queryable, row: RevokedDiscount) => repo.insertDiscountRevoked(q, row),
  };
}

export type DiscountHistoryService = ReturnType<typeof createDiscountHistoryService>;
