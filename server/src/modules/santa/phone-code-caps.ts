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

/** Codes one account may ask for in an hour. */
const PER_ACCOUNT_PER_HOUR = 5;
/** How long a code lives at the verifier (Twilio Verify's default). */
const CODE_LIFE_SECONDS = 10 * 60;

/**
 * The caps on phone codes that hold across accounts and replicas (counted in Postgres): per
 * account, per client address, per destination number, and per day in total. The verifier's own
 * limits (Verify's five sends per number, its Fraud Guard) are a second wall behind these.
 */
export function createPhoneCodeCaps(deps: { db: Db; limits: PhoneProofSettings; logger: Logger }) {
  const { db, limits } = deps;
  return {
    /** Counts the send when it may go; throws 429 naming the cap it met. */
    async take(userId: string, phone: string, client: string): Promise<void> {
      const clientHash = createHash('sha256').update(`phone-code-client:${client}`).digest('hex');
      const refusal = await db.transaction(async (tx) => {
        await sends.lockSends(tx);
        const counts = await sends.countSends(tx, { userId, clientHash, phone });
        if (counts.allToday >= limits.perDay) return FAMILY_PHONE_MESSAGES.pausedToday;
        if (counts.fromAccountThisHour >= PER_ACCOUNT_PER_HOUR) return FAMILY_PHONE_MESSAGES.tooManyCodes;
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

    async today(): Promise<{ sentToday: number; dailyCap: number }> {
      return { sentToday: await sends.countToday(db), dailyCap: limits.perDay };
    },

    /** Whether this account asked for a code to this phone that may still be alive. */
    askedRecently: (userId: string, phone: string) => sends.sentWithin(db, userId, phone, CODE_LIFE_SECONDS),
  };
}
