import type { Queryable } from '../../db/db.ts';

export interface FamilyPhoneRow {
  phone: string;
  verified_at: Date;
}

export interface VerificationRow {
  code_hash: string;
  attempts: number;
  expired: boolean;
}

export async function listFamilyPhones(q: Queryable, userId: string): Promise<FamilyPhoneRow[]> {
  const { rows } = await q.query<FamilyPhoneRow>(
    'select phone, verified_at from family_phones where user_id = $1 order by verified_at',
    [userId],
  );
  return rows;
}

export async function isFamilyPhone(q: Queryable, userId: string, phone: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from family_phones where user_id = $1 and phone = $2', [
    userId,
    phone,
  ]);
  return rows.length > 0;
}

/** Links a verified phone; proof by SMS moves it from any family that claimed it before. */
export async function linkFamilyPhone(q: Queryable, userId: string, phone: string): Promise<void> {
  await q.query(
    `insert into family_phones (phone, user_id) values ($1, $2)
     on conflict (phone) do update set user_id = excluded.user_id, verified_at = now()`,
    [phone, userId],
  );
}

export async function unlinkFamilyPhone(q: Queryable, userId: string, phone: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from family_phones where user_id = $1 and phone = $2', [
    userId,
    phone,
  ]);
  return rowCount === 1;
}

export async function countFamilyPhones(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    'select count(*)::int as n from family_phones where user_id = $1',
    [userId],
  );
  return rows[0]!.n;
}

export async function saveVerification(
  q: Queryable,
  input: { userId: string; phone: string; codeHash: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `insert into phone_verifications (user_id, phone, code_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4::double precision))
     on conflict (user_id, phone) do update set code_hash = excluded.code_hash, attempts = 0,
       expires_at = excluded.expires_at, created_at = now()`,
    [input.userId, input.phone, input.codeHash, input.ttlSeconds],
  );
}

/** Locks the pending code so two tries at once count as two. */
export async function findVerificationForUpdate(
  q: Queryable,
  userId: string,
  phone: string,
): Promise<VerificationRow | undefined> {
  const { rows } = await q.query<VerificationRow>(
    `select code_hash, attempts, expires_at <= now() as expired from phone_verifications
     where user_id = $1 and phone = $2 for update`,
    [userId, phone],
  );
  return rows[0];
}

export async function countWrongTry(q: Queryable, userId: string, phone: string): Promise<void> {
  await q.query('update phone_verifications set attempts = attempts + 1 where user_id = $1 and phone = $2', [
    userId,
    phone,
  ]);
}

export async function deleteVerification(q: Queryable, userId: string, phone: string): Promise<void> {
  await q.query('delete from phone_verifications where user_id = $1 and phone = $2', [userId, phone]);
}

/** Codes sent to this user in the last hour, to bound the texts one account can trigger. */
export async function countRecentCodes(q: Queryable, userId: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from phone_verifications where user_id = $1 and created_at > now() - interval '1 hour'`,
    [userId],
  );
  return rows[0]!.n;
}
