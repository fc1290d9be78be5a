import { Router, type RequestHandler } from 'express';
import multer from 'multer';
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
}) {
  const { profile, sample, hotline } = deps;
  const router = Router();
  router.use(requireUser);

  router.get('/kid-profile', async (req, res) => {
    res.json(presentProfileResponse(await profile.findProfileByUserId(signedInUser(req).id)));
  });

  router.post('/kid-profile', profileForm, async (req, res) => {
    const input = parseInput(kidProfileRequestSchema, req.body);
    const saved = await profile.saveProfile(signedInUser(req).id, input);
    res.status(saved.created ? 201 : 200).json(presentProfileResponse(saved.profile));
  });

  router.get('/sample-call-status', async (req, res) => {
    res.json(await sample.getStatus(signedInUser(req).id));
  });

  router.post('/use-sample-call', async (req, res) => {
    res.json(await sample.useSample(signedInUser(req).id));
  });

  router.get('/hotline-number', async (req, res) => {
    res.json(await hotline.getHotlineNumber(signedInUser(req).id));
  });

  return router;
}
