import { saveSantaPromptRequestSchema, type SantaPrompt } from '@santa/shared/santa-script';
import type { Db, Queryable } from '../../db/db.ts';
import { parseInput } from '../../http/validate.ts';
import * as repo from './santa-prompt.repository.ts';
import type { SantaPromptRow } from './santa-prompt.repository.ts';

/** Used only if the seeded row was removed by hand; the migration seeds the real default. */
export const FALLBACK_PROMPT =
  'You are Santa Claus at the North Pole, warm, jolly and kind. You are talking with {kid_name}. Greet {kid_name} by name and have a happy Christmas chat.';

export function presentSantaPrompt(row: SantaPromptRow): SantaPrompt {
  return {
    prompt: row.prompt,
    last_updated: new Date(row.updated_at).toISOString(),
    updated_by: row.updated_by,
  };
}

/** Owns santa_prompts: the admin reads and saves it, the inbound call webhook renders it. */
export function createSantaPromptService(db: Db) {
  return {
    async getPrompt(q: Queryable = db): Promise<SantaPrompt> {
      const row = await repo.findSantaPrompt(q);
      return row
        ? presentSantaPrompt(row)
        : { prompt: FALLBACK_PROMPT, last_updated: new Date(0).toISOString(), updated_by: null };
    },

    /** Refuses a script without {kid_name} or over the length limit (400 with the reason). */
    async savePrompt(prompt: unknown, updatedBy: string): Promise<SantaPrompt> {
      const input = parseInput(saveSantaPromptRequestSchema, { prompt });
      return presentSantaPrompt(await repo.saveSantaPrompt(db, input.prompt, updatedBy));
    },
  };
}

export type SantaPromptService = ReturnType<typeof createSantaPromptService>;
