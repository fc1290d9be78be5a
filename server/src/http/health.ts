import type { RequestHandler } from 'express';
import type { Db } from '../db/db.ts';

/** A load balancer's check must be answered quickly even when the database does not answer. */
export const HEALTH_BUDGET_MS = 2_000;

/** Reports whether the database answers; load balancers take the replica out on 503. */
export function createHealthRouter(db: Db, budgetMs = HEALTH_BUDGET_MS): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), budgetMs);
    });
    try {
      await Promise.race([db.query('select 1'), outOfTime]);
      res.json({ status: 'ok', database: 'reachable' });
    } catch {
      res.status(503).json({
        status: 'degraded',
        database: 'unreachable',
        detail: 'The database is not answering; this replica will recover by itself when it does.',
      });
    } finally {
      clearTimeout(timer);
    }
  };
}
