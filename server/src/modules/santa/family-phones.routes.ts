import { Router } from 'express';
import {
  FAMILY_PHONE_LIMIT,
  FAMILY_PHONE_MESSAGES,
  sendPhoneCodeRequestSchema,
  verifyPhoneRequestSchema,
  type FamilyPhonesResponse,
} from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { limitByUser } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { FamilyPhonesService } from './family-phones.service.ts';

/** /api/santa/phones: the family's verified phones, and proving one by a code sent by text or call. */
export function createFamilyPhonesRouter(deps: { db: Db; familyPhones: FamilyPhonesService }) {
  const { familyPhones } = deps;
  const router = Router();
  router.use(requireUser);
  // Guessing codes is bounded per code (5 tries) and per account here.
  const tries = limitByUser(
    deps.db,
    'phone-verify',
    { limit: 30, windowMs: 60 * 60_000 },
    FAMILY_PHONE_MESSAGES.tooManyCodes,
  );

  router.get('/', async (req, res) => {
    const phones = await familyPhones.list(signedInUser(req).id);
    const body: FamilyPhonesResponse = {
      phones: phones.map((row) => ({
        phone: row.phone,
        verified_at: new Date(row.verified_at).toISOString(),
      })),
      limit: FAMILY_PHONE_LIMIT,
    };
    res.json(body);
  });

  router.post('/send-code', tries, async (req, res) => {
    const { phone, country, channel } = parseInput(sendPhoneCodeRequestSchema, req.body);
    const sentBy = await familyPhones.sendCode({
      userId: signedInUser(req).id,
      phoneText: phone,
      country: country ?? undefined,
      channel,
      client: req.ip ?? 'unknown',
    });
    const message = sentBy === 'call' ? FAMILY_PHONE_MESSAGES.codeCalling : FAMILY_PHONE_MESSAGES.codeSent;
    res.json({ message, channel: sentBy });
  });

  router.post('/verify', tries, async (req, res) => {
    const { phone, code, country } = parseInput(verifyPhoneRequestSchema, req.body);
    await familyPhones.verify(signedInUser(req).id, phone, code, country ?? undefined);
    res.json({ message: FAMILY_PHONE_MESSAGES.verified });
  });

  router.delete('/:phone', async (req, res) => {
    await familyPhones.remove(signedInUser(req).id, String(req.params.phone));
    res.json({ message: 'Phone removed' });
  });

  return router;
}
