import type { RequestHandler } from 'express';
import type { Db } from '../db/db.ts';

/** Reports whether the database answers; load balancers take the replica out on 503. */
export function createHealthRouter(db: Db): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await db.query('select 1');
      res.json({ status: 'ok', database: 'reachable' });
    } catch {
      res.status(503).json({ status: 'degraded', database: 'unreachable' });
    }
  };
}
