import type { Logger } from 'pino';
import { createBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import { findAndReadFamilies, type FamiliesFinder, type FamiliesReadPart } from '../../db/families-read.ts';
import type { CallFamily } from '../children/children.service.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';

/** What a ringing call needs of its family besides the profile, from the modules that own it. */
export interface RingingFamily {
  /** The privacy module: the family agreed to the current notice (a call is recorded). */
  consented: boolean;
  /** The children module: the family's other children and who usually calls (decision 0024). */
  family: CallFamily | undefined;
  /** The memory module: what the child told Santa on earlier calls. */
  memories: PromptMemory[];
}

/** A caller recognised by their number, with what the call needs of their family. */
export interface RingingCaller {
  profile: CallerProfile;
  family: RingingFamily;
}

export type RingingFamilyParts = { [K in keyof RingingFamily]: FamiliesReadPart<RingingFamily[K]> };

/** How the santa module finds a ringing call's profile: by the caller's number, or by the family. */
export interface RingingProfiles {
  byPhone: FamiliesFinder<CallerProfile>;
  byFamily: FamiliesFinder<CallerProfile>;
}

/**
 * The three modules' reads of a ringing call's family, in the statement that finds its profile
 * (npm run bench:christmas: four statements of every call were one). Calls ringing together share
 * it.
 */
export function createRingingFamilyReader(
  db: Db,
  logger: Logger,
  parts: RingingFamilyParts,
  profiles: RingingProfiles,
) {
  const memories: RingingFamilyParts['memories'] = {
    select: (param, families) => parts.memories.select(param, families),
    // Santa without his memories is better than no Santa.
    read(rows) {
      try {
        return parts.memories.read(rows);
      } catch (error) {
        logger.error({ err: error }, "could not read Santa's memories");
        return [];
      }
    },
  };
  const all = { ...parts, memories };
  const readBy = (finder: FamiliesFinder<CallerProfile>) =>
    createBatcher(async (keys: string[]) =>
      (await findAndReadFamilies(db, keys, finder, all)).map(
        (found): RingingCaller | undefined =>
          found && {
            profile: found.found,
            family: { consented: found.consented, family: found.family, memories: found.memories },
          },
      ),
    );
  const byPhone = readBy(profiles.byPhone);
  const byFamily = readBy(profiles.byFamily);
  return {
    /** The caller whose verified family phone this is, and their family; undefined for a stranger. */
    forCaller: (e164: string): Promise<RingingCaller | undefined> => byPhone(e164),
    /** The family whose id this is (a line's owner, a scheduled call's family); undefined once gone. */
    forFamily: (userId: string): Promise<RingingCaller | undefined> => byFamily(userId),
  };
}
