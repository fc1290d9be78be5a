import { Router } from 'express';
import { recordingRetentionChoiceSchema, type RecordingRetention } from '@santa/shared/retention-policy';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { RetentionService } from './retention.service.ts';

/** /api/privacy/retention: how long the family's recordings are kept. */
export function createRetentionRouter(deps: {
  retention: Pick<RetentionService, 'recordingRetention' | 'chooseRecordingRetention'>;
}) {
  const router = Router();
  router.use(requireUser);

  router.get('/', async (req, res) => {
    res.json((await deps.retention.recordingRetention(signedInUser(req).id)) satisfies RecordingRetention);
  });

  router.put('/', async (req, res) => {
    const choice = parseInput(recordingRetentionChoiceSchema, req.body);
    res.json(
      (await deps.retention.chooseRecordingRetention(
        signedInUser(req).id,
        choice,
      )) satisfies RecordingRetention,
    );
  });

  return router;
}
