import {
  SAMPLE_ALREADY_USED_MESSAGE,
  type SampleCallStatus,
  type UseSampleCallResponse,
} from '@santa/shared/santa';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import {
  isUsable,
  presentSubscription,
  type SubscriptionService,
} from '../subscription/subscription.service.ts';
import { isFamilyPhone } from './family-phones.repository.ts';
import { findProfileByUserId } from './profile.repository.ts';
import { hashPhone, phoneAlreadySampled } from './sample-claims.ts';
import * as repo from './sample.repository.ts';

export const HAS_PLAN_MESSAGE =
  'You already have an active plan, so the free sample is not available. Your plan already lets your child call Santa.';

const alreadyUsed = () => new AppError('conflict', SAMPLE_ALREADY_USED_MESSAGE);

/**
 * The profile's phone when the family has verified it: only a proven phone may carry a sample, so
 * nobody can use up the sample of a phone they merely typed in.
 */
async function verifiedProfilePhone(q: Queryable, userId: string): Promise<string | undefined> {
  const profile = await findProfileByUserId(q, userId);
  const phone = profile?.parent_phone;
  return phone && (await isFamilyPhone(q, userId, phone)) ? phone : undefined;
}

/** One free sample per account and per verified parent phone, ever (the claim outlives the account). */
export function createSampleService(db: Db, subscription: SubscriptionService) {
  return {
    /** Also "used" when this account's parent phone already took a sample on another account. */
    async getStatus(userId: string): Promise<SampleCallStatus> {
      if (await repo.findClaimByUserId(db, userId)) return { sample_call_used: true, used_by: 'account' };
      const phone = await verifiedProfilePhone(db, userId);
      const byPhone = phone && (await repo.findClaimByPhoneHash(db, hashPhone(phone)));
      return byPhone
        ? { sample_call_used: true, used_by: 'phone' }
        : { sample_call_used: false, used_by: null };
    },

    async useSample(userId: string): Promise<UseSampleCallResponse> {
      try {
        const row = await db.transaction(async (tx) => {
          // Locking the plan first serialises two clicks of the same account.
          const current = await subscription.findForUpdate(tx, userId);
          if (await repo.findClaimByUserId(tx, userId)) throw alreadyUsed();
          // A usable plan here is paid or gifted: the sample would cut its per-call length.
          if (current && isUsable(current)) throw new AppError('conflict', HAS_PLAN_MESSAGE);
          const phone = await verifiedProfilePhone(tx, userId);
          const phoneHash = phone ? hashPhone(phone) : null;
          if (phoneHash && (await repo.findClaimByPhoneHash(tx, phoneHash))) throw phoneAlreadySampled();
          await repo.insertClaim(tx, userId, phoneHash);
          return subscription.activatePlan(tx, userId, { plan: 'free_sample', amountCents: 0 });
        });
        return { sample_call_used: true, subscription: presentSubscription(row) };
      } catch (error) {
        if (isUniqueViolation(error, repo.CLAIM_USER_CONSTRAINT)) throw alreadyUsed();
        if (isUniqueViolation(error, repo.CLAIM_PHONE_CONSTRAINT)) throw phoneAlreadySampled();
        throw error;
      }
    },
  };
}

export type SampleService = ReturnType<typeof createSampleService>;
