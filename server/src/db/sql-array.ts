/**
 * Up to this many values are spelled out one parameter each. Each length is a statement of its
 * own, prepared on each connection that meets it, so the spelling stops where batches rarely reach
 * and where one plan per call costs little beside the rows it reads.
 */
export const SPELLED_OUT_UP_TO = 8;

/**
 * `values` as an SQL array of `type`, its placeholders made by `param`. A short list is spelled out
 * (`array[$1::text, $2::text]`) so that Postgres knows its length when it plans the prepared
 * statement: given the whole list as one parameter, it plans as if for ten values, finds that
 * plan dearer than one made for the values at hand, and plans afresh on every call (a ringing
 * call's family read spent twice as long being planned as being run, npm run bench:christmas).
 */
export function sqlArray(
  values: readonly unknown[],
  type: string,
  param: (value: unknown) => string,
): string {
  if (values.length === 0 || values.length > SPELLED_OUT_UP_TO) return `${param(values)}::${type}[]`;
  return `array[${values.map((value) => `${param(value)}::${type}`).join(', ')}]`;
}

/**
 * A statement's placeholders, numbered in the order its values are given, after `first` (the
 * values its text already names `$1`, `$2` …).
 */
export function placeholders(first: readonly unknown[] = []): {
  values: unknown[];
  param: (value: unknown) => string;
} {
  const values = [...first];
  return { values, param: (value) => `$${values.push(value)}` };
}
