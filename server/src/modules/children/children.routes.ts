import { Router, type Request } from 'express';
import {
  CHILDREN_MESSAGES,
  childRequestSchema,
  usualCallerRequestSchema,
  type ChildrenResponse,
} from '@santa/shared/children';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { ChildrenService } from './children.service.ts';
import { isUuid } from '../../db/uuid.ts';

/** An id that is not a uuid names nobody's child: the same 404 as another family's. */
function childId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not_found', CHILDREN_MESSAGES.notFound);
  return id;
}

/** /api/children: the family's children, their own details and who usually calls. */
export function createChildrenRouter(deps: { children: ChildrenService }) {
  const { children } = deps;
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json((await children.list(signedInUser(req).id)) satisfies ChildrenResponse);
  });

  router.post('/', async (req, res) => {
    const input = parseInput(childRequestSchema, req.body);
    res.status(201).json((await children.add(signedInUser(req).id, input)) satisfies ChildrenResponse);
  });

  router.put('/usual-caller', async (req, res) => {
    const { child_id } = parseInput(usualCallerRequestSchema, req.body);
    res.json((await children.setUsualCaller(signedInUser(req).id, child_id)) satisfies ChildrenResponse);
  });

  router.patch('/:id', async (req, res) => {
    const id = childId(req);
    const input = parseInput(childRequestSchema, req.body);
    res.json((await children.update(signedInUser(req).id, id, input)) satisfies ChildrenResponse);
  });

  router.delete('/:id', async (req, res) => {
    res.json((await children.remove(signedInUser(req).id, childId(req))) satisfies ChildrenResponse);
  });

  return router;
}
