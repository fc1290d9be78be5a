import { Router } from 'express';
import {
  acceptInviteSchema,
  invitationQuerySchema,
  inviteListenerSchema,
  type InvitationResponse,
  LISTENER_MESSAGES,
  type ListenersResponse,
  type ListeningResponse,
} from '@santa/shared/listeners';
import type { Db } from '../../db/db.ts';
import { limitByUser, type LimitRule } from '../../http/rate-limit.ts';
import { sendRecording } from '../../http/send-recording.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { ListenersService } from './listeners.service.ts';

/** Each invitation emails an address the family typed: a day's worth, not a mailing list. */
export const INVITE_LIMIT: LimitRule = { limit: 20, windowMs: 24 * 60 * 60_000 };
const INVITES_TOO_OFTEN = 'You have sent many invitations today. Please try again tomorrow.';

/** /api/listeners: whom the family invited to listen; the family's to invite and remove. */
export function createListenersRouter(deps: {
  db: Db;
  listeners: ListenersService;
  inviteLimit?: LimitRule;
}) {
  const { listeners } = deps;
  const router = Router();
  router.use(requireUser);
  const invites = limitByUser(
    deps.db,
    'listener-invite',
    deps.inviteLimit ?? INVITE_LIMIT,
    INVITES_TOO_OFTEN,
  );

  router.get('/', async (req, res) => {
    res.json((await listeners.list(signedInUser(req).id)) satisfies ListenersResponse);
  });

  router.post('/', invites, async (req, res) => {
    const input = parseInput(inviteListenerSchema, req.body ?? {});
    res.status(201).json({ message: await listeners.invite(signedInUser(req).id, input) });
  });

  router.delete('/:id', async (req, res) => {
    await listeners.remove(signedInUser(req).id, String(req.params.id));
    res.json({ message: LISTENER_MESSAGES.removed });
  });

  return router;
}

/** /api/listening: the families the signed-in person was invited to listen to. */
export function createListeningRouter(deps: { listeners: ListenersService }) {
  const { listeners } = deps;
  const router = Router();
  // Before signing in: the link's page names the family that invited them.
  router.get('/invitation', async (req, res) => {
    const { token } = parseInput(invitationQuerySchema, req.query);
    res.set('Cache-Control', 'no-store');
    res.json((await listeners.invitation(token)) satisfies InvitationResponse);
  });
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json((await listeners.listening(signedInUser(req).id)) satisfies ListeningResponse);
  });

  router.post('/accept', async (req, res) => {
    const { token } = parseInput(acceptInviteSchema, req.body ?? {});
    res.json({ message: await listeners.accept(signedInUser(req).id, token) });
  });

  router.get('/:id/calls/:callId/recording', async (req, res) => {
    const recording = await listeners.openRecording(
      signedInUser(req).id,
      String(req.params.id),
      String(req.params.callId),
    );
    await sendRecording(req, res, recording);
  });

  return router;
}
