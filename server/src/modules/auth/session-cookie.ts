import type { CookieOptions, Response } from 'express';
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from '@santa/shared/constants';

/**
 * Spec §4: Path=/, 7 days, Secure, SameSite=None, HttpOnly. Plain http on a non-localhost host
 * cannot keep a Secure cookie, so there we fall back to SameSite=Lax (warned at start).
 */
export function sessionCookieOptions(secure: boolean): CookieOptions {
  return {
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS * 1000,
    httpOnly: true,
    secure,
    sameSite: secure ? 'none' : 'lax',
  };
}

export function setSessionCookie(res: Response, token: string, secure: boolean) {
  res.cookie(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

export function clearSessionCookie(res: Response, secure: boolean) {
  const { maxAge: _maxAge, ...options } = sessionCookieOptions(secure);
  res.clearCookie(SESSION_COOKIE, options);
}
