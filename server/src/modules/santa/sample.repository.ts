import type { Queryable } from '../../db/db.ts';

export interface FreeSampleClaimRow {
  id: string;
  user_id: string | null;
  phone_hash: string | null;
  created_at: Date;
}

export const CLAIM_USER_CONSTRAINT = 'free_sample_claims_user_id_key';
export const CLAIM_PHONE_CONSTRAINT = 'free_sample_claims_phone_hash_key';

export async function findClaimByUserId(
  q: Queryable,
  userId: string,
): Promise<FreeSampleClaimRow | undefined> {
  const { rows } = await q.query<FreeSampleClaimRow>('select * from free_sample_claims where user_id = $1', [
    userId,
  ]);
  return rows[0];
}

export async function findClaimByPhoneHash(
  q: Queryable,
  phoneHash: string,
): Promise<FreeSampleClaimRow | undefined> {
  const { rows } = await q.query<FreeSampleClaimRow>(
    'select * from free_sample_claims where phone_hash = $1',
    [phoneHash],
  );
  return rows[0];
}

export async function insertClaim(
  q: Queryable,
  userId: string,
  phoneHash: string | null,
): Promise<FreeSampleClaimRow> {
  const { rows } = await q.query<FreeSampleClaimRow>(
    'insert into free_sample_claims (user_id, phone_hash) values ($1, $2) returning *',
    [userId, phoneHash],
  );
  return rows[0]!;
}

export async function setClaimPhoneHash(q: Queryable, claimId: string, phoneHash: string): Promise<void> {
  await q.query('update free_sample_claims set phone_hash = $2 where id = $1 and phone_hash is null', [
    claimId,
    phoneHash,
  ]);
}
