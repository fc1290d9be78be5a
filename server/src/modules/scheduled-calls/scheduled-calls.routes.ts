import { Router, type Request } from 'express';
import {
  moveCallRequestSchema,
  phoneTimeZonesQuerySchema,
  scheduleCallRequestSchema,
  SCHEDULED_CALL_MESSAGES,
  slotsQuerySchema,
  type ScheduledCall,
  type PhoneTimeZonesResponse,
  type ScheduledCallsResponse,
  type SlotsResponse,
} from '@santa/shared/scheduled-calls';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { ScheduledCallsService } from './scheduled-calls.service.ts';

/** An id that is not a uuid names nobody's call: the same 404 as another family's. */
function callId(req: Request): string {
  const id = String(req.params.id);
  if (!isUuid(id)) throw new AppError('not_found', SCHEDULED_CALL_MESSAGES.notFound);
  return id;
}

/** /api/scheduled-calls: Santa calls the child at a time the parent picked (decision 0025). */
export function createScheduledCallsRouter(deps: { scheduledCalls: ScheduledCallsService }) {
  const { scheduledCalls } = deps;
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json({ calls: await scheduledCalls.list(signedInUser(req).id) } satisfies ScheduledCallsResponse);
  });

  router.get('/slots', async (req, res) => {
    const query = parseInput(slotsQuerySchema, req.query);
    const slots = query.soonest
      ? await scheduledCalls.soonestSlots(query.date, query.time_zone)
      : await scheduledCalls.slots(query.date, query.time_zone);
    res.json(slots satisfies SlotsResponse);
  });

  router.get('/phone-time-zones', async (req, res) => {
    const { phone } = parseInput(phoneTimeZonesQuerySchema, req.query);
    const zones = await scheduledCalls.phoneTimeZones(signedInUser(req).id, phone);
    res.json({ phone, time_zones: zones } satisfies PhoneTimeZonesResponse);
  });

  router.post('/', async (req, res) => {
    const input = parseInput(scheduleCallRequestSchema, req.body);
    res
      .status(201)
      .json((await scheduledCalls.schedule(signedInUser(req).id, input)) satisfies ScheduledCall);
  });

  router.patch('/:id', async (req, res) => {
    const id = callId(req);
    const input = parseInput(moveCallRequestSchema, req.body);
    res.json((await scheduledCalls.move(signedInUser(req).id, id, input)) satisfies ScheduledCall);
  });

  router.delete('/:id', async (req, res) => {
    await scheduledCalls.cancel(signedInUser(req).id, callId(req));
    res.status(204).end();
  });

  return router;
}
