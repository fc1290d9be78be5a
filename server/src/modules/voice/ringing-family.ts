import type { Logger } from 'pino';
import { createBatcher } from '../../db/batcher.ts';
import type { Db } from '../../db/db.ts';
import { readFamilies, type FamiliesReadPart } from '../../db/families-read.ts';
import type { CallFamily } from '../children/children.service.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';

/** What a ringing call needs of its family besides the profile, from the modules that own it. */
export interface RingingFamily {
  /** The privacy module: the family agreed to the current notice (a call is recorded). */
  consented: boolean;
  /** The children module: the family's other children and who usually calls (decision 0024). */
  family: CallFamily | undefined;
  /** The memory module: what the child told Santa on earlier calls. */
  memories: PromptMemory[];
}

export type RingingFamilyParts = { [K in keyof RingingFamily]: FamiliesReadPart<RingingFamily[K]> };

/**
 * The three modules' reads of a ringing call's family, in one statement (npm run bench:christmas:
 * three statements of every call were one). Calls ringing together share it, as their
 * recognition does.
 */
export function createRingingFamilyReader(db: Db, logger: Logger, parts: RingingFamilyParts) {
  const memories: RingingFamilyParts['memories'] = {
    select: (param) => parts.memories.select(param),
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
  const read = createBatcher((userIds: string[]) => readFamilies(db, userIds, { ...parts, memories }));
  return { forRingingCall: (userId: string): Promise<RingingFamily> => read(userId) };
}
