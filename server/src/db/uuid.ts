/**
 * Whether Postgres would take `value` as a uuid. An id from a URL that is not one names no row,
 * and asking the database about it would fail with an error rather than find nothing.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
