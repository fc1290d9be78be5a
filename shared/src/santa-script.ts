import { z } from 'zod';
import { PROMPT_PLACEHOLDERS } from './constants.ts';

export const SANTA_PROMPT_MAX_LENGTH = 8000;
export const PROMPT_REQUIRED_PLACEHOLDER = '{kid_name}';
export const PROMPT_MISSING_KID_NAME_MESSAGE =
  'The script must include {kid_name} so Santa can greet the child by name';
export const PROMPT_TOO_LONG_MESSAGE = `The script must be at most ${SANTA_PROMPT_MAX_LENGTH} characters`;
export const PROMPT_EMPTY_MESSAGE = 'Please enter the Santa script';

/**
 * Anything in single braces that looks meant as a placeholder: `{Age}`, `{ kid_name }`,
 * `{child_name}`. Double braces are the voice agent's own variables (`{{system__time}}`).
 */
const PLACEHOLDER_LIKE = /(?<!\{)\{\s*[A-Za-z_][\w ]*\}(?!\})/g;

/** The first brace token that is not one of the placeholders, e.g. a typo Santa would read aloud. */
export function unknownPlaceholder(prompt: string): string | undefined {
  return prompt
    .match(PLACEHOLDER_LIKE)
    ?.find((token) => !(PROMPT_PLACEHOLDERS as readonly string[]).includes(token));
}

export function unknownPlaceholderMessage(token: string): string {
  return `The script uses ${token}, which is not a placeholder. Use ${PROMPT_PLACEHOLDERS.join(', ')}`;
}

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
    .refine((prompt) => prompt.includes(PROMPT_REQUIRED_PLACEHOLDER), PROMPT_MISSING_KID_NAME_MESSAGE)
    .superRefine((prompt, ctx) => {
      const token = unknownPlaceholder(prompt);
      if (token) ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(token) });
    }),
});
export type SaveSantaPromptRequest = z.infer<typeof saveSantaPromptRequestSchema>;
