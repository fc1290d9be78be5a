import type { Db, Queryable } from '../../db/db.ts';
import type { StripeCheckoutSession, StripeEvent } from '../../providers/stripe/stripe-objects.ts';
import type { AfterCommit } from './fulfilment-after-commit.ts';
import * as repo from './payments.repository.ts';

/** What fulfilment asks the gifts module, which owns the gifts. */
export interface GiftsPort {
  recordPaid(tx: Queryable, paid: { giftId: string; sessionId: string; amountCents: number }): Promise<void>;
  /** Its payment went back: the gift can no longer be redeemed; answers who redeemed it. */
  reverse(
    tx: Queryable,
    sessionId: string,
  ): Promise<{ id: string; plan: string; redeemed_by: string | null } | undefined>;
}

/**
 * A gift's checkout: paid once, for someone else, so no family's plan changes now (decision
 * 0022). Recorded once per event; the gifts module records the payment once per gift.
 */
export function createGiftFulfilment(deps: { db: Db; gifts?: GiftsPort }) {
  return async function onGiftPaid(event: StripeEvent, session: StripeCheckoutSession): Promise<AfterCommit> {
    const giftId = session.metadata.gift_id;
    await deps.db.transaction(async (tx) => {
      if (!(await repo.recordEvent(tx, event.id, event.type))) return;
      if (giftId && session.payment_status !== 'unpaid')
        await deps.gifts?.recordPaid(tx, {
          giftId,
          sessionId: session.id,
          amountCents: session.amount_total,
        });
    });
    return {};
  };
}
