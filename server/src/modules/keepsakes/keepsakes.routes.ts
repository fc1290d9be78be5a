import { Router, type RequestHandler, type Response } from 'express';
import {
  createShareLinkSchema,
  type CreatedShareLink,
  type Keepsake,
  type ShareLinks,
} from '@santa/shared/keepsakes';
import type { Db } from '../../db/db.ts';
import { limitByIp, limitByUser, type LimitRule } from '../../http/rate-limit.ts';
import { sendRecording } from '../../http/send-recording.ts';
import { parseInput } from '../../http/validate.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { Certificate, KeepsakesService } from './keepsakes.service.ts';

export interface KeepsakeLimits {
  /** Links a parent may make, across their calls. */
  create: LimitRule;
  /** A listener's page and certificate, per address. */
  open: LimitRule;
  /** A listener's audio player asks for a range at a time, so it gets more. */
  stream: LimitRule;
}

export const KEEPSAKE_LIMITS: KeepsakeLimits = {
  create: { limit: 30, windowMs: 60 * 60_000 },
  open: { limit: 60, windowMs: 15 * 60_000 },
  stream: { limit: 600, windowMs: 15 * 60_000 },
};

/** A shared call is for the family's people, not for search engines or any cache on the way. */
export const privateToListener: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow, noarchive' });
  next();
};

function sendCertificate(res: Response, certificate: Certificate) {
  const name = (certificate.childName ?? 'santa').replace(/[^A-Za-z0-9-]/g, '') || 'santa';
  res.set({
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="nice-list-certificate-${name.toLowerCase()}.pdf"`,
  });
  res.end(Buffer.from(certificate.pdf));
}

/** /api/calls/:id/share-links and /certificate: the parent's side, on their own calls. */
export function createShareLinksRouter(deps: {
  db: Db;
  keepsakes: KeepsakesService;
  limits?: KeepsakeLimits;
}) {
  const { keepsakes } = deps;
  const limits = deps.limits ?? KEEPSAKE_LIMITS;
  const router = Router();
  const creations = limitByUser(
    deps.db,
    'share-links',
    limits.create,
    'You have made many links in the last hour. Please try again later.',
  );

  router.get('/:id/share-links', requireUser, async (req, res) => {
    res.json((await keepsakes.list(signedInUser(req).id, String(req.params.id))) satisfies ShareLinks);
  });

  router.post('/:id/share-links', requireUser, creations, async (req, res) => {
    const input = parseInput(createShareLinkSchema, req.body ?? {});
    const link = await keepsakes.create(signedInUser(req).id, String(req.params.id), input.expires_in_days);
    res.status(201).json({ link } satisfies { link: CreatedShareLink });
  });

  router.delete('/:id/share-links/:linkId', requireUser, async (req, res) => {
    await keepsakes.revoke(signedInUser(req).id, String(req.params.id), String(req.params.linkId));
    res.json({ message: 'The link is turned off. Anyone opening it now is told it has ended.' });
  });

  router.get('/:id/certificate', requireUser, async (req, res) => {
    sendCertificate(res, await keepsakes.certificateFor(signedInUser(req).id, String(req.params.id)));
  });

  return router;
}

/** /api/keepsakes/:token: the listener's side. No account: the token is the proof, until it ends. */
export function createKeepsakeRouter(deps: { db: Db; keepsakes: KeepsakesService; limits?: KeepsakeLimits }) {
  const { keepsakes } = deps;
  const limits = deps.limits ?? KEEPSAKE_LIMITS;
  const router = Router();
  const busy = 'This keepsake has been opened many times from here. Please try again in a few minutes.';
  const opens = limitByIp(deps.db, 'keepsake-open', limits.open, busy);
  const streams = limitByIp(deps.db, 'keepsake-stream', limits.stream, busy);
  router.use(privateToListener);

  router.get('/:token', opens, async (req, res) => {
    res.json((await keepsakes.open(String(req.params.token))) satisfies Keepsake);
  });

  router.get('/:token/recording', streams, async (req, res) => {
    await sendRecording(req, res, await keepsakes.openRecording(String(req.params.token)));
  });

  router.get('/:token/certificate', opens, async (req, res) => {
    sendCertificate(res, await keepsakes.certificateByToken(String(req.params.token)));
  });

  return router;
}
