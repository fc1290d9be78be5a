import { createHash, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import {
  FAMILY_PHONE_LIMIT,
  FAMILY_PHONE_MESSAGES,
  INVALID_PHONE_MESSAGE,
  notTextableMessage,
} from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import * as repo from './family-phones.repository.ts';
import { isTextable, phoneForStorage } from '../../phone-numbers.ts';
import { createPhoneCodeCaps, type PhoneProofSettings } from './phone-code-caps.ts';
import { attachPhoneToClaim } from './sample-claims.ts';

const CODE_TTL_SECONDS = 10 * 60;
const MAX_WRONG_TRIES = 5;
const CODES_PER_HOUR = 5;

function hashCode(userId: string, phone: string, code: string): string {
  return createHash('sha256').update(`santa-calls:phone-code:${userId}:${phone}:${code}`).digest('hex');
}

function parsePhone(text: string, country?: string): string {
  const phone = phoneForStorage(text, country);
  if (!phone) throw new AppError('bad_request', INVALID_PHONE_MESSAGE);
  return phone;
}

/**
 * Owns family_phones: the phones a family proved it holds with a one-time code sent by SMS. Only
 * these recognise a caller. Sending a code or failing one says nothing about whether the phone
 * belongs to anyone else; proving it moves the phone to this family.
 */

export function createFamilyPhonesService(deps: {
  db: Db;
  telephony: Telephony;
  limits: PhoneProofSettings;
  logger: Logger;
}) {
  const { db, telephony, limits } = deps;

  const caps = createPhoneCodeCaps(deps);

  return {
    list: (userId: string) => repo.listFamilyPhones(db, userId),
    isVerified: (userId: string, phone: string) => repo.isFamilyPhone(db, userId, phone),

    async sendCode(userId: string, text: string, country: string | undefined, client: string): Promise<void> {
      const phone = parsePhone(text, country);
      if (!isTextable(phone, limits.countries))
        throw new AppError('bad_request', notTextableMessage(limits.countries));
      if (await repo.isFamilyPhone(db, userId, phone)) {
        throw new AppError('conflict', FAMILY_PHONE_MESSAGES.alreadyVerified);
      }
      if ((await repo.countFamilyPhones(db, userId)) >= FAMILY_PHONE_LIMIT) {
        throw new AppError('conflict', FAMILY_PHONE_MESSAGES.tooManyPhones);
      }
      if ((await repo.countRecentCodes(db, userId)) >= CODES_PER_HOUR) {
        throw new AppError('rate_limited', FAMILY_PHONE_MESSAGES.tooManyCodes, { 'Retry-After': '3600' });
      }
      await caps.take(userId, phone, client);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repo.saveVerification(db, {
        userId,
        phone,
        codeHash: hashCode(userId, phone, code),
        ttlSeconds: CODE_TTL_SECONDS,
      });
      try {
        await telephony.sendSms(phone, `${code} is your Santa Calls code. It expires in 10 minutes.`);
      } catch {
        await repo.deleteVerification(db, userId, phone);
        await caps.forget(userId, phone);
        throw new AppError('provider_failed', FAMILY_PHONE_MESSAGES.smsFailed);
      }
    },

    async verify(userId: string, text: string, code: string, country?: string): Promise<void> {
      const phone = parsePhone(text, country);
      const outcome = await db.transaction(async (tx) => {
        const pending = await repo.findVerificationForUpdate(tx, userId, phone);
        if (!pending || pending.expired || pending.attempts >= MAX_WRONG_TRIES) return 'expired' as const;
        if (pending.code_hash !== hashCode(userId, phone, code)) {
          await repo.countWrongTry(tx, userId, phone);
          return 'wrong' as const;
        }
        if ((await repo.countFamilyPhones(tx, userId)) >= FAMILY_PHONE_LIMIT) return 'full' as const;
        await repo.deleteVerification(tx, userId, phone);
        await repo.linkFamilyPhone(tx, userId, phone);
        // A sample taken before the phone was proven now carries it, so the phone cannot take
        // another on a second account (when it already took one elsewhere, this one keeps its own).
        await attachPhoneToClaim(tx, userId, phone).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
        return 'verified' as const;
      });
      if (outcome === 'expired') throw new AppError('bad_request', FAMILY_PHONE_MESSAGES.codeExpired);
      if (outcome === 'wrong') throw new AppError('bad_request', FAMILY_PHONE_MESSAGES.wrongCode);
      if (outcome === 'full') throw new AppError('conflict', FAMILY_PHONE_MESSAGES.tooManyPhones);
    },

    async remove(userId: string, text: string): Promise<void> {
      const phone = phoneForStorage(text);
      if (!phone || !(await repo.unlinkFamilyPhone(db, userId, phone))) {
        throw new AppError('not_found', FAMILY_PHONE_MESSAGES.notFound);
      }
    },
  };
}

export type FamilyPhonesService = ReturnType<typeof createFamilyPhonesService>;
