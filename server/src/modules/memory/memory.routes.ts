import { Router } from 'express';
import { CHILDREN_MESSAGES } from '@santa/shared/children';
import {
  clearMemoryQuerySchema,
  editMemorySchema,
  MEMORY_MESSAGES,
  type MemoryItem,
  type SantaMemory,
} from '@santa/shared/memory';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { MemoryService } from './memory.service.ts';

/** /api/memory: "What Santa remembers", the parent's to read, correct and clear. */
export function createMemoryRouter(memory: MemoryService) {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json((await memory.list(signedInUser(req).id)) satisfies SantaMemory);
  });

  router.put('/:id', async (req, res) => {
    const { text } = parseInput(editMemorySchema, req.body ?? {});
    const item = await memory.edit(signedInUser(req).id, String(req.params.id), text);
    res.json({ item, message: MEMORY_MESSAGES.edited } satisfies { item: MemoryItem; message: string });
  });

  router.delete('/:id', async (req, res) => {
    await memory.forget(signedInUser(req).id, String(req.params.id));
    res.json({ message: MEMORY_MESSAGES.forgotten });
  });

  router.delete('/', async (req, res) => {
    const { child } = parseInput(clearMemoryQuerySchema, req.query);
    // An id that is not a uuid names nobody's child; another family's child has no memories here.
    if (child !== undefined && !isUuid(child)) throw new AppError('not_found', CHILDREN_MESSAGES.notFound);
    await memory.clear(signedInUser(req).id, child);
    res.json({ message: child ? MEMORY_MESSAGES.childCleared : MEMORY_MESSAGES.cleared });
  });

  return router;
}
