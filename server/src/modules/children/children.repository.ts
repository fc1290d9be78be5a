import type { ChildInput } from '@santa/shared/children';
import type { Queryable } from '../../db/db.ts';
import type { SantaPersonality } from '@santa/shared/constants';
import type { SantaLanguage } from '@santa/shared/languages';

/** One child as every reader sees it, whichever table holds them. */
export interface ChildRow {
  id: string;
  position: number;
  kid_name: string;
  age: number | null;
  gifts_giving: string | null;
  wish_list: string | null;
  accomplishments: string | null;
  behavior_notes: string | null;
  custom_notes: string | null;
  santa_personality: SantaPersonality;
  avoid_topics: string[];
  name_pronunciation: string | null;
  language: SantaLanguage;
}

const FIELDS = [
  'kid_name',
  'age',
  'gifts_giving',
  'wish_list',
  'accomplishments',
  'behavior_notes',
  'custom_notes',
  'santa_personality',
  'avoid_topics',
  'name_pronunciation',
  'language',
] as const satisfies readonly (keyof ChildInput)[];
const LIST = FIELDS.join(', ');

export interface FamilyChildren {
  children: ChildRow[];
  usualCallerChildId: string | null;
}

/**
 * The family's children in order: the first from kid_profiles (position 0), then the others.
 * `lock` takes the profile's row lock, under which children are counted and added.
 */
export async function findFamilyChildren(
  q: Queryable,
  userId: string,
  lock = false,
): Promise<FamilyChildren | undefined> {
  if (!lock) return readFamilyChildren(q, userId);
  const { rows: first } = await q.query<ChildRow & { usual_caller_child_id: string | null }>(
    `select first_child_id as id, 0 as position, ${LIST}, usual_caller_child_id
     from kid_profiles where user_id = $1${lock ? ' for update' : ''}`,
    [userId],
  );
  if (!first[0]) return undefined;
  const { rows: others } = await q.query<ChildRow>(
    `select id, position, ${LIST} from children where user_id = $1 order by position, created_at`,
    [userId],
  );
  const { usual_caller_child_id, ...firstChild } = first[0];
  return { children: [firstChild, ...others], usualCallerChildId: usual_caller_child_id };
}

/**
 * The same in one statement, without the lock: every dashboard poll and every finished call reads
 * the family.
 */
async function readFamilyChildren(q: Queryable, userId: string): Promise<FamilyChildren | undefined> {
  const { rows } = await q.query<FamilyChildRow>(familyChildrenSelect('array[$1::uuid]'), [userId]);
  return familyChildrenOf(rows);
}

/** A row of familyChildrenSelect: a child, the family's, and where it sorts. */
export type FamilyChildRow = ChildRow & {
  user_id: string;
  usual_caller_child_id: string | null;
  first: boolean;
  created_at: Date | string | null;
};

/** The children of the families whose ids are `families` (an SQL uuid[]), a row each. */
export function familyChildrenSelect(families: string): string {
  return `select first_child_id as id, 0 as position, ${LIST}, user_id, usual_caller_child_id,
            true as first, null::timestamptz as created_at
     from kid_profiles where user_id = any(${families})
     union all
     select id, position, ${LIST}, user_id, null, false, created_at from children where user_id = any(${families})`;
}

/** One family's rows of familyChildrenSelect, in any order: undefined without a kid profile. */
export function familyChildrenOf(rows: FamilyChildRow[]): FamilyChildren | undefined {
  const at = (row: FamilyChildRow) => (row.created_at === null ? 0 : new Date(row.created_at).getTime());
  const sorted = [...rows].sort(
    (a, b) => Number(b.first) - Number(a.first) || a.position - b.position || at(a) - at(b),
  );
  if (!sorted[0]?.first) return undefined;
  const children = sorted.map(
    ({ user_id: _id, usual_caller_child_id: _u, first: _f, created_at: _c, ...child }): ChildRow => child,
  );
  return { children, usualCallerChildId: sorted[0].usual_caller_child_id };
}

/** What a ringing call needs beside the kid profile it already read: the family's other children. */
export interface CallFamily {
  user_id: string;
  first_child_id: string;
  usual_caller_child_id: string | null;
  others: ChildRow[];
}

/** The families whose ids are `families` (a uuid[]), one row each, as a ringing call reads them. */
export function callFamiliesSelect(families = '$1::uuid[]'): string {
  const fields = FIELDS.map((field) => `'${field}', c.${field}`).join(', ');
  return `select k.user_id, k.first_child_id, k.usual_caller_child_id,
       coalesce((select json_agg(json_build_object('id', c.id, 'position', c.position, ${fields})
                   order by c.position, c.created_at)
                 from children c where c.user_id = k.user_id), '[]'::json) as others
     from kid_profiles k where k.user_id = any(${families})`;
}

/** Many ringing calls' families in one round trip. */
export async function findCallFamilies(q: Queryable, userIds: string[]): Promise<CallFamily[]> {
  const { rows } = await q.query<CallFamily>(callFamiliesSelect(), [userIds]);
  return rows;
}

export async function insertChild(q: Queryable, userId: string, position: number, input: ChildInput) {
  const placeholders = FIELDS.map((_, i) => `$${i + 3}`).join(', ');
  await q.query(`insert into children (user_id, position, ${LIST}) values ($1, $2, ${placeholders})`, [
    userId,
    position,
    ...FIELDS.map((field) => input[field]),
  ]);
}

/** Updates a child after the first; false when it is not this family's. */
export async function updateOtherChild(q: Queryable, userId: string, childId: string, input: ChildInput) {
  const sets = FIELDS.map((field, i) => `${field} = $${i + 3}`).join(', ');
  const { rowCount } = await q.query(
    `update children set ${sets}, updated_at = now() where user_id = $1 and id = $2`,
    [userId, childId, ...FIELDS.map((field) => input[field])],
  );
  return rowCount > 0;
}

/** The details a child has, by column: the first child's are written by the santa module. */
export const childDetails = (input: ChildInput): Record<string, unknown> =>
  Object.fromEntries(FIELDS.map((field) => [field, input[field]]));

/** Removes a child after the first; false when it is not this family's. */
export async function deleteChild(q: Queryable, userId: string, childId: string) {
  const { rowCount } = await q.query('delete from children where user_id = $1 and id = $2', [
    userId,
    childId,
  ]);
  return rowCount > 0;
}
