import type { Queryable } from './db.ts';
import { placeholders, sqlArray } from './sql-array.ts';

/**
 * One module's read of several families, which families-read composes with other modules' into
 * one statement: each module keeps its own SQL and its own reading of the rows, and a ringing call
 * pays one round trip for what several modules know of its family.
 */
export interface FamiliesReadPart<T> {
  /**
   * A select of rows that each carry `user_id`, for the families whose ids are `families` (an SQL
   * uuid[] expression). `param` gives the placeholder of a value of the part's own.
   */
  select(param: (value: unknown) => string, families: string): string;
  /** One family's rows of this select, as JSON objects (timestamps arrive as ISO strings). */
  read(rows: Record<string, unknown>[]): T;
}

/**
 * How a module finds families by a key of its own (a caller's phone, say), in the statement that
 * reads the families' parts: the families found are read without waiting a round trip for them.
 */
export interface FamiliesFinder<T> {
  /** The SQL type of the keys. */
  keyType: 'text' | 'uuid';
  /**
   * A select of at most one row per key, carrying the key as `found_by` and the family's
   * `user_id`, for the keys `keys` (an SQL array of `keyType`).
   */
  select(keys: string): string;
  /** The row found, as pg reads it (without `found_by`). */
  read(row: Record<string, unknown>): T;
}

type Read<Parts> = { [K in keyof Parts]: Parts[K] extends FamiliesReadPart<infer T> ? T : never };
type Parts = Record<string, FamiliesReadPart<unknown>>;

/**
 * Each part's CTE over the families found, the column that aggregates one found family's rows of
 * it, and the column names, which a found row carries beside the finder's own columns.
 */
function partsSql(parts: Parts, param: (value: unknown) => string) {
  const names = Object.keys(parts);
  const columnNames = names.map((_, i) => `p${i}`);
  const ctes = names.map(
    (name, i) => `p${i} as (${parts[name]!.select(param, 'array(select user_id from found)')})`,
  );
  const columns = columnNames.map(
    (p) =>
      `coalesce((select json_agg(${p}) from ${p} where ${p}.user_id = found.user_id), '[]'::json) as ${p}`,
  );
  const read = (row: Record<string, unknown>) =>
    Object.fromEntries(names.map((name, i) => [name, parts[name]!.read(row[`p${i}`] as never)]));
  return { ctes, columns, columnNames, read };
}

/**
 * Finds a family by each key and runs every part for the families found, in one statement; answers
 * one result per key, in order: undefined where no family was found.
 */
export async function findAndReadFamilies<F, P extends Parts>(
  q: Queryable,
  keys: string[],
  finder: FamiliesFinder<F>,
  parts: P,
): Promise<(({ found: F } & Read<P>) | undefined)[]> {
  const { values, param } = placeholders();
  const keysSql = sqlArray(keys, finder.keyType, param);
  const sql = partsSql(parts, param);
  const { rows } = await q.query<Record<string, unknown>>(
    `with found as (${finder.select(keysSql)}), ${sql.ctes.join(', ')}
     select found.*, ${sql.columns.join(', ')}
     from unnest(${keysSql}) with ordinality as k (key, n) left join found on found.found_by = k.key
     order by k.n`,
    values,
  );
  return rows.map((row) => {
    if (row.found_by === null) return undefined;
    const own = Object.fromEntries(
      Object.entries(row).filter(([column]) => column !== 'found_by' && !sql.columnNames.includes(column)),
    );
    return { found: finder.read(own), ...(sql.read(row) as Read<P>) };
  });
}
