import { createHash } from 'node:crypto';
import { SAMPLE_PHONE_USED_MESSAGE } from '@santa/shared/santa';
import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './sample.repository.ts';

/**
 * Claims keep only a hash of the parent phone (the row outlives a deleted account). The fixed
 * prefix keeps these hashes from matching any other SHA-256 of phone numbers.
 */
const PHONE_HASH_PREFIX = 'santa-calls:free-sample-phone:';

export function hashPhone(e164: string): string {
  return createHash('sha256')
    .update(PHONE_HASH_PREFIX + e164)
    .digest('hex');
}

export const phoneAlreadySampled = () => new AppError('conflict', SAMPLE_PHONE_USED_MESSAGE);

/**
 * A sample taken before the profile existed gets its phone now, so a second account with the same
 * phone cannot take another one. Throws 409 when the phone already carried a sample elsewhere.
 */
export async function attachPhoneToClaim(q: Queryable, userId: string, e164: string): Promise<void> {
  const claim = await repo.findClaimByUserId(q, userId);
  if (!claim || claim.phone_hash) return;
  const phoneHash = hashPhone(e164);
  const other = await repo.findClaimByPhoneHash(q, phoneHash);
  if (other && other.id !== claim.id) throw phoneAlreadySampled();
  await repo.setClaimPhoneHash(q, claim.id, phoneHash);
}
