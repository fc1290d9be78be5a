import { timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { GOOGLE_CALLBACK_PATH } from '../../providers/google/google-provider.ts';

/** How long a Google sign-in may take, from the redirect to the callback. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;

/**
 * Ties a Google sign-in to the browser that started it (login CSRF): the OAuth state and then the
 * one-time handoff id travel in short-lived HttpOnly cookies as well as in the URL, and both must
 * match. A link carrying someone else's callback or handoff id fails in any other browser, so it
 * cannot sign a victim into the attacker's account. SameSite=Lax, because Google's redirect back
 * is a top-level navigation from another site.
 */
export const OAUTH_STATE_COOKIE = 'oauth_state';
export const HANDOFF_COOKIE = 'sign_in_handoff';
const EXCHANGE_PATH = '/api/auth/session';
const HANDOFF_COOKIE_SECONDS = 5 * 60;

function options(path: string, secure: boolean, seconds?: number) {
  return {
    path,
    httpOnly: true,
    secure,
    sameSite: 'lax' as const,
    ...(seconds === undefined ? {} : { maxAge: seconds * 1000 }),
  };
}

export function rememberOAuthState(res: Response, state: string, secure: boolean) {
  res.cookie(OAUTH_STATE_COOKIE, state, options(GOOGLE_CALLBACK_PATH, secure, OAUTH_STATE_TTL_SECONDS));
}

export function takeOAuthState(req: Request, res: Response, secure: boolean): string | undefined {
  res.clearCookie(OAUTH_STATE_COOKIE, options(GOOGLE_CALLBACK_PATH, secure));
  return cookieOf(req, OAUTH_STATE_COOKIE);
}

export function rememberHandoff(res: Response, handoffId: string, secure: boolean) {
  res.cookie(HANDOFF_COOKIE, handoffId, options(EXCHANGE_PATH, secure, HANDOFF_COOKIE_SECONDS));
}

export function takeHandoff(req: Request, res: Response, secure: boolean): string | undefined {
  res.clearCookie(HANDOFF_COOKIE, options(EXCHANGE_PATH, secure));
  return cookieOf(req, HANDOFF_COOKIE);
}

function cookieOf(req: Request, name: string): string | undefined {
  const value: unknown = req.cookies?.[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Constant-time comparison of two secrets that may differ in length. */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
