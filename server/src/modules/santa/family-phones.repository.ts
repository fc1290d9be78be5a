import type { Queryable } from '../../db/db.ts';

export interface FamilyPhoneRow {
  phone: string;
  verified_at: Date;
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
