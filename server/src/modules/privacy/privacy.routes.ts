import { Router, type Request, type Response } from 'express';
import { SESSION_COOKIE } from '@santa/shared/constants';
import {
  consentRequestSchema,
  deletionConfirmationSchema,
  type ConsentStatus,
  type DeletionConfirmation,
  type DataExportStatus,
} from '@santa/shared/privacy';
import type { Db } from '../../db/db.ts';
import { AppError, notSignedIn } from '../../http/errors.ts';
import { limitByUser } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { SessionUser } from '../../http/session-user.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import type { ConsentService } from './consent.service.ts';
import type { ErasureService } from './erasure.service.ts';
import type { ExportService } from './export.service.ts';

export interface PrivacyRouterDeps {
  db: Db;
  consent: ConsentService;
  exports: ExportService;
  erasure: ErasureService;
  /** The auth module's check of the parent's password (or DELETE and a recent sign-in). */
  confirmIdentity(
    user: SessionUser,
    sessionToken: string,
    input: DeletionConfirmation,
    client: string,
  ): Promise<void>;
  secureCookies: boolean;
}

/** A family may ask for a few downloads a day; each one zips every recording. */
const EXPORTS_PER_DAY = { limit: 5, windowMs: 24 * 60 * 60 * 1000 };

function sendArchive(res: Response, archive: Buffer) {
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', 'attachment; filename="santa-calls-family-data.zip"');
  res.send(archive);
}

/** Account → Privacy: the notice agreement, the family's download, and the parent's deletions. */
export function createPrivacyRouter(deps: PrivacyRouterDeps) {
  const { consent, exports, erasure } = deps;
  const router = Router();

  /** The emailed link works without a session: the token is the proof, until it expires. */
  router.get('/exports/download/:token', async (req, res) => {
    sendArchive(res, await exports.openByToken(String(req.params.token)));
  });

  router.use(requireUser);

  async function confirmed(req: Request): Promise<SessionUser> {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    const user = signedInUser(req);
    if (typeof token !== 'string') throw notSignedIn();
    const input = parseInput(deletionConfirmationSchema, req.body ?? {});
    await deps.confirmIdentity(user, token, input, req.ip ?? 'unknown');
    return user;
  }

  router.get('/consent', async (req, res) => {
    res.json((await consent.status(signedInUser(req).id)) satisfies ConsentStatus);
  });

  router.post('/consent', async (req, res) => {
    const { id } = signedInUser(req);
    const input = parseInput(consentRequestSchema, req.body);
    await consent.recordBeforeCall(id, input.notice_version);
    res.status(201).json((await consent.status(id)) satisfies ConsentStatus);
  });

  router.get('/exports', async (req, res) => {
    res.json({ export: await exports.latest(signedInUser(req).id) } satisfies DataExportStatus);
  });

  router.post(
    '/exports',
    limitByUser(
      deps.db,
      'data-exports',
      EXPORTS_PER_DAY,
      'You have asked for several downloads today. Please try again tomorrow.',
    ),
    async (req, res) => {
      res
        .status(202)
        .json({ export: await exports.request(signedInUser(req).id) } satisfies DataExportStatus);
    },
  );

  router.get('/exports/latest/archive', async (req, res) => {
    sendArchive(res, await exports.openLatest(signedInUser(req).id));
  });

  router.delete('/calls/:id', async (req, res) => {
    const user = await confirmed(req);
    await erasure.deleteCall(user.id, String(req.params.id));
    res.json({ message: 'The call is deleted: its transcript, summary and recording are gone.' });
  });

  router.delete('/child-profile', async (req, res) => {
    const user = await confirmed(req);
    await erasure.deleteChildProfile(user.id);
    res.json({ message: "Your child's profile is deleted." });
  });

  router.delete('/account', async (req, res) => {
    const user = await confirmed(req);
    if (user.role === 'admin') throw new AppError('forbidden', "The admin's account is set by ADMIN_EMAIL.");
    await erasure.deleteAccount(user.id);
    clearSessionCookie(res, deps.secureCookies);
    res.json({ message: 'Your account and everything in it are deleted.' });
  });

  return router;
}
