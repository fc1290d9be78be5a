import { z } from 'zod';
import { SANTA_LANGUAGES } from './languages.ts';
import { saveSantaPromptRequestSchema } from './santa-script.ts';

/** The admin's Santa's Script tab: the script rendered for one family, and a test call. */
const userIdSchema = z.uuid({ error: 'Please choose a family' });

/** An unsaved draft is checked as a save would check it, so the preview never shows a script that cannot be saved. */
const draftSchema = saveSantaPromptRequestSchema.shape.prompt.optional();

/** GET /api/admin/santa-prompt/preview?user_id=… (the saved script). */
export const scriptPreviewQuerySchema = z.object({ user_id: userIdSchema });

/** POST /api/admin/santa-prompt/preview (JSON): the same, with the tab's unsaved draft. */
export const scriptPreviewRequestSchema = z.object({ user_id: userIdSchema, prompt: draftSchema });
export type ScriptPreviewRequest = z.infer<typeof scriptPreviewRequestSchema>;

/** What a real call would hear instead of Santa, were the family to call now. */
export const NEXT_CALL_OUTCOMES = ['santa', 'no_call_time', 'no_consent'] as const;
export type NextCallOutcome = (typeof NEXT_CALL_OUTCOMES)[number];

export const scriptPreviewSchema = z.object({
  user_id: z.string(),
  /** The agent's prompt override, exactly as the voice engine would get it (the family's words hidden). */
  prompt: z.string(),
  first_message: z.string(),
  language: z.enum(SANTA_LANGUAGES),
  /** The longest the family's next call could last: what is left, at most the plan's per-call cap. */
  allowed_seconds: z.number().int(),
  dynamic_variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  children: z.number().int(),
  next_call: z.enum(NEXT_CALL_OUTCOMES),
  /** Rendered from the tab's unsaved draft rather than the saved script. */
  from_draft: z.boolean(),
});
export type ScriptPreview = z.infer<typeof scriptPreviewSchema>;

export const TEST_CALL_MAX_LINES = 8;
export const TEST_CALL_LINE_MAX_LENGTH = 300;
export const TEST_CALL_LINE_MESSAGE = 'Please type what the child says';
export const TEST_CALL_TOO_LONG_MESSAGE = `The test call takes at most ${TEST_CALL_MAX_LINES} lines from the child`;

/**
 * POST /api/admin/santa-prompt/test-call (JSON). The conversation is played again from the start
 * on every request, so nothing about a test call is kept between requests.
 */
export const testCallRequestSchema = z.object({
  user_id: userIdSchema,
  prompt: draftSchema,
  child_says: z
    .array(
      z
        .string({ error: TEST_CALL_LINE_MESSAGE })
        .trim()
        .min(1, TEST_CALL_LINE_MESSAGE)
        .max(TEST_CALL_LINE_MAX_LENGTH, `Each line is at most ${TEST_CALL_LINE_MAX_LENGTH} characters`),
      { error: TEST_CALL_LINE_MESSAGE },
    )
    .min(1, TEST_CALL_LINE_MESSAGE)
    .max(TEST_CALL_MAX_LINES, TEST_CALL_TOO_LONG_MESSAGE),
});
export type TestCallRequest = z.infer<typeof testCallRequestSchema>;

export const testCallSchema = z.object({
  /** Who answered the test: always the sandbox Santa (decision 0038). */
  engine: z.literal('sandbox'),
  /** Who answers the families' real calls on this server. */
  live_engine: z.enum(['sandbox', 'elevenlabs']),
  turns: z.array(z.object({ role: z.enum(['agent', 'user']), message: z.string() })),
  /** Santa said goodbye: the lines after it were not played. */
  ended: z.boolean(),
  /** Each exchange counts as this many seconds of the call, so Santa wraps up as he would. */
  seconds_per_exchange: z.number().int(),
});
export type TestCall = z.infer<typeof testCallSchema>;
