import { formatBillingDate } from '@santa/shared/billing-terms';
import { LISTENER_INVITE_DAYS } from '@santa/shared/listeners';
import { formatPrice, planName } from '@santa/shared/plans';
import type { ContentTable } from './email-content-of.ts';

/** Emails to people outside the family's account: a gift's buyer and recipient, an invited listener. */
export const giftAndListenerContent: ContentTable = {
  gift_receipt: ({ data, publicUrl }) => ({
    kind: 'gift_receipt',
    buyerName: String(data.buyerName ?? ''),
    recipientName: typeof data.recipientName === 'string' ? data.recipientName : null,
    planName: planName(String(data.plan)),
    amount: formatPrice(Number(data.amountCents)),
    deliverOn: formatBillingDate(`${String(data.deliverOn)}T12:00:00Z`),
    giftUrl: `${publicUrl}/gift`,
  }),

  async gift_delivery({ row, links }) {
    if (!links.giftRedeemLink || !row.gift_id) throw new Error('gift_delivery email without its gift');
    return { kind: 'gift_delivery', ...(await links.giftRedeemLink(row.gift_id)) };
  },

  async listener_invite({ row, name, links }) {
    const link = row.listener_id ? await links.listenerInviteLink?.(row.listener_id) : undefined;
    if (!link) return undefined;
    return {
      kind: 'listener_invite',
      familyName: name,
      inviteeName: link.inviteeName,
      acceptUrl: link.url,
      validDays: LISTENER_INVITE_DAYS,
    };
  },
};
