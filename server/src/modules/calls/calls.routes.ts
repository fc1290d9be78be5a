import { Router } from 'express';
import type { CallHistory } from '@santa/shared/calls';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import { presentCall } from './call.presenter.ts';
import type { CallsService } from './calls.service.ts';

export interface CallsRouterDeps {
  calls: CallsService;
}

/** Every route here is the signed-in parent's own calls. */
export function createCallsRouter(deps: CallsRouterDeps) {
  const router = Router();
  router.use(requireUser);

  router.get('/history', async (req, res) => {
    const rows = await deps.calls.listHistory(signedInUser(req).id);
    const body: CallHistory = { calls: rows.map(presentCall) };
    res.json(body);
  });

  return router;
}
