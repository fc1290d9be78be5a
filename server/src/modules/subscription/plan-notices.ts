import type { NewPlanNotice, PlanNotice } from '@santa/shared/notices';
import type { Db, Queryable } from '../../db/db.ts';

interface NoticeRow {
  id: string;
  kind: PlanNotice['kind'];
  details: Record<string, unknown>;
  created_at: Date;
}

/** Notices shown to a family at most: older ones are still dismissable but no longer listed. */
const LISTED = 20;

/** The email module: the same news by email, keyed by the notice so each action sends one. */
export interface PlanNoticeEmails {
  planNotice(q: Queryable, userId: string, noticeId: string, notice: NewPlanNotice): Promise<unknown>;
}

/** The plan_notices table: what an admin changed in a family's plan, for the family to see. */
export function createPlanNotices(db: Db, emails?: PlanNoticeEmails) {
  return {
    /**
     * In the transaction that made the change, so a notice (and its email) exists exactly when
     * the change does.
     */
    async record(q: Queryable, userId: string, notice: NewPlanNotice): Promise<void> {
      const { kind, ...details } = notice;
      const { rows } = await q.query<{ id: string }>(
        'insert into plan_notices (user_id, kind, details) values ($1, $2, $3) returning id',
        [userId, kind, JSON.stringify(details)],
      );
      await emails?.planNotice(q, userId, rows[0]!.id, notice);
    },

    async listActive(userId: string): Promise<PlanNotice[]> {
      const { rows } = await db.query<NoticeRow>(
        `select id, kind, details, created_at from plan_notices
         where user_id = $1 and dismissed_at is null order by created_at desc limit ${LISTED}`,
        [userId],
      );
      return rows.map(
        (row) =>
          ({
            ...row.details,
            id: row.id,
            kind: row.kind,
            created_at: new Date(row.created_at).toISOString(),
          }) as PlanNotice,
      );
    },

    /** Answers false when the family has no such notice (another family's id included). */
    async dismiss(userId: string, noticeId: string): Promise<boolean> {
      const { rows } = await db.query(
        `update plan_notices set dismissed_at = coalesce(dismissed_at, now())
         where id = $1 and user_id = $2 returning id`,
        [noticeId, userId],
      );
      return rows.length > 0;
    },
  };
}

export type PlanNotices = ReturnType<typeof createPlanNotices>;
