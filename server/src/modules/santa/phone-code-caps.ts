import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import { FAMILY_PHONE_MESSAGES } from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as sends from './phone-code-sends.repository.ts';

export interface PhoneProofSettings {
  /** Countries codes may go to (PHONE_COUNTRIES). */
  countries: string[];
  perClientPerHour: number;
  perNumberPerDay: number;
  /** All codes in a day; past 80 % of it each send is logged as a warning. */
  perDay: number;
}

/**
 * The caps on phone codes that hold across accounts and replicas (counted in Postgres): per client
 * address, per destination number, and per day in total.
 */
export function createPhoneCodeCaps(deps: { db: Db; limits: PhoneProofSettings; logger: Logger }) {
  const { db, limits } = deps;
  return {
    /** Counts the send when it may go; throws 429 naming the cap it met. */
    async take(userId: string, phone: string, client: string): Promise<void> {
      const clientHash = createHash('sha256').update(`phone-code-client:${client}`).digest('hex');
      const refusal = await db.transaction(async (tx) => {
        await sends.lockSends(tx);
        const counts = await sends.countSends(tx, clientHash, phone);
        if (counts.allToday >= limits.perDay) return FAMILY_PHONE_MESSAGES.pausedToday;
        if (counts.fromClientThisHour >= limits.perClientPerHour)
          return FAMILY_PHONE_MESSAGES.tooManyFromHere;
        if (counts.toNumberToday >= limits.perNumberPerDay) return FAMILY_PHONE_MESSAGES.tooManyToNumber;
        if (counts.allToday + 1 >= limits.perDay * 0.8)
          deps.logger.warn(
            { sentToday: counts.allToday + 1, cap: limits.perDay },
            'phone codes near the daily cap',
          );
        await sends.recordSend(tx, { userId, clientHash, phone });
        return undefined;
      });
      if (refusal) throw new AppError('rate_limited', refusal, { 'Retry-After': '3600' });
    },

    /** A send the provider refused does not count against anyone. */
    forget: (userId: string, phone: string) => sends.forgetLastSend(db, userId, phone),
  };
}
