import {
  CHILDREN_LIMIT,
  CHILDREN_MESSAGES,
  type ChildInput,
  type ChildrenResponse,
} from '@santa/shared/children';
import type { Db, Queryable } from '../../db/db.ts';
import { createBatcher } from '../../db/batcher.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import { AppError } from '../../http/errors.ts';
import * as firstChild from '../santa/first-child.ts';
import { forgetCallChild } from '../voice/call-children.ts';
import * as repo from './children.repository.ts';

const notFound = () => new AppError('not_found', CHILDREN_MESSAGES.notFound);

function present(family: repo.FamilyChildren | undefined): ChildrenResponse {
  return {
    children: family?.children ?? [],
    usual_caller_child_id: family?.usualCallerChildId ?? null,
    limit: CHILDREN_LIMIT,
  };
}

/**
 * Owns `children` (decision 0024): the family's second to sixth child. The first child is the kid
 * profile's (its id is kid_profiles.first_child_id), so the profile API keeps reading and writing
 * it; every change here runs under the profile's row lock, which also serialises the count.
 */
export function createChildrenService(db: Db) {
  // Every ringing call asks, so concurrent calls share round trips (decision 0005).
  const callFamilies = createBatcher(async (userIds: string[]) => {
    const found = new Map(
      (await repo.findCallFamilies(db, userIds)).map((family) => [family.user_id, family]),
    );
    return userIds.map((userId) => found.get(userId));
  });

  /** Runs `change` with the family's children locked; 409 before the first child is saved. */
  function withFamily<T>(userId: string, change: (family: repo.FamilyChildren, tx: Queryable) => Promise<T>) {
    return db.transaction(async (tx) => {
      const family = await repo.findFamilyChildren(tx, userId, true);
      if (!family) throw new AppError('conflict', CHILDREN_MESSAGES.profileFirst);
      await change(family, tx);
      return present(await repo.findFamilyChildren(tx, userId));
    });
  }

  return {
    /** Every child of the family in order, first child first; readers outside the module use this. */
    familyChildren: (userId: string, q: Queryable = db) => repo.findFamilyChildren(q, userId),
    /** A ringing call's family: the first child's id, who usually calls, the other children. */
    familyForCall: (userId: string): Promise<repo.CallFamily | undefined> => callFamilies(userId),
    /** familyChildren, read in another module's statement (a finished call's, the call history's). */
    familyRead: {
      select: (_param, families) => repo.familyChildrenSelect(families),
      read: (rows) => repo.familyChildrenOf(rows as unknown[] as repo.FamilyChildRow[]),
    } satisfies FamiliesReadPart<repo.FamilyChildren | undefined>,
    /** The same, read with the rest of a ringing call's family in one statement. */
    ringingRead: {
      select: (_param, families) => repo.callFamiliesSelect(families),
      read: (rows) => rows[0] as repo.CallFamily | undefined,
    } satisfies FamiliesReadPart<repo.CallFamily | undefined>,

    list: async (userId: string) => present(await repo.findFamilyChildren(db, userId)),

    /** How many children Santa knows in the family: the admin's count. */
    countOf: async (userId: string) => (await repo.findFamilyChildren(db, userId))?.children.length ?? 0,

    add: (userId: string, input: ChildInput) =>
      withFamily(userId, async (family, tx) => {
        if (family.children.length >= CHILDREN_LIMIT)
          throw new AppError('conflict', CHILDREN_MESSAGES.tooMany);
        const last = family.children.at(-1)?.position ?? 0;
        await repo.insertChild(tx, userId, Math.min(last + 1, CHILDREN_LIMIT - 1), input);
      }),

    update: (userId: string, childId: string, input: ChildInput) =>
      withFamily(userId, async (_family, tx) => {
        if (await firstChild.updateFirstChild(tx, userId, childId, repo.childDetails(input))) return;
        if (!(await repo.updateOtherChild(tx, userId, childId, input))) throw notFound();
      }),

    remove: (userId: string, childId: string) =>
      withFamily(userId, async (family, tx) => {
        if (family.children[0]?.id === childId)
          throw new AppError('conflict', CHILDREN_MESSAGES.firstChildStays);
        if (!(await repo.deleteChild(tx, userId, childId))) throw notFound();
        // Their calls stay the family's, attributed to nobody; nobody's usual caller either.
        await forgetCallChild(tx, userId, childId);
        await firstChild.forgetUsualCaller(tx, userId, childId);
      }),

    setUsualCaller: (userId: string, childId: string | null) =>
      withFamily(userId, async (family, tx) => {
        if (childId && !family.children.some((child) => child.id === childId)) throw notFound();
        await firstChild.setUsualCaller(tx, userId, childId);
      }),
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
export type { CallFamily } from './children.repository.ts';
