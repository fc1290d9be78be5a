import type { MemoryKind } from '@santa/shared/memory';
import type { Queryable } from '../../db/db.ts';

export interface MemoryRow {
  id: string;
  user_id: string;
  call_id: string;
  kind: MemoryKind;
  text: string;
  edited: boolean;
  created_at: Date;
  /** The child who spoke on the memory's call (decision 0024); null when no child could be told. */
  child_id: string | null;
}

/** A memory is its call's child's: read through the call, so a later attribution follows. */
const COLUMNS = 'm.id, m.user_id, m.call_id, m.kind, m.text, m.edited, m.created_at, c.child_id';
const FROM = 'santa_memories m join calls c on c.id = m.call_id';

/**
 * Adds the points of the call `summarized` selects (its id, user_id and created_at), for the
 * statement that writes that call's summary: a second run of the same call's summary selects no
 * call and adds nothing. `kinds` and `texts` are SQL text[] expressions, one point per index.
 */
export function insertMemoriesOfSql(summarized: string, kinds: string, texts: string): string {
  // The call's own time: "last time you told me" is about when the child said it.
  return `insert into santa_memories (user_id, call_id, kind, text, created_at)
     select c.user_id, c.id, item.kind, item.text, c.created_at
     from ${summarized} c, unnest(${kinds}::text[], ${texts}::text[]) as item (kind, text)
     on conflict (call_id, kind, text) do nothing`;
}

export async function listMemories(q: Queryable, userId: string): Promise<MemoryRow[]> {
  const { rows } = await q.query<MemoryRow>(
    `select ${COLUMNS} from ${FROM} where m.user_id = $1 order by m.created_at desc, m.id`,
    [userId],
  );
  return rows;
}

/** The memories of the families whose ids are `families` (a uuid[]) since `since` (a placeholder). */
export function familiesMemoriesSelect(since: string, families = '$1::uuid[]'): string {
  return `select ${COLUMNS} from ${FROM} where m.user_id = any(${families}) and m.created_at >= ${since}`;
}

/** Several families' memories since `since`, for the calls ringing now. */
export async function memoriesOfFamilies(q: Queryable, userIds: string[], since: Date): Promise<MemoryRow[]> {
  const { rows } = await q.query<MemoryRow>(
    `${familiesMemoriesSelect('$2')} order by m.created_at desc, m.id`,
    [userIds, since],
  );
  return rows;
}

/** A memory row as JSON (a composed read): its time back to a Date. */
export function memoryRowFromJson(row: Record<string, unknown>): MemoryRow {
  return { ...(row as unknown as MemoryRow), created_at: new Date(row.created_at as string) };
}

export async function updateMemoryText(
  q: Queryable,
  userId: string,
  id: string,
  text: string,
): Promise<MemoryRow | undefined> {
  const { rows } = await q.query<MemoryRow>(
    `with m as (
       update santa_memories set text = $3, edited = true, updated_at = now()
       where id = $2 and user_id = $1 returning *
     )
     select ${COLUMNS} from m join calls c on c.id = m.call_id`,
    [userId, id, text],
  );
  return rows[0];
}

export async function deleteMemory(q: Queryable, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from santa_memories where id = $2 and user_id = $1', [
    userId,
    id,
  ]);
  return rowCount > 0;
}

/** Every memory of the family, or only those of one child's calls. */
export async function deleteAllMemories(q: Queryable, userId: string, childId?: string): Promise<number> {
  const { rowCount } = childId
    ? await q.query(
        `delete from santa_memories m using calls c
         where c.id = m.call_id and m.user_id = $1 and c.child_id = $2`,
        [userId, childId],
      )
    : await q.query('delete from santa_memories where user_id = $1', [userId]);
  return rowCount;
}

/** Memories of calls whose words the retention schedule deleted. */
export async function deleteMemoriesOfCalls(q: Queryable, callIds: string[]): Promise<number> {
  if (callIds.length === 0) return 0;
  const { rowCount } = await q.query('delete from santa_memories where call_id = any($1::uuid[])', [callIds]);
  return rowCount;
}
