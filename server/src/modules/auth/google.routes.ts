import { Router } from 'express';
import type { GoogleSignInService } from './google.service.ts';

const SIGN_IN_FAILED = '/auth?error=google';

/** GET /api/auth/google and its callback; both answer with redirects, never JSON. */
export function createGoogleAuthRouter(deps: { google: GoogleSignInService; publicUrl: string }) {
  const { google, publicUrl } = deps;
  const router = Router();

  router.get('/google', async (req, res) => {
    let url: string;
    try {
      url = await google.start();
    } catch (error) {
      // Google unreachable (discovery) or the database down: the user lands back on sign-in.
      req.log.error({ err: error }, 'google sign-in could not start');
      return res.redirect(302, SIGN_IN_FAILED);
    }
    res.redirect(302, url);
  });

  router.get('/google/callback', async (req, res) => {
    const result = await google.finish(new URL(req.originalUrl, publicUrl));
    if (!result.ok) {
      req.log.warn({ reason: result.reason }, 'google sign-in refused');
      return res.redirect(302, SIGN_IN_FAILED);
    }
    // The hash keeps the one-time id out of server logs and Referer headers.
    res.redirect(302, `/dashboard#session_id=${encodeURIComponent(result.handoffId)}`);
  });

  return router;
}
