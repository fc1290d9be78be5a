import { Router } from 'express';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { SubscriptionService } from './subscription.service.ts';

export function createSubscriptionRouter(deps: { subscription: SubscriptionService }) {
  const router = Router();

  router.get('/status', requireUser, async (req, res) => {
    res.json(await deps.subscription.getStatus(signedInUser(req).id));
  });

  return router;
}
