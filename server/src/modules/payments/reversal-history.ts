import type { Db } from '../../db/db.ts';
import { listReversals } from './payments.repository.ts';

/** The refunds and disputes of a family's payments, for the admin (payment-reversals.ts writes them). */
export function createReversalHistory(db: Db) {
  return { listFor: (userId: string) => listReversals(db, userId) };
}
