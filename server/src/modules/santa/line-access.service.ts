import { randomInt } from 'node:crypto';
import { timingSafeEqual } from 'node:crypto';
import type { LineAccess, LineSettings } from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { isFamilyPhone } from './family-phones.repository.ts';

/** How a ringing call may go on, decided before anything about the family is said. */
export type Admission = 'connect' | 'ask_code' | 'refuse';

const newCode = () => String(randomInt(0, 10_000)).padStart(4, '0');

/**
 * Owns line_settings: who may reach Santa on a family's line, and the family's 4-digit code. Every
 * family has a code from its first look, so the hotline can always ask an unattested caller for it.
 */
export function createLineAccessService(db: Db) {
  async function settings(userId: string): Promise<LineSettings> {
    const { rows } = await db.query<LineSettings>(
      `insert into line_settings (user_id, family_code) values ($1, $2)
       on conflict (user_id) do update set user_id = excluded.user_id
       returning access, family_code`,
      [userId, newCode()],
    );
    return rows[0]!;
  }

  return {
    settings,

    async save(userId: string, input: LineSettings): Promise<LineSettings> {
      const { rows } = await db.query<LineSettings>(
        `insert into line_settings (user_id, access, family_code) values ($1, $2, $3)
         on conflict (user_id) do update set access = excluded.access, family_code = excluded.family_code,
           updated_at = now()
         returning access, family_code`,
        [userId, input.access, input.family_code],
      );
      return rows[0]!;
    },

    /**
     * A call to the family's own line: its verified phones always get through; anyone else as
     * the family chose.
     */
    async admitOnOwnLine(userId: string, from: string): Promise<Admission> {
      if (from && (await isFamilyPhone(db, userId, from))) return 'connect';
      const access: LineAccess = (await settings(userId)).access;
      return access === 'anyone' ? 'connect' : access === 'code' ? 'ask_code' : 'refuse';
    },

    async codeMatches(userId: string, digits: string): Promise<boolean> {
      const { family_code: code } = await settings(userId);
      const given = Buffer.from(digits);
      return given.length === code.length && timingSafeEqual(given, Buffer.from(code));
    },
  };
}

export type LineAccessService = ReturnType<typeof createLineAccessService>;
