import type { Queryable } from '../../db/db.ts';

export interface SantaPromptRow {
  prompt: string;
  updated_at: Date;
  updated_by: string | null;
}

export async function findSantaPrompt(q: Queryable): Promise<SantaPromptRow | undefined> {
  const { rows } = await q.query<SantaPromptRow>(
    'select prompt, updated_at, updated_by from santa_prompts where id = 1',
  );
  return rows[0];
}

export async function saveSantaPrompt(
  q: Queryable,
  prompt: string,
  updatedBy: string,
): Promise<SantaPromptRow> {
  const { rows } = await q.query<SantaPromptRow>(
    `insert into santa_prompts (id, prompt, updated_at, updated_by) values (1, $1, now(), $2)
     on conflict (id) do update set prompt = excluded.prompt, updated_at = now(), updated_by = excluded.updated_by
     returning prompt, updated_at, updated_by`,
    [prompt, updatedBy],
  );
  return rows[0]!;
}
