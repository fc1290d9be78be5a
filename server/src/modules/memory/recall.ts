import { MEMORY_RECALL, type MemoryKind } from '@santa/shared/memory';

export interface Remembered {
  kind: MemoryKind;
  text: string;
  created_at: Date;
  /** The child who said it (decision 0024); null when no child could be told. */
  child_id?: string | null;
}

/** Promises first (Santa asks how they went), then news, then wishes (the list changes each year). */
const PRIORITY: readonly MemoryKind[] = ['promises', 'news', 'wishes'];

/** The oldest moment a memory may come from and still be brought up ("year after year"). */
export function recallSince(now: Date): Date {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - MEMORY_RECALL.months);
  return since;
}

/**
 * The few points the next call's prompt carries: taken in turns across kinds, newest first within
 * each, so one chatty call cannot crowd out everything else, and bounded in count and length so
 * the prompt stays small. Answers them grouped by kind, in the order Santa should think of them.
 */
export function recall(memories: readonly Remembered[], now: Date): Remembered[] {
  const since = recallSince(now).getTime();
  const byKind = new Map<MemoryKind, Remembered[]>(PRIORITY.map((kind) => [kind, []]));
  const newestFirst = [...memories]
    .filter((memory) => memory.created_at.getTime() >= since)
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  for (const memory of newestFirst) byKind.get(memory.kind)?.push(memory);

  const chosen: Remembered[] = [];
  let characters = 0;
  for (let round = 0; chosen.length < MEMORY_RECALL.items; round += 1) {
    const turn = PRIORITY.map((kind) => byKind.get(kind)![round]).filter((m): m is Remembered => !!m);
    if (turn.length === 0) break;
    for (const memory of turn) {
      if (chosen.length === MEMORY_RECALL.items) break;
      if (characters + memory.text.length > MEMORY_RECALL.characters) continue;
      chosen.push(memory);
      characters += memory.text.length;
    }
  }
  return PRIORITY.flatMap((kind) => chosen.filter((memory) => memory.kind === kind));
}

/**
 * Each child's own few points (recall() per child), so a chatty sibling cannot crowd out the
 * others and Santa never brings up one child's words with another.
 */
export function recallPerChild(memories: readonly Remembered[], now: Date): Remembered[] {
  const byChild = new Map<string | null, Remembered[]>();
  for (const memory of memories) {
    const child = memory.child_id ?? null;
    byChild.set(child, [...(byChild.get(child) ?? []), memory]);
  }
  return [...byChild.values()].flatMap((ofChild) => recall(ofChild, now));
}
