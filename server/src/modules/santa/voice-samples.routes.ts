import { Router } from 'express';
import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import type { VoiceSamplesMadeResponse } from '@santa/shared/voice-samples';
import { AppError } from '../../http/errors.ts';
import { requireAdmin } from '../auth/auth.middleware.ts';
import type { VoiceSamplesService } from './voice-samples.service.ts';

const isPersonality = (value: string): value is SantaPersonality =>
  (SANTA_PERSONALITIES as readonly string[]).includes(value);

/**
 * /api/voice-samples: each Santa's voice, for anyone deciding (the landing page, pricing, the
 * first run); the admin makes them again after changing the agent's voice.
 */
export function createVoiceSamplesRouter(deps: { voiceSamples: VoiceSamplesService }) {
  const router = Router();

  router.get('/:personality', async (req, res) => {
    const personality = String(req.params.personality);
    if (!isPersonality(personality)) throw new AppError('not_found', 'No such Santa');
    const sample = await deps.voiceSamples.sample(personality);
    // The same for everyone, kept by browsers and caches, but asked about again each time (a 304
    // from memory) so a sample the admin made again is heard at once.
    res.set({ 'Cache-Control': 'public, no-cache', ETag: sample.etag });
    if (req.headers['if-none-match'] === sample.etag) return void res.status(304).end();
    res.type(sample.contentType).send(sample.audio);
  });

  router.post('/', requireAdmin, async (_req, res) => {
    res.json({ made: await deps.voiceSamples.remake() } satisfies VoiceSamplesMadeResponse);
  });

  return router;
}
