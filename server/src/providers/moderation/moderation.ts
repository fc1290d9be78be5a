import type { Diagnosable } from '../diagnosis.ts';

/** What a moderation service found in one line, in our words rather than the vendor's. */
export const MODERATION_CATEGORIES = [
  'self_harm',
  'sexual',
  'sexual_minors',
  'violence',
  'harassment',
  'hate',
  'illicit',
] as const;
export type ModerationCategory = (typeof MODERATION_CATEGORIES)[number];

/** One answer per line asked, in the same order. */
export interface LineModeration {
  flagged: boolean;
  categories: ModerationCategory[];
}

/** Reads transcript lines for harm, beside the app's own rule-based screen. */
export interface Moderation extends Diagnosable {
  /**
   * The lines' verdicts, or null when no service is configured or it could not answer: the
   * rule-based screen stands alone then. Never throws.
   */
  moderate(lines: string[]): Promise<LineModeration[] | null>;
}
