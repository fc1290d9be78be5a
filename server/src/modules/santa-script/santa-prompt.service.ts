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

/** Calls read the script at most this often per replica; a save takes effect everywhere within a second. */
export const SCRIPT_CACHE_MS = 500;

/** Owns santa_prompts: the admin reads and saves it, the inbound call webhook renders it. */
export function createSantaPromptService(db: Db, options: { cacheMs?: number; now?: () => number } = {}) {
  const cacheMs = options.cacheMs ?? SCRIPT_CACHE_MS;
  const now = options.now ?? Date.now;
  let cached: { script: SantaPrompt; until: number } | undefined;

  async function getPrompt(q: Queryable = db): Promise<SantaPrompt> {
    const row = await repo.findSantaPrompt(q);
    return row
      ? presentSantaPrompt(row)
      : { prompt: FALLBACK_PROMPT, last_updated: new Date(0).toISOString(), updated_by: null };
  }

  return {
    getPrompt,

    /** The script a ringing call renders: every call needs it, and it changes only when the admin saves. */
    async scriptForCall(): Promise<SantaPrompt> {
      if (cached && cached.until > now()) return cached.script;
      const script = await getPrompt();
      cached = { script, until: now() + cacheMs };
      return script;
    },

    /** Refuses a script without {kid_name} or over the length limit (400 with the reason). */
    async savePrompt(prompt: unknown, updatedBy: string): Promise<SantaPrompt> {
      const input = parseInput(saveSantaPromptRequestSchema, { prompt });
      const script = presentSantaPrompt(await repo.saveSantaPrompt(db, input.prompt, updatedBy));
      cached = { script, until: now() + cacheMs };
      return script;
    },
  };
}

export type SantaPromptService = ReturnType<typeof createSantaPromptService>;
