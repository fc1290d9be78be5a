import type { Db } from '../../db/db.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import * as repo from './listeners.repository.ts';

/**
 * The invitation's link, minted as its email is sent: undefined once accepted. Needs only the
 * database, so the email service can be given it before any other service exists.
 */
export function createInviteLinks(db: Db, publicUrl: string) {
  return {
    async inviteLink(inviteId: string): Promise<{ url: string; inviteeName: string } | undefined> {
      const token = newToken();
      const row = await repo.setTokenHash(db, inviteId, hashToken(token));
      return row && { url: `${publicUrl}/listen#token=${token}`, inviteeName: row.name };
    },
  };
}
