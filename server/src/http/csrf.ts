import type { RequestHandler } from 'express';
import { AppError } from './errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * The session cookie is SameSite=None, so a state-changing request must prove it comes from our
 * own pages: an allowed Origin (or Referer), and never Sec-Fetch-Site: cross-site.
 * Webhooks are mounted before this middleware and verify signatures instead.
 */
export function requireSameOrigin(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = originOf(req.get('origin')) ?? originOf(req.get('referer'));
    if (req.get('sec-fetch-site') === 'cross-site' || !origin || !allowed.has(origin)) {
      return next(new AppError('forbidden', 'Request origin not allowed'));
    }
    next();
  };
}
