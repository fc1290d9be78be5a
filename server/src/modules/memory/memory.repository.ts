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
}

const COLUMNS = 'id, user_id, call_id, kind, text, edited, created_at';

/** Adds a call's points; a second run of the same call's summary adds nothing. */
export async function insertMemories(
  q: Queryable,
  userId: string,
  callId: string,
  items: { kind: MemoryKind; text: string }[],
): Promise<number> {
  if (items.length === 0) return 0;
  // The call's own time: "last time you told me" is about when the child said it.
  const { rowCount } = await q.query(
    `insert into santa_memories (user_id, call_id, kind, text, created_at)
     select $1, c.id, item.kind, item.text, c.created_at
     from calls c, unnest($3::text[], $4::text[]) as item (kind, text)
     where c.id = $2 and c.user_id = $1
     on conflict (call_id, kind, text) do nothing`,
    [userId, callId, items.map((item) => item.kind), items.map((item) => item.text)],
  );
  return rowCount;
}

export async function listMemories(q: Queryable, userId: string): Promise<MemoryRow[]> {
  const { rows } = await q.query<MemoryRow>(
    `select ${COLUMNS} from santa_memories where user_id = $1 order by created_at desc, id`,
    [userId],
  );
  return rows;
}

/** Several families' memories since `since`, for the calls ringing now. */
export async function memoriesOfFamilies(q: Queryable, userIds: string[], since: Date): Promise<MemoryRow[]> {
  const { rows } = await q.query<MemoryRow>(
    `select ${COLUMNS} from santa_memories where user_id = any($1::uuid[]) and created_at >= $2
     order by created_at desc, id`,
    [userIds, since],
  );
  return rows;
}

export async function updateMemoryText(
  q: Queryable,
  userId: string,
  id: string,
  text: string,
): Promise<MemoryRow | undefined> {
  const { rows } = await q.query<MemoryRow>(
    `update santa_memories set text = $3, edited = true, updated_at = now()
     where id = $2 and user_id = $1 returning ${COLUMNS}`,
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

export async function deleteAllMemories(q: Queryable, userId: string): Promise<number> {
  const { rowCount } = await q.query('delete from santa_memories where user_id = $1', [userId]);
  return rowCount;
}

/** Memories of calls whose words the retention schedule deleted. */
export async function deleteMemoriesOfCalls(q: Queryable, callIds: string[]): Promise<number> {
  if (callIds.length === 0) return 0;
  const { rowCount } = await q.query('delete from santa_memories where call_id = any($1::uuid[])', [callIds]);
  return rowCount;
}
