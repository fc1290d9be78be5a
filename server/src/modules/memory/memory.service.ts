import { MEMORY_KINDS, MEMORY_MESSAGES, type MemoryItem, type SantaMemory } from '@santa/shared/memory';
import type { CallRecap } from '@santa/shared/recap';
import { createBatcher } from '../../db/batcher.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import * as repo from './memory.repository.ts';
import { recallPerChild, recallSince, type Remembered } from './recall.ts';
import { isUuid } from '../../db/uuid.ts';

/** As the family's memories are read alone: newest first, then by id. */
function newestFirst(a: repo.MemoryRow, b: repo.MemoryRow): number {
  return b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function present(row: repo.MemoryRow): MemoryItem {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    call_id: row.call_id,
    created_at: new Date(row.created_at).toISOString(),
    edited: row.edited,
    child_id: row.child_id,
  };
}

/**
 * Owns santa_memories: the voice module keeps each call's recap here and asks for the points a
 * ringing call's prompt carries; the parent reads, edits and clears them (decision 0023).
 */
export function createMemoryService(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  // Every ringing call asks; concurrent calls share a round trip, as their recognition does.
  const recentOf = createBatcher(async (userIds: string[]) => {
    const rows = await repo.memoriesOfFamilies(db, userIds, recallSince(now()));
    return userIds.map((userId) => rows.filter((row) => row.user_id === userId));
  });

  return {
    /** The call's wishes, news and promises, once: in the statement that writes its summary. */
    recapMemoriesSql(param: (value: unknown) => string, summarized: string, recap: CallRecap): string {
      const items = MEMORY_KINDS.flatMap((kind) => recap[kind].map((text) => ({ kind, text })));
      return repo.insertMemoriesOfSql(
        summarized,
        param(items.map((item) => item.kind)),
        param(items.map((item) => item.text)),
      );
    },

    /** What Santa brings up on the family's next call: each child's own few points. */
    async forCall(userId: string): Promise<Remembered[]> {
      return recallPerChild(await recentOf(userId), now());
    },

    /** The same, read with the rest of a ringing call's family in one statement. */
    ringingRead: {
      select: (param, families) => repo.familiesMemoriesSelect(param(recallSince(now())), families),
      read: (rows) => recallPerChild(rows.map(repo.memoryRowFromJson).sort(newestFirst), now()),
    } satisfies FamiliesReadPart<Remembered[]>,

    async list(userId: string): Promise<SantaMemory> {
      return { items: (await repo.listMemories(db, userId)).map(present) };
    },

    async edit(userId: string, id: string, text: string): Promise<MemoryItem> {
      const row = isUuid(id) ? await repo.updateMemoryText(db, userId, id, text) : undefined;
      if (!row) throw new AppError('not_found', MEMORY_MESSAGES.notFound);
      return present(row);
    },

    async forget(userId: string, id: string): Promise<void> {
      if (!(isUuid(id) && (await repo.deleteMemory(db, userId, id))))
        throw new AppError('not_found', MEMORY_MESSAGES.notFound);
    },

    /** Everything Santa remembers of the family, or of one child (`childId`). */
    clear: (userId: string, childId?: string) => repo.deleteAllMemories(db, userId, childId),

    /** The retention schedule deleted these calls' words: what Santa kept of them goes too. */
    forgetCalls: (callIds: string[]) => repo.deleteMemoriesOfCalls(db, callIds),
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
