import type { Queryable } from '../../db/db.ts';
import { planName } from '@santa/shared/plans';
import type { EmailContent, EmailKind } from './templates/email-content.ts';

type QueueEmail = (
  request: { kind: EmailKind; eventKey: string; userId: string; data?: object },
  tx?: Queryable,
) => Promise<boolean>;

/** The emails about a payment that did not stand: a failed bank payment, a reversed gift. */
export function checkoutEmailRequests(queue: QueueEmail) {
  return {
    /** Once per checkout: its delayed (bank) payment failed, so nothing started. */
    checkoutPaymentFailed: (userId: string, checkoutId: string, plan: string) =>
      queue({ kind: 'checkout_payment_failed', eventKey: checkoutId, userId, data: { plan } }),

    /** Once per gift: the buyer's payment was refunded or disputed, so the redeemed plan ended. */
    giftReversed: (tx: Queryable, userId: string, giftId: string) =>
      queue({ kind: 'gift_reversed', eventKey: giftId, userId }, tx),
  };
}

/** Fills in a checkout email when it is sent; undefined for the other kinds. */
export function checkoutContent(
  row: { kind: EmailKind; data: Record<string, unknown> },
  name: string,
  publicUrl: string,
): EmailContent | undefined {
  if (row.kind === 'gift_reversed')
    return { kind: 'gift_reversed', name, pricingUrl: `${publicUrl}/pricing` };
  if (row.kind !== 'checkout_payment_failed') return undefined;
  return {
    kind: 'checkout_payment_failed',
    name,
    planName: planName(String(row.data.plan ?? '')),
    pricingUrl: `${publicUrl}/pricing`,
  };
}
