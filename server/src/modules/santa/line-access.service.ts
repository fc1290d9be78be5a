import { randomInt, timingSafeEqual } from 'node:crypto';
import type { LineAccess, LineSettings } from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { isFamilyPhone } from './family-phones.repository.ts';
import * as repo from './line-access.repository.ts';

/** How a ringing call may go on, decided before anything about the family is said. */
export type Admission = 'connect' | 'ask_code' | 'refuse';

/** Five wrong codes for a family in 15 minutes, from any callers, lock its code for 15 minutes. */
export const FAMILY_CODE_LOCKOUT = { limit: 5, windowMinutes: 15, lockMinutes: 15 } as const;

export interface LineAccessDeps {
  /** The email module: the parent hears that the code was locked, once per lockout. */
  emails: { familyCodeLocked(userId: string, lockedUntil: Date): Promise<unknown> };
}

const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * Who may reach Santa on a family's line, and the family's 4-digit code. Every family has a code
 * from its first look, so the hotline can always ask an unattested caller for it.
 */
export function createLineAccessService(db: Db, deps: LineAccessDeps) {
  const settings = (userId: string): Promise<LineSettings> => repo.ensureSettings(db, userId, newCode());

  return {
    settings,

    save: (userId: string, input: LineSettings): Promise<LineSettings> =>
      repo.saveSettings(db, userId, input),

    /**
     * A call to the family's own line: its verified phones always get through; anyone else as
     * the family chose.
     */
    async admitOnOwnLine(userId: string, from: string): Promise<Admission> {
      if (from && (await isFamilyPhone(db, userId, from))) return 'connect';
      const access: LineAccess = (await settings(userId)).access;
      return access === 'anyone' ? 'connect' : access === 'code' ? 'ask_code' : 'refuse';
    },

    /**
     * The digits a caller typed. While the code is locked nothing matches; a wrong code counts
     * toward the lockout, and the one that starts it tells the parent.
     */
    async codeMatches(userId: string, digits: string): Promise<boolean> {
      const code = await repo.usableCode(db, userId);
      if (code === null) return false;
      const given = Buffer.from(digits);
      if (code && given.length === code.length && timingSafeEqual(given, Buffer.from(code))) return true;
      const lockedUntil = await repo.recordWrongCode(db, userId, FAMILY_CODE_LOCKOUT);
      if (lockedUntil) await deps.emails.familyCodeLocked(userId, lockedUntil);
      return false;
    },
  };
}

export type LineAccessService = ReturnType<typeof createLineAccessService>;
