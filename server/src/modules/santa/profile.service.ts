import { phoneForStorage } from '../../phone-numbers.ts';
import { INVALID_PHONE_MESSAGE, type KidProfileInput } from '@santa/shared/santa';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { FamiliesFinder } from '../../db/families-read.ts';
import * as repo from './profile.repository.ts';
import type { CallerProfile, KidProfileRow } from './profile.repository.ts';

/** The privacy module: the parent's agreement to the notice, recorded or required with the profile. */
export interface ProfileConsent {
  requireForProfile(q: Queryable, userId: string, version: string | undefined): Promise<void>;
}

export interface SavedProfile {
  created: boolean;
  profile: KidProfileRow;
}

/**
 * Owns kid_profiles. Other modules use ringingCallers (a caller's recognition, by a verified
 * family phone), findProfileByUserId and deleteProfile (pay-per-call clean-up, account deletion).
 */
export function createProfileService(db: Db, consent?: ProfileConsent) {
  return {
    findProfileByUserId: (userId: string, q: Queryable = db) => repo.findProfileByUserId(q, userId),
    /** The profile whose parent phone is this caller's number (hotline recognition). */
    findProfileByParentPhone: (e164: string): Promise<CallerProfile | undefined> =>
      repo.findProfileByParentPhone(db, e164),
    /**
     * The same recognition, for a ringing call: read in one statement with the rest of what the
     * call needs of its family, and shared by the calls ringing together.
     */
    ringingCallers: {
      keyType: 'text',
      select: (phones) => repo.callersByPhoneSelect(phones),
      read: (row) => row as unknown as CallerProfile,
    } satisfies FamiliesFinder<CallerProfile>,
    /** The same for a family known by its id (its own line's owner, a scheduled call's family). */
    ringingFamilies: {
      keyType: 'uuid',
      select: (userIds) => repo.familyProfilesSelect(userIds),
      read: (row) => row as unknown as CallerProfile,
    } satisfies FamiliesFinder<CallerProfile>,
    deleteProfile: (q: Queryable, userId: string) => repo.deleteProfile(q, userId),

    /**
     * `consentVersion` is the notice version the parent agreed to on the form. A new profile needs
     * it, or an earlier agreement to the current notice; an edit records it when given.
     */
    async saveProfile(
      userId: string,
      input: KidProfileInput,
      consentVersion?: string,
    ): Promise<SavedProfile> {
      const { parent_phone_country: country, ...rest } = input;
      // No phone is a choice (browser calls only); a phone that is not a number is a mistake.
      const parentPhone = input.parent_phone === null ? null : phoneForStorage(input.parent_phone, country);
      if (parentPhone === undefined) throw new AppError('bad_request', INVALID_PHONE_MESSAGE);
      const fields = { ...rest, parent_phone: parentPhone };
      try {
        // The phone typed here recognises nobody until it is verified by a code (family phones),
        // so a claim on someone else's number blocks nobody and reveals nothing.
        return await db.transaction(async (tx) => {
          const existing = await repo.findProfileByUserIdForUpdate(tx, userId);
          if (consent && (!existing || consentVersion))
            await consent.requireForProfile(tx, userId, consentVersion);
          return existing
            ? { created: false, profile: await repo.updateProfile(tx, userId, fields) }
            : { created: true, profile: await repo.insertProfile(tx, userId, fields) };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'kid_profiles_pkey'))
          throw new AppError('conflict', 'Your profile was just saved. Please try again.');
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
