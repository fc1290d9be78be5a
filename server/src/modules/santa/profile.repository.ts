import type { SantaPersonality } from '@santa/shared/constants';
import type { SantaLanguage } from '@santa/shared/languages';
import { preparedStatement, type Queryable } from '../../db/db.ts';
import { deleteAllChildren } from '../children/children-removal.ts';
import { KID_PROFILE_TEXT_FIELDS } from '@santa/shared/santa';

export interface KidProfileRow {
  user_id: string;
  /** Null for a family that talks to Santa only in the browser (migration 0060). */
  parent_phone: string | null;
  kid_name: string;
  age: number | null;
  gifts_giving: string | null;
  wish_list: string | null;
  accomplishments: string | null;
  behavior_notes: string | null;
  siblings: string | null;
  custom_notes: string | null;
  santa_personality: SantaPersonality;
  /** Things Santa should not mention (migration 0033). */
  avoid_topics: string[];
  /** How the child's name is said (migration 0039). */
  name_pronunciation: string | null;
  /** The language Santa speaks with the child (migration 0059). */
  language: SantaLanguage;
  created_at: Date;
  updated_at: Date;
}

export type KidProfileFields = Omit<KidProfileRow, 'user_id' | 'created_at' | 'updated_at'>;

const COLUMNS: (keyof KidProfileFields)[] = [
  'parent_phone',
  'kid_name',
  'age',
  ...KID_PROFILE_TEXT_FIELDS,
  'santa_personality',
  'avoid_topics',
  'name_pronunciation',
  'language',
];

/** What a ringing call needs of its caller's profile (recognition, the Santa prompt). */
export type CallerProfile = Omit<KidProfileRow, 'created_at' | 'updated_at'>;

/**
 * The callers whose numbers are `phones` (an SQL text[]), each with the number it was found by as
 * `found_by`: only verified family phones recognise a caller (migration 0023).
 */
export function callersByPhoneSelect(phones: string): string {
  return `select f.phone as found_by, k.user_id, ${COLUMNS.map((column) => `k.${column}`).join(', ')}
   from family_phones f join kid_profiles k on k.user_id = f.user_id
   where f.phone = any(${phones})`;
}

/** The families whose ids are `userIds` (an SQL uuid[]), each with its id as `found_by`. */
export function familyProfilesSelect(userIds: string): string {
  return `select k.user_id as found_by, k.user_id, ${COLUMNS.map((column) => `k.${column}`).join(', ')}
   from kid_profiles k where k.user_id = any(${userIds})`;
}

const FIND_PROFILES_BY_PARENT_PHONES = preparedStatement(
  'find_profiles_by_family_phones',
  callersByPhoneSelect('$1::text[]'),
);

export async function findProfileByUserId(q: Queryable, userId: string): Promise<KidProfileRow | undefined> {
  const { rows } = await q.query<KidProfileRow>('select * from kid_profiles where user_id = $1', [userId]);
  return rows[0];
}

export async function findProfileByUserIdForUpdate(
  q: Queryable,
  userId: string,
): Promise<KidProfileRow | undefined> {
  const { rows } = await q.query<KidProfileRow>('select * from kid_profiles where user_id = $1 for update', [
    userId,
  ]);
  return rows[0];
}

/** One caller's recognition by a verified family phone. */
export async function findProfileByParentPhone(
  q: Queryable,
  e164: string,
): Promise<CallerProfile | undefined> {
  const { rows } = await q.query<CallerProfile & { found_by?: string }>(FIND_PROFILES_BY_PARENT_PHONES, [
    [e164],
  ]);
  if (!rows[0]) return undefined;
  const { found_by: _foundBy, ...profile } = rows[0];
  return profile;
}

export async function insertProfile(
  q: Queryable,
  userId: string,
  fields: KidProfileFields,
): Promise<KidProfileRow> {
  const values = COLUMNS.map((column) => fields[column]);
  const placeholders = COLUMNS.map((_, i) => `$${i + 2}`).join(', ');
  const { rows } = await q.query<KidProfileRow>(
    `insert into kid_profiles (user_id, ${COLUMNS.join(', ')}) values ($1, ${placeholders}) returning *`,
    [userId, ...values],
  );
  return rows[0]!;
}

export async function updateProfile(
  q: Queryable,
  userId: string,
  fields: KidProfileFields,
): Promise<KidProfileRow> {
  const values = COLUMNS.map((column) => fields[column]);
  const sets = COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  const { rows } = await q.query<KidProfileRow>(
    `update kid_profiles set ${sets}, updated_at = now() where user_id = $1 returning *`,
    [userId, ...values],
  );
  return rows[0]!;
}

export async function deleteProfile(q: Queryable, userId: string): Promise<boolean> {
  // The other children go with the first (Pay Per Call deletes the child's info after its call).
  await deleteAllChildren(q, userId);
  const { rowCount } = await q.query('delete from kid_profiles where user_id = $1', [userId]);
  return rowCount > 0;
}
