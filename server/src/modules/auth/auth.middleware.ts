import type { RequestHandler } from 'express';
import { SESSION_COOKIE } from '@santa/shared/constants';
import { AppError, notSignedIn } from '../../http/errors.ts';
import type { AuthService } from './auth.service.ts';

/** Attaches the signed-in user, if any, to every API request. */
export function loadUser(auth: AuthService): RequestHandler {
  return async (req, _res, next) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    req.user = await auth.authenticate(typeof token === 'string' ? token : undefined);
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.user ? undefined : notSignedIn());
};

/** The role is checked on the server for every admin route. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(notSignedIn());
  if (req.user.role !== 'admin') {
    return next(new AppError('forbidden', 'Access denied. Admin privileges required.'));
  }
  next();
};

/** For route handlers behind requireUser. */
export function signedInUser(req: Parameters<RequestHandler>[0]) {
  if (!req.user) throw notSignedIn();
  return req.user;
}
