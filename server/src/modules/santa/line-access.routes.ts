import { Router } from 'express';
import { lineSettingsSchema } from '@santa/shared/santa';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { LineAccessService } from './line-access.service.ts';

/** /api/santa/line: who may reach Santa on the family's line, and the family code. */
export function createLineAccessRouter(deps: { lineAccess: LineAccessService }) {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json(await deps.lineAccess.settings(signedInUser(req).id));
  });

  router.put('/', async (req, res) => {
    const input = parseInput(lineSettingsSchema, req.body);
    res.json(await deps.lineAccess.save(signedInUser(req).id, input));
  });

  return router;
}
