import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { PROFILE_CONSENT_FIELD } from '@santa/shared/privacy';
import { kidProfileRequestSchema } from '@santa/shared/santa';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import { parseInput } from '../../http/validate.ts';
import type { HotlineService } from './hotline.service.ts';
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

export function createSantaRouter(deps: {
  profile: ProfileService;
  sample: SampleService;
  hotline: HotlineService;
  /** The Santa number is shown once the family agreed to the current privacy notice. */
  callConsent: { requireForCalls(userId: string): Promise<void> };
}) {
  const { profile, sample, hotline } = deps;
  const router = Router();
  router.use(requireUser);

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

  return router;
}
