import type { Queryable } from './db.ts';

/**
 * One module's read of several families, which families-read composes with other modules' into
 * one statement: each module keeps its own SQL and its own reading of the rows, and a ringing call
 * pays one round trip for what three modules know of its family.
 */
export interface FamiliesReadPart<T> {
  /**
   * A select of rows that each carry `user_id`, for the families whose ids are `$1` (a uuid[]).
   * `param` gives the placeholder of a value of the part's own.
   */
  select(param: (value: unknown) => string): string;
  /** One family's rows of this select, as JSON objects (timestamps arrive as ISO strings). */
  read(rows: Record<string, unknown>[]): T;
}

type Read<Parts> = { [K in keyof Parts]: Parts[K] extends FamiliesReadPart<infer T> ? T : never };

/** Runs every part for these families in one statement; answers one result per family, in order. */
export async function readFamilies<Parts extends Record<string, FamiliesReadPart<unknown>>>(
  q: Queryable,
  userIds: string[],
  parts: Parts,
): Promise<Read<Parts>[]> {
  const values: unknown[] = [userIds];
  const param = (value: unknown) => `$${values.push(value)}`;
  const names = Object.keys(parts);
  const ctes = names.map((name, i) => `p${i} as (${parts[name]!.select(param)})`);
  const columns = names.map(
    (_, i) => `coalesce((select json_agg(p${i}) from p${i} where p${i}.user_id = f.id), '[]'::json) as p${i}`,
  );
  const { rows } = await q.query<Record<string, Record<string, unknown>[]>>(
    `with ${ctes.join(', ')}
     select f.id, ${columns.join(', ')} from unnest($1::uuid[]) with ordinality as f (id, n) order by f.n`,
    values,
  );
  return rows.map(
    (row) =>
      Object.fromEntries(names.map((name, i) => [name, parts[name]!.read(row[`p${i}`]!)])) as Read<Parts>,
  );
}
