import { EXPORT_LINK_HOURS } from '@santa/shared/privacy';
import type { Db } from '../../db/db.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import * as repo from './export.repository.ts';

/**
 * The archive's download link, minted as its email is sent: the token exists only in the email
 * (its hash is stored). Needs only the database, so the email service can be given it first.
 */
export function createExportLinks(db: Db, publicUrl: string) {
  return {
    async downloadLink(exportId: string): Promise<{ url: string; validHours: number }> {
      const token = newToken();
      await repo.setTokenHash(db, exportId, hashToken(token));
      return {
        url: `${publicUrl}/api/privacy/exports/download/${token}`,
        validHours: EXPORT_LINK_HOURS,
      };
    },
  };
}
