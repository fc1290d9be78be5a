import {
  CALL_CONSENT_REQUIRED_MESSAGE,
  CONSENT_OUTDATED_MESSAGE,
  CONSENT_REQUIRED_MESSAGE,
  PRIVACY_NOTICE_VERSION,
  type ConsentMethod,
  type ConsentStatus,
} from '@santa/shared/privacy';
import { createBatcher } from '../../db/batcher.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './consent.repository.ts';

/**
 * The parent's agreement to the privacy notice: recorded with the version, the time and where it
 * was given; a call, the Santa number and a new profile all need the current version.
 */
export function createConsentService(db: Db, noticeVersion: string = PRIVACY_NOTICE_VERSION) {
  // Every ringing call asks, so concurrent calls share one round trip.
  const consented = createBatcher(async (userIds: string[]) => {
    const agreed = await repo.consentedUsers(db, [...new Set(userIds)], noticeVersion);
    return userIds.map((id) => agreed.has(id));
  });

  async function record(q: Queryable, userId: string, version: string, method: ConsentMethod) {
    if (version !== noticeVersion) throw new AppError('conflict', CONSENT_OUTDATED_MESSAGE);
    await repo.insertConsent(q, { userId, noticeVersion: version, method });
    await repo.insertPrivacyAudit(q, {
      userId,
      action: 'consent',
      details: { notice_version: version, method },
    });
  }

  return {
    noticeVersion,

    async status(userId: string): Promise<ConsentStatus> {
      const latest = await repo.latestConsent(db, userId);
      return {
        current_version: noticeVersion,
        consented: latest?.notice_version === noticeVersion,
        consented_version: latest?.notice_version ?? null,
        consented_at: latest?.created_at.toISOString() ?? null,
      };
    },

    /** Whether the family agreed to the current notice (the inbound call's check). */
    hasCurrent: (userId: string): Promise<boolean> => consented(userId),

    /** The same, read with the rest of a ringing call's family in one statement. */
    ringingRead: {
      select: (param, families) => repo.consentedSelect(param(noticeVersion), families),
      read: (rows) => rows.length > 0,
    } satisfies FamiliesReadPart<boolean>,

    /** The dashboard's step before a call. */
    recordBeforeCall: (userId: string, version: string) =>
      db.transaction((tx) => record(tx, userId, version, 'first_call_prompt')),

    /**
     * Creating a profile: the form's agreement is recorded in the same transaction; without it,
     * a family that has not agreed to the current notice is refused.
     */
    async requireForProfile(q: Queryable, userId: string, version: string | undefined): Promise<void> {
      if (version) return record(q, userId, version, 'profile_form');
      if (!(await repo.consentedUsers(q, [userId], noticeVersion)).has(userId))
        throw new AppError('forbidden', CONSENT_REQUIRED_MESSAGE);
    },

    /** The Santa number is shown only to a family that agreed to the current notice. */
    async requireForCalls(userId: string): Promise<void> {
      if (!(await consented(userId))) throw new AppError('forbidden', CALL_CONSENT_REQUIRED_MESSAGE);
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
