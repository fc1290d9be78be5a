import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { PROFILE_CONSENT_FIELD } from '@santa/shared/privacy';
import {
  kidProfileRequestSchema,
  pronunciationPreviewRequestSchema,
  SANTA_CONTACT_FILENAME,
} from '@santa/shared/santa';
import type { Db } from '../../db/db.ts';
import { limitByUser } from '../../http/rate-limit.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import { parseInput } from '../../http/validate.ts';
import type { HotlineService } from './hotline.service.ts';
import type { PronunciationService } from './pronunciation.service.ts';
import { santaContactCard } from './santa-contact.ts';
import { presentProfileResponse } from './profile.presenter.ts';
import type { ProfileService } from './profile.service.ts';
import type { SampleService } from './sample.service.ts';

/**
 * Text only, no files. A field may hold up to 1000 characters of up to 4 UTF-8 bytes each;
 * anything beyond that is not a profile and is refused before parsing.
 */
const profileForm: RequestHandler = multer({
  limits: { fields: 20, fieldNameSize: 64, fieldSize: 4 * 1024, files: 0, parts: 20 },
}).none();

export const PREVIEW_LIMIT = { limit: 30, windowMs: 60 * 60_000 } as const;
export const PREVIEW_LIMIT_MESSAGE =
  'Santa has practised the name a lot this hour. Please try the preview again later.';

export function createSantaRouter(deps: {
  db: Db;
  profile: ProfileService;
  sample: SampleService;
  hotline: HotlineService;
  /** The Santa number is shown once the family agreed to the current privacy notice. */
  callConsent: { requireForCalls(userId: string): Promise<void> };
  pronunciation: PronunciationService;
  publicUrl: string;
}) {
  const { profile, sample, hotline, pronunciation } = deps;
  const router = Router();
  router.use(requireUser);
  // Each real preview is a paid text-to-speech request at the voice provider.
  const previews = limitByUser(deps.db, 'pronunciation-preview', PREVIEW_LIMIT, PREVIEW_LIMIT_MESSAGE);

  router.get('/kid-profile', async (req, res) => {
    res.json(presentProfileResponse(await profile.findProfileByUserId(signedInUser(req).id)));
  });

  router.post('/kid-profile', profileForm, async (req, res) => {
    const input = parseInput(kidProfileRequestSchema, req.body);
    const agreed: unknown = (req.body as Record<string, unknown>)[PROFILE_CONSENT_FIELD];
    const saved = await profile.saveProfile(
      signedInUser(req).id,
      input,
      typeof agreed === 'string' && agreed ? agreed : undefined,
    );
    res.status(saved.created ? 201 : 200).json(presentProfileResponse(saved.profile));
  });

  router.get('/sample-call-status', async (req, res) => {
    res.json(await sample.getStatus(signedInUser(req).id));
  });

  router.post('/use-sample-call', async (req, res) => {
    res.json(await sample.useSample(signedInUser(req).id));
  });

  router.get('/hotline-number', async (req, res) => {
    const { id } = signedInUser(req);
    const line = await hotline.getHotlineNumber(id);
    await deps.callConsent.requireForCalls(id);
    res.json(line);
  });

  /** "Add Santa to contacts": his number (the family's own line on a pass) and his picture. */
  router.get('/contact.vcf', async (req, res) => {
    const { id } = signedInUser(req);
    const line = await hotline.getHotlineNumber(id);
    await deps.callConsent.requireForCalls(id);
    const card = santaContactCard(line, deps.publicUrl);
    // attachment() would label it text/x-vcard; text/vcard is the registered type (RFC 6350).
    res.attachment(SANTA_CONTACT_FILENAME).type('text/vcard; charset=utf-8').send(card);
  });

  /** audio/mpeg in Santa's voice, or JSON telling the browser to speak the line itself. */
  router.post('/pronunciation-preview', previews, async (req, res) => {
    const input = parseInput(pronunciationPreviewRequestSchema, req.body);
    const preview = await pronunciation.preview(input);
    if ('audio' in preview) res.type('audio/mpeg').send(preview.audio);
    else res.json(preview);
  });

  return router;
}
