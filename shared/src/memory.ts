import { z } from 'zod';
import { RECAP_LIMITS } from './recap.ts';

/**
 * "What Santa remembers": the child's wishes, news and promises from earlier calls, kept from each
 * call's recap so Santa can say "Last time you told me Biscuit learned to sit!" (decision 0023).
 * Questions are not kept: Santa answered them on the call.
 */
export const MEMORY_KINDS = ['wishes', 'news', 'promises'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];

export const MEMORY_HEADINGS: Record<MemoryKind, string> = {
  wishes: 'Wishes',
  news: 'News',
  promises: 'Promises',
};

/** What the next call's prompt carries: a few points, from the last year or so. */
export const MEMORY_RECALL = { items: 6, characters: 700, months: 13 } as const;

export const memoryItemSchema = z.object({
  id: z.string(),
  kind: z.enum(MEMORY_KINDS),
  text: z.string(),
  /** The call it came from: the memory goes when that call does. */
  call_id: z.string(),
  /** ISO 8601: when the child said it. */
  created_at: z.string(),
  /** The parent changed Santa's words. */
  edited: z.boolean(),
  /** The child who said it (decision 0024); null when no child could be told. */
  child_id: z.string().nullable(),
});
export type MemoryItem = z.infer<typeof memoryItemSchema>;

/** GET /api/memory: newest first. */
export const santaMemorySchema = z.object({ items: z.array(memoryItemSchema) });
export type SantaMemory = z.infer<typeof santaMemorySchema>;

/** PUT /api/memory/:id: the memory in the parent's words. */
export const editMemorySchema = z.object({
  text: z
    .string({ error: 'Please write what Santa should remember.' })
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Please write what Santa should remember.' })
        .max(RECAP_LIMITS.itemLength, {
          error: `Please keep it to ${RECAP_LIMITS.itemLength} characters.`,
        }),
    ),
});
export type EditMemoryInput = z.input<typeof editMemorySchema>;

/** DELETE /api/memory?child=<id>: only what that child told Santa; without it, everything. */
export const clearMemoryQuerySchema = z.object({ child: z.string().optional() });

export const MEMORY_MESSAGES = {
  notFound: 'That memory was not found.',
  edited: 'Santa will remember it that way.',
  forgotten: 'Santa has forgotten that.',
  cleared: "Santa's memory is cleared. He will start afresh on the next call.",
  childCleared: 'Santa has forgotten what that child told him. He will start afresh with them.',
} as const;
