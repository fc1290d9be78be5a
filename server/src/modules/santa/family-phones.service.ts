import type { Logger } from 'pino';
import {
  FAMILY_PHONE_LIMIT,
  FAMILY_PHONE_MESSAGES,
  INVALID_PHONE_MESSAGE,
  notTextableMessage,
  type PhoneCodeChannel,
} from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import { CodeNotSentError, type PhoneVerifier } from '../../providers/phone-proof/phone-verifier.ts';
import * as repo from './family-phones.repository.ts';
import { isLandlineOnly, isTextable, phoneForStorage } from '../../phone-numbers.ts';
import { createPhoneCodeCaps, type PhoneProofSettings } from './phone-code-caps.ts';
import { attachPhoneToClaim } from './sample-claims.ts';

function parsePhone(text: string, country?: string): string {
  const phone = phoneForStorage(text, country);
  if (!phone) throw new AppError('bad_request', INVALID_PHONE_MESSAGE);
  return phone;
}

/** The verifier's refusal to send, as the parent reads it. */
function refusalError(error: CodeNotSentError): AppError {
  if (error.reason === 'invalid_number') return new AppError('bad_request', INVALID_PHONE_MESSAGE);
  if (error.reason === 'too_many_sends')
    return new AppError('rate_limited', FAMILY_PHONE_MESSAGES.tooManyTries, { 'Retry-After': '600' });
  return new AppError('bad_request', FAMILY_PHONE_MESSAGES.blocked);
}

export interface SendCodeRequest {
  userId: string;
  phoneText: string;
  country?: string;
  /** Unset: a text, or a call for a number that can only be a landline. */
  channel?: PhoneCodeChannel;
  /** The client address, for the cap per address. */
  client: string;
}

/**
 * Owns family_phones: the phones a family proved it holds with a one-time code, sent and checked
 * by the phone verifier (Twilio Verify). Only these recognise a caller. Sending a code or failing
 * one says nothing about whether the phone belongs to anyone else; proving it moves the phone to
 * this family.
 */
export function createFamilyPhonesService(deps: {
  db: Db;
  verifier: PhoneVerifier;
  limits: PhoneProofSettings;
  logger: Logger;
}) {
  const { db, verifier, limits } = deps;
  const caps = createPhoneCodeCaps(deps);

  async function refuseUnwantedSend(userId: string, phone: string): Promise<void> {
    if (!isTextable(phone, limits.countries))
      throw new AppError('bad_request', notTextableMessage(limits.countries));
    if (await repo.isFamilyPhone(db, userId, phone)) {
      throw new AppError('conflict', FAMILY_PHONE_MESSAGES.alreadyVerified);
    }
    if ((await repo.countFamilyPhones(db, userId)) >= FAMILY_PHONE_LIMIT) {
      throw new AppError('conflict', FAMILY_PHONE_MESSAGES.tooManyPhones);
    }
  }

  return {
    list: (userId: string) => repo.listFamilyPhones(db, userId),
    /** Codes sent in the last day against the daily cap, for the operator's alert. */
    codesToday: caps.today,
    isVerified: (userId: string, phone: string) => repo.isFamilyPhone(db, userId, phone),

    /** Answers how the code went: by text or by a call. */
    async sendCode(request: SendCodeRequest): Promise<PhoneCodeChannel> {
      const { userId } = request;
      const phone = parsePhone(request.phoneText, request.country);
      await refuseUnwantedSend(userId, phone);
      await caps.take(userId, phone, request.client);
      const channel = request.channel ?? (isLandlineOnly(phone) ? 'call' : 'sms');
      try {
        await verifier.sendCode(phone, channel);
        return channel;
      } catch (error) {
        await caps.forget(userId, phone);
        if (error instanceof CodeNotSentError) throw refusalError(error);
        deps.logger.warn({ err: error }, 'the phone verifier could not send a code');
        throw new AppError('provider_failed', FAMILY_PHONE_MESSAGES.smsFailed);
      }
    },

    async verify(userId: string, text: string, code: string, country?: string): Promise<void> {
      const phone = parsePhone(text, country);
      // Only the account that asked for the code may spend it, within the code's ten minutes.
      if (!(await caps.askedRecently(userId, phone)))
        throw new AppError('bad_request', FAMILY_PHONE_MESSAGES.codeExpired);
      const check = await verifier.checkCode(phone, code).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'the phone verifier could not check a code');
        throw new AppError('provider_failed', FAMILY_PHONE_MESSAGES.checkFailed);
      });
      if (check === 'expired') throw new AppError('bad_request', FAMILY_PHONE_MESSAGES.codeExpired);
      if (check === 'wrong') throw new AppError('bad_request', FAMILY_PHONE_MESSAGES.wrongCode);
      const linked = await db.transaction(async (tx) => {
        if ((await repo.countFamilyPhones(tx, userId)) >= FAMILY_PHONE_LIMIT) return false;
        await repo.linkFamilyPhone(tx, userId, phone);
        // A sample taken before the phone was proven now carries it, so the phone cannot take
        // another on a second account (when it already took one elsewhere, this one keeps its own).
        await attachPhoneToClaim(tx, userId, phone).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
        });
        return true;
      });
      if (!linked) throw new AppError('conflict', FAMILY_PHONE_MESSAGES.tooManyPhones);
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
