import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';

const COOKIE = 'sandbox_pages_token';

function matches(given: unknown, token: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Production with ALLOW_SANDBOX=true: the sandbox mailbox and phone show every reset link and
 * code, so each /sandbox page and API asks for SANDBOX_PAGES_TOKEN. Opening a page once with
 * `?token=…` keeps it in an HttpOnly cookie for that browser; scripts may send X-Sandbox-Token.
 */
export function requireSandboxToken(token: string, secure: boolean): RequestHandler {
  return (req, res, next) => {
    const fromQuery = req.query.token;
    if (matches(fromQuery, token)) {
      res.cookie(COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/sandbox' });
      return next();
    }
    if (matches(req.get('x-sandbox-token'), token) || matches(req.cookies?.[COOKIE], token)) return next();
    res
      .status(403)
      .json({ detail: 'The sandbox pages need the SANDBOX_PAGES_TOKEN: open them once with ?token=…' });
  };
}
