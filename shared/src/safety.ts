import { z } from 'zod';

/**
 * Why the safety read after a call noted it. Only these codes and the transcript's line numbers
 * are stored; the words stay in the transcript the parent already has.
 */
export const SAFETY_REASONS = [
  'child_self_harm',
  'child_hurt_or_unsafe',
  'child_sad_or_worried',
  'child_personal_details',
  'adult_topic',
  'santa_promised_gift',
  'santa_asked_personal_details',
  'santa_bad_language',
  'santa_claimed_human',
  'santa_mentioned_avoided_topic',
] as const;
export type SafetyReason = (typeof SAFETY_REASONS)[number];

/** The reason in a parent's plain words (the dashboard's banner). */
export const SAFETY_REASON_TEXT: Record<SafetyReason, string> = {
  child_self_harm: 'Your child said something about hurting themselves.',
  child_hurt_or_unsafe: 'Your child said something about being hurt, or not feeling safe.',
  child_sad_or_worried: 'Your child said they were feeling sad or worried.',
  child_personal_details:
    'Your child shared a personal detail, such as an address, a school or a phone number.',
  adult_topic: 'The conversation touched on a grown-up topic.',
  santa_promised_gift: 'Santa may have promised a gift that is not on your list of gifts.',
  santa_asked_personal_details: 'Santa asked for a personal detail, which he should never do.',
  santa_bad_language: 'Santa used a word he should not have.',
  santa_claimed_human: 'Santa said he was a real person, which he should never claim.',
  santa_mentioned_avoided_topic: 'Santa mentioned something you asked him not to mention.',
};

/** The same reasons in an operator's short words (the admin's counts). */
export const SAFETY_REASON_LABEL: Record<SafetyReason, string> = {
  child_self_harm: 'Child: self-harm',
  child_hurt_or_unsafe: 'Child: hurt or unsafe',
  child_sad_or_worried: 'Child: sad or worried',
  child_personal_details: 'Child: personal details',
  adult_topic: 'Grown-up topic',
  santa_promised_gift: 'Santa: promised a gift',
  santa_asked_personal_details: 'Santa: asked for personal details',
  santa_bad_language: 'Santa: bad language',
  santa_claimed_human: 'Santa: claimed to be a person',
  santa_mentioned_avoided_topic: "Santa: mentioned a parent's no-go topic",
};

export const SAFETY_BANNER_TITLE = 'Santa noticed something you may want to know about';

export const safetyFindingSchema = z.object({
  reason: z.enum(SAFETY_REASONS),
  /** 1-based line numbers of the call's transcript (its lines split on line breaks). */
  lines: z.array(z.number().int().positive()),
});
export type SafetyFinding = z.infer<typeof safetyFindingSchema>;

/** A call's safety read, in the call history. Null there until the read has run. */
export const callSafetySchema = z.object({
  flagged: z.boolean(),
  findings: z.array(safetyFindingSchema),
});
export type CallSafety = z.infer<typeof callSafetySchema>;

/** GET /api/admin/safety-flags: flagged calls per reason, never what was said. */
export const safetyFlagCountsSchema = z.object({
  reviewed_calls: z.number().int(),
  flagged_calls: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(SAFETY_REASONS), label: z.string(), calls: z.number().int() })),
});
export type SafetyFlagCounts = z.infer<typeof safetyFlagCountsSchema>;
