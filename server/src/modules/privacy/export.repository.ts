import type { Queryable } from '../../db/db.ts';

/**
 * Tables holding a family's rows that the download leaves out, and why: sign-in secrets that
 * would let whoever holds the archive into the account, and the sandboxes (stand-ins for outside
 * services, not our data).
 */
const NOT_EXPORTED = new Set(['sessions', 'sign_in_handoffs', 'sign_in_failures', 'account_tokens']);
/** Columns that are secrets or keyed hashes, never handed out. */
const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'phone_hash']);

/**
 * Every table with a user_id column, found in the schema: a table added later is in the download
 * without anyone remembering to add it.
 */
async function familyTables(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'user_id'
     order by c.table_name`,
  );
  return rows
    .map((row) => row.table_name)
    .filter((table) => !table.startsWith('sandbox_') && !NOT_EXPORTED.has(table));
}

function withoutSecrets(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMNS.has(column)));
}

/** Everything we hold about the family, table by table; the account itself under `users`. */
export async function familyRows(q: Queryable, userId: string): Promise<Record<string, unknown[]>> {
  const data: Record<string, unknown[]> = {};
  const { rows: users } = await q.query<Record<string, unknown>>('select * from users where id = $1', [
    userId,
  ]);
  data.users = users.map(withoutSecrets);
  for (const table of await familyTables(q)) {
    // Table names come from the schema itself, never from a request.
    const { rows } = await q.query<Record<string, unknown>>(`select * from "${table}" where user_id = $1`, [
      userId,
    ]);
    if (rows.length > 0) data[table] = rows.map(withoutSecrets);
  }
  const { rows: reviews } = await q.query<Record<string, unknown>>(
    `select r.* from call_safety_reviews r join calls c on c.id = r.call_id where c.user_id = $1`,
    [userId],
  );
  if (reviews.length > 0) data.call_safety_reviews = reviews;
  // Gifts name their buyer and redeemer in columns of their own (decision 0022); never the code.
  for (const [name, column] of [
    ['gifts_bought', 'buyer_user_id'],
    ['gifts_redeemed', 'redeemed_by'],
  ] as const) {
    const { rows } = await q.query<Record<string, unknown>>(`select * from gifts where ${column} = $1`, [
      userId,
    ]);
    if (rows.length > 0) data[name] = rows.map(withoutSecrets);
  }
  return data;
}

export interface DataExportRow {
  id: string;
  user_id: string;
  status: 'building' | 'ready' | 'failed';
  archive_key: string | null;
  requested_at: Date;
  ready_at: Date | null;
  expires_at: Date | null;
}

export async function insertExport(q: Queryable, userId: string): Promise<DataExportRow> {
  const { rows } = await q.query<DataExportRow>(
    'insert into data_exports (user_id) values ($1) returning *',
    [userId],
  );
  return rows[0]!;
}

export async function findExport(q: Queryable, id: string): Promise<DataExportRow | undefined> {
  const { rows } = await q.query<DataExportRow>('select * from data_exports where id = $1', [id]);
  return rows[0];
}

export async function latestExport(q: Queryable, userId: string): Promise<DataExportRow | undefined> {
  const { rows } = await q.query<DataExportRow>(
    'select * from data_exports where user_id = $1 order by requested_at desc limit 1',
    [userId],
  );
  return rows[0];
}

export async function markReady(
  q: Queryable,
  id: string,
  archiveKey: string,
  validHours: number,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `update data_exports set status = 'ready', archive_key = $2, ready_at = now(),
       expires_at = now() + make_interval(hours => $3)
     where id = $1 and status = 'building'`,
    [id, archiveKey, validHours],
  );
  return rowCount > 0;
}

export async function setTokenHash(q: Queryable, id: string, tokenHash: string): Promise<void> {
  await q.query('update data_exports set token_hash = $2 where id = $1', [id, tokenHash]);
}

export async function findByTokenHash(q: Queryable, tokenHash: string): Promise<DataExportRow | undefined> {
  const { rows } = await q.query<DataExportRow>('select * from data_exports where token_hash = $1', [
    tokenHash,
  ]);
  return rows[0];
}

/** The family's archives in storage (deleted before the account's rows). */
export async function exportArchiveKeys(q: Queryable, userId: string): Promise<string[]> {
  const { rows } = await q.query<{ archive_key: string }>(
    'select archive_key from data_exports where user_id = $1 and archive_key is not null',
    [userId],
  );
  return rows.map((row) => row.archive_key);
}

/** Archives whose link has expired: their files go, the row stays as a record of the request. */
export async function expiredArchives(
  q: Queryable,
  limit: number,
): Promise<{ id: string; archive_key: string }[]> {
  const { rows } = await q.query<{ id: string; archive_key: string }>(
    `select id, archive_key from data_exports
     where archive_key is not null and expires_at <= now() order by expires_at limit $1`,
    [limit],
  );
  return rows;
}

export async function forgetArchive(q: Queryable, id: string): Promise<void> {
  await q.query('update data_exports set archive_key = null, token_hash = null where id = $1', [id]);
}
