import { PLANS } from '@santa/shared/plans';
import type { Db } from '../../db/db.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { GiftRedeemLink } from '../email/email.service.ts';
import * as repo from './gifts.repository.ts';

/**
 * The recipient's redeem link, minted as the email is sent: a new code whose hash replaces any
 * before it, so only the newest email's link works. Needs only the database, so the email service
 * can be given it before any other service exists.
 */
export function createGiftLinks(db: Db, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  return {
    async redeemLink(giftId: string): Promise<GiftRedeemLink> {
      const code = newToken();
      const gift = await repo.setTokenHash(db, giftId, hashToken(code));
      if (!gift) throw new Error('the gift was redeemed or is gone');
      return {
        redeemUrl: `${origin}/gift/${code}`,
        giverName: gift.buyer_name,
        recipientName: gift.recipient_name,
        message: gift.message,
        planName: PLANS[gift.plan].name,
      };
    },
  };
}
