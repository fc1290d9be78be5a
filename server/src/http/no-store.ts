import type { RequestHandler } from 'express';

/** API answers carry children's data: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
