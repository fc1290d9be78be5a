import { z } from 'zod';

export const SANTA_PROMPT_MAX_LENGTH = 8000;
export const PROMPT_REQUIRED_PLACEHOLDER = '{kid_name}';
export const PROMPT_MISSING_KID_NAME_MESSAGE =
  'The script must include {kid_name} so Santa can greet the child by name';
export const PROMPT_TOO_LONG_MESSAGE = `The script must be at most ${SANTA_PROMPT_MAX_LENGTH} characters`;
export const PROMPT_EMPTY_MESSAGE = 'Please enter the Santa script';

/** GET /api/admin/santa-prompt */
export const santaPromptSchema = z.object({
  prompt: z.string(),
  /** ISO 8601 */
  last_updated: z.string(),
  /** Email of the admin who saved it, or 'system' for the default script. */
  updated_by: z.string().nullable(),
});
export type SantaPrompt = z.infer<typeof santaPromptSchema>;

/** POST /api/admin/santa-prompt (form field `prompt`). */
export const saveSantaPromptRequestSchema = z.object({
  prompt: z
    .string({ error: PROMPT_EMPTY_MESSAGE })
    .trim()
    .min(1, PROMPT_EMPTY_MESSAGE)
    .max(SANTA_PROMPT_MAX_LENGTH, PROMPT_TOO_LONG_MESSAGE)
    .refine((prompt) => prompt.includes(PROMPT_REQUIRED_PLACEHOLDER), PROMPT_MISSING_KID_NAME_MESSAGE),
});
export type SaveSantaPromptRequest = z.infer<typeof saveSantaPromptRequestSchema>;
