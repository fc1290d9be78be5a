import type { PlanNotice } from '@santa/shared/notices';
import type { Queryable } from '../../db/db.ts';

/** Owns plan_notices: what an admin changed in a family's plan, for the family to see. */

export interface NoticeRow {
  id: string;
  kind: PlanNotice['kind'];
  details: Record<string, unknown>;
  created_at: Date;
}

export async function insertNotice(
  q: Queryable,
  userId: string,
  kind: string,
  details: Record<string, unknown>,
): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    'insert into plan_notices (user_id, kind, details) values ($1, $2, $3) returning id',
    [userId, kind, JSON.stringify(details)],
  );
  return rows[0]!.id;
}

export async function listActiveNotices(q: Queryable, userId: string, limit: number): Promise<NoticeRow[]> {
  const { rows } = await q.query<NoticeRow>(
    `select id, kind, details, created_at from plan_notices
     where user_id = $1 and dismissed_at is null order by created_at desc limit $2`,
    [userId, limit],
  );
  return rows;
}

/** False when the family has no such notice (another family's id included). */
export async function dismissNotice(q: Queryable, userId: string, noticeId: string): Promise<boolean> {
  const { rows } = await q.query(
    `update plan_notices set dismissed_at = coalesce(dismissed_at, now())
     where id = $1 and user_id = $2 returning id`,
    [noticeId, userId],
  );
  return rows.length > 0;
}
