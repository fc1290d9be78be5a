import type { ConsentMethod } from '@santa/shared/privacy';
import type { Queryable } from '../../db/db.ts';

export interface ConsentRow {
  notice_version: string;
  method: ConsentMethod;
  created_at: Date;
}

export async function insertConsent(
  q: Queryable,
  consent: { userId: string; noticeVersion: string; method: ConsentMethod },
): Promise<void> {
  await q.query('insert into privacy_consents (user_id, notice_version, method) values ($1, $2, $3)', [
    consent.userId,
    consent.noticeVersion,
    consent.method,
  ]);
}

export async function latestConsent(q: Queryable, userId: string): Promise<ConsentRow | undefined> {
  const { rows } = await q.query<ConsentRow>(
    `select notice_version, method, created_at from privacy_consents
     where user_id = $1 order by created_at desc, id desc limit 1`,
    [userId],
  );
  return rows[0];
}

/** The families whose ids are `families` (a uuid[]) that agreed to `version` (a placeholder), one row each. */
export function consentedSelect(version: string, families = '$1::uuid[]'): string {
  return `select distinct user_id from privacy_consents where user_id = any(${families}) and notice_version = ${version}`;
}

/** Which of these families agreed to this version (ringing calls ask together). */
export async function consentedUsers(q: Queryable, userIds: string[], version: string): Promise<Set<string>> {
  const { rows } = await q.query<{ user_id: string }>(consentedSelect('$2'), [userIds, version]);
  return new Set(rows.map((row) => row.user_id));
}

/** The audit of a parent's own privacy actions: the account id, the action and counts only. */
export async function insertPrivacyAudit(
  q: Queryable,
  entry: { userId: string; action: string; details?: Record<string, unknown> },
): Promise<void> {
  await q.query('insert into privacy_audit_log (user_id, action, details) values ($1, $2, $3::jsonb)', [
    entry.userId,
    entry.action,
    JSON.stringify(entry.details ?? {}),
  ]);
}
