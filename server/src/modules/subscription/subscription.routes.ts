import { Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { PlanNotices } from './plan-notices.ts';
import type { SubscriptionService } from './subscription.service.ts';

const NOTICE_NOT_FOUND = 'Notice not found';

export function createSubscriptionRouter(deps: { subscription: SubscriptionService; notices: PlanNotices }) {
  const router = Router();

  router.get('/status', requireUser, async (req, res) => {
    res.json(await deps.subscription.getStatus(signedInUser(req).id));
  });

  /** What an admin changed in the family's plan, newest first, until dismissed. */
  router.get('/notices', requireUser, async (req, res) => {
    res.json({ notices: await deps.notices.listActive(signedInUser(req).id) });
  });

  router.post('/notices/:id/dismiss', requireUser, async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    if (!id.success || !(await deps.notices.dismiss(signedInUser(req).id, id.data))) {
      throw new AppError('not_found', NOTICE_NOT_FOUND);
    }
    res.status(204).end();
  });

  return router;
}
