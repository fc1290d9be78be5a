import { Router } from 'express';
import { emailPreferencesSchema, type EmailPreferences } from '@santa/shared/email';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { EmailService } from './email.service.ts';

/** /api/email/preferences: the emails a parent may turn off. */
export function createEmailRouter(deps: { emails: Pick<EmailService, 'preferences' | 'savePreferences'> }) {
  const router = Router();
  router.use(requireUser);

  router.get('/preferences', async (req, res) => {
    const prefs = await deps.emails.preferences(signedInUser(req).id);
    res.json({ call_recaps: prefs.call_recaps } satisfies EmailPreferences);
  });

  router.put('/preferences', async (req, res) => {
    const input = parseInput(emailPreferencesSchema, req.body);
    await deps.emails.savePreferences(signedInUser(req).id, input);
    res.json(input satisfies EmailPreferences);
  });

  return router;
}
