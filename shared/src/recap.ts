import { z } from 'zod';

/**
 * "What Olivia told Santa": the child's own words, sorted by kind. Written by the summariser
 * (OpenAI's structured answer, or the local fallback quoting the transcript) and shown on the
 * call history and in the recap email.
 */
export const RECAP_KINDS = ['wishes', 'news', 'questions', 'promises'] as const;
export type RecapKind = (typeof RECAP_KINDS)[number];

export const RECAP_LIMITS = { items: 5, itemLength: 200 } as const;

export const RECAP_HEADINGS: Record<RecapKind, string> = {
  wishes: 'Wishes',
  news: 'News',
  questions: 'Questions for Santa',
  promises: 'Promises',
};

/**
 * Shortens at a word boundary with an ellipsis; a line is never cut mid-word (the parent reads
 * their child's words, not "…sn").
 */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > max / 3 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.!?-]+$/, '')}…`;
}

const recapItem = z
  .string()
  .transform((text) => shortenAtWord(text, RECAP_LIMITS.itemLength))
  .pipe(z.string().min(1));

const recapList = z
  .array(z.string())
  .max(20)
  .transform((items) => items.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean))
  .pipe(z.array(recapItem).transform((items) => items.slice(0, RECAP_LIMITS.items)));

export const callRecapSchema = z.object({
  wishes: recapList,
  news: recapList,
  questions: recapList,
  promises: recapList,
});
export type CallRecap = z.output<typeof callRecapSchema>;

export const EMPTY_RECAP: CallRecap = { wishes: [], news: [], questions: [], promises: [] };

export function isEmptyRecap(recap: CallRecap | null | undefined): boolean {
  return !recap || RECAP_KINDS.every((kind) => recap[kind].length === 0);
}

/** Which of the child's lines leads: what they wished for, then their news, promises, questions. */
const HEADLINE_ORDER: readonly RecapKind[] = ['wishes', 'news', 'promises', 'questions'];
const HEADLINE_LENGTH = 120;

/**
 * The call's headline in the child's own words: the fullest line of the first kind they told
 * (a wish before news), shortened at a word; null when the child said nothing worth quoting.
 */
export function recapHeadline(recap: CallRecap | null | undefined): { kind: RecapKind; text: string } | null {
  if (!recap) return null;
  for (const kind of HEADLINE_ORDER) {
    const fullest = recap[kind].reduce<string | undefined>(
      (best, line) => (best === undefined || wordCount(line) > wordCount(best) ? line : best),
      undefined,
    );
    if (fullest) return { kind, text: shortenAtWord(fullest, HEADLINE_LENGTH) };
  }
  return null;
}

/** The child's line as quoted inside a sentence: without the full stop or comma it ended on. */
export function asQuote(line: string): string {
  return line.replace(/[.,;:\s]+$/, '');
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * What the OpenAI summariser answers (its JSON schema is built from the same fields): a short
 * summary for the parent and the recap. Validated here before anything is stored.
 */
export const structuredSummarySchema = z.object({
  summary: z.string().trim().min(1).max(1200),
  ...callRecapSchema.shape,
});
export type StructuredSummary = z.output<typeof structuredSummarySchema>;

/** A call whose summary is being written: what its recap email tells the parent. */
export interface RecappedCall {
  kidName: string | null;
  durationSeconds: number;
  summary: string;
  recap: CallRecap;
}
