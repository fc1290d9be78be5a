import type { Queryable } from '../../db/db.ts';
import type { Role } from '../../http/session-user.ts';

export type { Role };

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  picture: string | null;
  google_id: string | null;
  role: Role;
  email_verified_at: Date | null;
  created_at: Date;
}

export interface SessionUserRow extends Omit<UserRow, 'password_hash' | 'created_at'> {
  has_password: boolean;
  session_created_at: Date;
  session_expires_at: Date;
  last_seen_at: Date;
}

const USER_COLUMNS =
  'id, email, name, password_hash, picture, google_id, role, email_verified_at, created_at';

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [email]);
  return rows[0];
}

export async function findUserByGoogleId(q: Queryable, googleId: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from users where google_id = $1`, [
    googleId,
  ]);
  return rows[0];
}

export async function insertUser(
  q: Queryable,
  user: {
    email: string;
    name: string;
    passwordHash?: string | null;
    picture?: string | null;
    googleId?: string | null;
    role?: Role;
    /** Google vouched for the address. */
    emailVerified?: boolean;
  },
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into users (email, name, password_hash, picture, google_id, role, email_verified_at)
     values ($1, $2, $3, $4, $5, $6, case when $7 then now() end) returning ${USER_COLUMNS}`,
    [
      user.email,
      user.name,
      user.passwordHash ?? null,
      user.picture ?? null,
      user.googleId ?? null,
      user.role ?? 'parent',
      user.emailVerified ?? false,
    ],
  );
  return rows[0]!;
}

export async function linkGoogleAccount(
  q: Queryable,
  userId: string,
  google: { googleId: string; picture: string | null; name: string },
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `update users set google_id = $2, picture = coalesce(picture, $3),
       name = case when name = '' then $4 else name end,
       email_verified_at = coalesce(email_verified_at, now())
     where id = $1 returning ${USER_COLUMNS}`,
    [userId, google.googleId, google.picture, google.name],
  );
  return rows[0]!;
}

/** Creates or updates the admin account; the role is only ever written here. */
export async function upsertAdmin(
  q: Queryable,
  email: string,
  passwordHash: string | null,
): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into users (email, name, password_hash, role) values ($1, 'Admin', $2, 'admin')
     on conflict (email) do update set role = 'admin',
       password_hash = coalesce(excluded.password_hash, users.password_hash)
     returning ${USER_COLUMNS}`,
    [email, passwordHash],
  );
  return rows[0]!;
}

export async function demoteOtherAdmins(q: Queryable, adminEmail: string): Promise<void> {
  await q.query(`update users set role = 'parent' where role = 'admin' and email <> $1`, [adminEmail]);
}

export async function insertSession(
  q: Queryable,
  session: { tokenHash: string; userId: string; maxAgeSeconds: number; device: string },
): Promise<void> {
  await q.query(
    `insert into sessions (token_hash, user_id, expires_at, device)
     values ($1, $2, now() + make_interval(secs => $3::double precision), $4)`,
    [session.tokenHash, session.userId, session.maxAgeSeconds, session.device],
  );
  await markActive(q, session.userId);
}

/** A sign-in or a session in use: the account is not inactive (and a pending warning lapses). */
async function markActive(q: Queryable, userId: string): Promise<void> {
  await q.query('update users set last_active_at = now() where id = $1', [userId]);
}

export interface DeviceSessionRow {
  id: string;
  device: string;
  created_at: Date;
  last_seen_at: Date;
  current: boolean;
}

/** A user's live sessions, most recently used first; `current` marks the one asking. */
export async function listSessions(
  q: Queryable,
  userId: string,
  currentHash: string,
): Promise<DeviceSessionRow[]> {
  const { rows } = await q.query<DeviceSessionRow>(
    `select id, device, created_at, last_seen_at, token_hash = $2 as current
     from sessions where user_id = $1 and expires_at > now() order by last_seen_at desc`,
    [userId, currentHash],
  );
  return rows;
}

/** Deletes one of the user's sessions by its public id; answers the deleted token hash. */
export async function deleteSessionById(
  q: Queryable,
  userId: string,
  id: string,
): Promise<string | undefined> {
  const { rows } = await q.query<{ token_hash: string }>(
    'delete from sessions where user_id = $1 and id = $2 returning token_hash',
    [userId, id],
  );
  return rows[0]?.token_hash;
}

export async function deleteOtherSessions(q: Queryable, userId: string, keepHash: string): Promise<number> {
  const { rowCount } = await q.query('delete from sessions where user_id = $1 and token_hash <> $2', [
    userId,
    keepHash,
  ]);
  return rowCount;
}

export async function findSessionUser(q: Queryable, tokenHash: string): Promise<SessionUserRow | undefined> {
  const { rows } = await q.query<SessionUserRow>(
    `select u.id, u.email, u.name, u.picture, u.google_id, u.role, u.email_verified_at,
            u.password_hash is not null as has_password, s.created_at as session_created_at, s.expires_at as session_expires_at, s.last_seen_at
     from sessions s join users u on u.id = s.user_id
     where s.token_hash = $1 and s.expires_at > now()`,
    [tokenHash],
  );
  return rows[0];
}

/** When this session signed in (a Google-only parent's proof before deleting). */
export async function sessionStartedAt(q: Queryable, tokenHash: string): Promise<Date | undefined> {
  const { rows } = await q.query<{ created_at: Date }>(
    'select created_at from sessions where token_hash = $1 and expires_at > now()',
    [tokenHash],
  );
  return rows[0]?.created_at;
}

export async function touchSession(q: Queryable, tokenHash: string): Promise<void> {
  const { rows } = await q.query<{ user_id: string }>(
    'update sessions set last_seen_at = now() where token_hash = $1 returning user_id',
    [tokenHash],
  );
  if (rows[0]) await markActive(q, rows[0].user_id);
}

export async function deleteSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('delete from sessions where token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<number> {
  const { rowCount } = await q.query('delete from sessions where expires_at <= now()');
  return rowCount;
}

export async function insertHandoff(
  q: Queryable,
  handoff: { idHash: string; userId: string; ttlSeconds: number },
): Promise<void> {
  await q.query(
    `insert into sign_in_handoffs (id_hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3::double precision))`,
    [handoff.idHash, handoff.userId, handoff.ttlSeconds],
  );
}

/** Deleting while reading makes the handoff usable exactly once, even under concurrent use. */
export async function consumeHandoff(q: Queryable, idHash: string): Promise<string | undefined> {
  const { rows } = await q.query<{ user_id: string; expired: boolean }>(
    `delete from sign_in_handoffs where id_hash = $1 returning user_id, expires_at <= now() as expired`,
    [idHash],
  );
  const row = rows[0];
  return row && !row.expired ? row.user_id : undefined;
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
  return rows[0];
}

/** An account as the admin sees it. */
export interface AccountRow {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  google_id: string | null;
  role: Role;
  created_at: Date;
}

const ACCOUNT_COLUMNS = 'id, name, email, picture, google_id, role, created_at';

export async function listAccounts(q: Queryable): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    `select ${ACCOUNT_COLUMNS} from users order by created_at desc, email`,
  );
  return rows;
}

export async function findAccount(q: Queryable, userId: string): Promise<AccountRow | undefined> {
  const { rows } = await q.query<AccountRow>(`select ${ACCOUNT_COLUMNS} from users where id = $1`, [userId]);
  return rows[0];
}

/** Everything else about the account cascades from users (migrations/README.md). */
export async function deleteAccount(q: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await q.query('delete from users where id = $1', [userId]);
  return rowCount > 0;
}

/** Serialises every change to one user's billing across deliveries and replicas. */
export async function lockAccount(q: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await q.query('select 1 from users where id = $1 for update', [userId]);
  return rowCount > 0;
}

/** A select of the account's id, whose id is `userId` (an SQL uuid), when it exists. */
export const accountSql = (userId: string) => `select id from users where id = ${userId}`;

export async function emailOf(q: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ email: string }>('select email from users where id = $1', [userId]);
  return rows[0]?.email;
}

export async function setPasswordHash(q: Queryable, userId: string, passwordHash: string): Promise<void> {
  await q.query('update users set password_hash = $2 where id = $1', [userId, passwordHash]);
}

export async function deleteAllSessions(q: Queryable, userId: string): Promise<number> {
  const { rowCount } = await q.query('delete from sessions where user_id = $1', [userId]);
  return rowCount;
}

/** Marks the address verified if it is still the account's; answers whether it was. */
export async function markEmailVerified(q: Queryable, userId: string, email: string): Promise<boolean> {
  const { rowCount } = await q.query(
    'update users set email_verified_at = coalesce(email_verified_at, now()) where id = $1 and email = $2',
    [userId, email],
  );
  return rowCount > 0;
}

/** The new address, verified by the link that carried it (unique: may raise a violation). */
export async function changeEmail(q: Queryable, userId: string, email: string): Promise<void> {
  await q.query('update users set email = $2, email_verified_at = now() where id = $1', [userId, email]);
}
