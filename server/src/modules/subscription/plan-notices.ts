import type { NewPlanNotice, PlanNotice } from '@santa/shared/notices';
import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './plan-notices.repository.ts';

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
      const id = await repo.insertNotice(q, userId, kind, details);
      await emails?.planNotice(q, userId, id, notice);
    },

    async listActive(userId: string): Promise<PlanNotice[]> {
      const rows = await repo.listActiveNotices(db, userId, LISTED);
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
    dismiss: (userId: string, noticeId: string): Promise<boolean> => repo.dismissNotice(db, userId, noticeId),
  };
}

export type PlanNotices = ReturnType<typeof createPlanNotices>;
