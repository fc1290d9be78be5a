import type { LineSettings } from '@santa/shared/santa';
import type { Queryable } from '../../db/db.ts';

/** Owns line_settings: who may reach Santa on a family's line, its code and the code's lockout. */

/** The family's settings, made with `newCode` on its first look. */
export async function ensureSettings(q: Queryable, userId: string, newCode: string): Promise<LineSettings> {
  const { rows } = await q.query<LineSettings>(
    `insert into line_settings (user_id, family_code) values ($1, $2)
     on conflict (user_id) do update set user_id = excluded.user_id
     returning access, family_code`,
    [userId, newCode],
  );
  return rows[0]!;
}

export async function saveSettings(q: Queryable, userId: string, input: LineSettings): Promise<LineSettings> {
  const { rows } = await q.query<LineSettings>(
    `insert into line_settings (user_id, access, family_code) values ($1, $2, $3)
     on conflict (user_id) do update set access = excluded.access, family_code = excluded.family_code,
       updated_at = now()
     returning access, family_code`,
    [userId, input.access, input.family_code],
  );
  return rows[0]!;
}

/** The code to compare against, or null while it is locked. */
export async function usableCode(q: Queryable, userId: string): Promise<string | null | undefined> {
  const { rows } = await q.query<{ family_code: string; locked: boolean }>(
    `select family_code, coalesce(code_locked_until > now(), false) as locked
     from line_settings where user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row && (row.locked ? null : row.family_code);
}

/**
 * Counts one wrong code in the family's window (a new window once the last is over); the
 * `limit`-th wrong code in a window locks the code. Answers when a lock began with this failure.
 */
export async function recordWrongCode(
  q: Queryable,
  userId: string,
  rule: { limit: number; windowMinutes: number; lockMinutes: number },
): Promise<Date | null> {
  const { rows } = await q.query<{ locked_until: Date | null }>(
    `with counted as (
       select case when code_failures_since > now() - make_interval(mins => $3) then code_failures + 1
                   else 1 end as failures,
              case when code_failures_since > now() - make_interval(mins => $3) then code_failures_since
                   else now() end as since
       from line_settings where user_id = $1 for update
     )
     update line_settings s
     set code_failures = c.failures, code_failures_since = c.since,
         code_locked_until = case when c.failures = $2 then now() + make_interval(mins => $4)
                                  else s.code_locked_until end
     from counted c
     where s.user_id = $1
     returning case when c.failures = $2 then s.code_locked_until end as locked_until`,
    [userId, rule.limit, rule.windowMinutes, rule.lockMinutes],
  );
  return rows[0]?.locked_until ?? null;
}
