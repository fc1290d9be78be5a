import { Router } from 'express';
import type { Db } from '../../db/db.ts';
import { limitByIp, type LimitRule } from '../../http/rate-limit.ts';
import type { GoogleSignInService } from './google.service.ts';
import { rememberHandoff, rememberOAuthState, takeOAuthState } from './sign-in-binding.ts';

const SIGN_IN_FAILED = '/auth?error=google';
export const GOOGLE_STARTS_PER_IP: LimitRule = { limit: 100, windowMs: 15 * 60_000 };
const TOO_MANY_STARTS = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** GET /api/auth/google and its callback; both answer with redirects, never JSON. */
export function createGoogleAuthRouter(deps: {
  db: Db;
  google: GoogleSignInService;
  publicUrl: string;
  secureCookies: boolean;
}) {
  const { google, publicUrl, secureCookies } = deps;
  const router = Router();
  // Each start stores a state row, so anonymous starts are bounded per address.
  const starts = limitByIp(deps.db, 'google-start', GOOGLE_STARTS_PER_IP, TOO_MANY_STARTS);

  router.get('/google', starts, async (req, res) => {
    let started: { url: string; state: string };
    try {
      started = await google.start();
    } catch (error) {
      // Google unreachable (discovery) or the database down: the user lands back on sign-in.
      req.log.error({ err: error }, 'google sign-in could not start');
      return res.redirect(302, SIGN_IN_FAILED);
    }
    rememberOAuthState(res, started.state, secureCookies);
    res.redirect(302, started.url);
  });

  router.get('/google/callback', async (req, res) => {
    const browserState = takeOAuthState(req, res, secureCookies);
    const result = await google.finish(new URL(req.originalUrl, publicUrl), browserState);
    if (!result.ok) {
      req.log.warn({ reason: result.reason }, 'google sign-in refused');
      return res.redirect(302, SIGN_IN_FAILED);
    }
    // The hash keeps the one-time id out of server logs and Referer headers; the cookie binds it
    // to this browser.
    rememberHandoff(res, result.handoffId, secureCookies);
    res.redirect(302, `/dashboard#session_id=${encodeURIComponent(result.handoffId)}`);
  });

  return router;
}
