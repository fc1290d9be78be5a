import { createGoogleAuthRouter } from './google.routes.ts';
import type { GoogleSignInService } from './google.service.ts';
import { Router, type Request } from 'express';
import { loginRequestSchema, registerRequestSchema, type DeviceSessionsResponse } from '@santa/shared/auth';
import { SESSION_COOKIE } from '@santa/shared/constants';
import type { Db } from '../../db/db.ts';
import { AppError, notSignedIn } from '../../http/errors.ts';
import { limitByIp, type LimitRule } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import { createAccountRouter } from './account.routes.ts';
import type { AccountService } from './account.service.ts';
import type { AuthService, SignedIn } from './auth.service.ts';
import { describeDevice } from './device.ts';
import { clearSessionCookie, setSessionCookie } from './session-cookie.ts';
import { sameSecret, takeHandoff } from './sign-in-binding.ts';
import { presentUser } from './user.presenter.ts';
import { isUuid } from '../../db/uuid.ts';

export interface AuthRateLimits {
  /** Failed sign-ins, sign-ups and handoffs per address; successes never count. */
  perIp: LimitRule;
}

/**
 * Families share carrier NATs, so the per-address limit stays generous and counts only failures;
 * guessing one account's password is slowed per account and client (sign-in-throttle.ts).
 */
export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIp: { limit: 100, windowMs: 15 * 60_000 },
};

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** /api/auth: email sign-up and sign-in, sessions and devices, and Google sign-in. */
export function createAuthRouter(deps: {
  db: Db;
  auth: AuthService;
  account: AccountService;
  google: GoogleSignInService;
  publicUrl: string;
  secureCookies: boolean;
  rateLimits: AuthRateLimits;
}) {
  const { auth, secureCookies } = deps;
  const router = Router();
  router.use(
    createGoogleAuthRouter({ db: deps.db, google: deps.google, publicUrl: deps.publicUrl, secureCookies }),
  );
  const perIp = limitByIp(deps.db, 'auth', deps.rateLimits.perIp, TOO_MANY, { countSuccesses: false });
  router.use(createAccountRouter({ db: deps.db, account: deps.account, perIp: deps.rateLimits.perIp }));

  const signedIn = (res: Parameters<Parameters<typeof router.post>[1]>[1], result: SignedIn) => {
    setSessionCookie(res, result.sessionToken, secureCookies);
    return { session_token: result.sessionToken, user: presentUser(result.user) };
  };

  router.post('/register', perIp, async (req, res) => {
    const input = parseInput(registerRequestSchema, req.body);
    res.status(201).json(signedIn(res, await auth.register(input, describeDevice(req.get('user-agent')))));
  });

  router.post('/login', perIp, async (req, res) => {
    const input = parseInput(loginRequestSchema, req.body);
    res.json(
      signedIn(res, await auth.login(input, req.ip ?? 'unknown', describeDevice(req.get('user-agent')))),
    );
  });

  router.get('/me', (req, res) => {
    if (!req.user) throw notSignedIn();
    res.json({ user: presentUser(req.user) });
  });

  // Who is here, if anyone: for pages open to all, where being signed out is an answer rather
  // than an error (a 401 would be logged in every visitor's console).
  router.get('/current-user', (req, res) => {
    res.json({ user: req.user ? presentUser(req.user) : null });
  });

  router.post('/logout', async (req, res) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    await auth.logout(typeof token === 'string' ? token : undefined);
    clearSessionCookie(res, secureCookies);
    res.json({ message: 'Logged out' });
  });

  router.get('/session', perIp, async (req, res) => {
    const handoffId = req.get('x-session-id') ?? undefined;
    const browserHandoff = takeHandoff(req, res, secureCookies);
    // A handoff id from a link that this browser's own sign-in did not produce is refused.
    const result = await auth.exchangeHandoff(
      sameSecret(handoffId, browserHandoff) ? handoffId : undefined,
      describeDevice(req.get('user-agent')),
    );
    res.json(signedIn(res, result));
  });

  router.get('/sessions', async (req, res) => {
    const { user, token } = signedInSession(req);
    const rows = await auth.listSessions(user.id, token);
    const body: DeviceSessionsResponse = {
      sessions: rows.map((row) => ({
        id: row.id,
        device: row.device || 'Unknown device',
        created_at: new Date(row.created_at).toISOString(),
        last_seen_at: new Date(row.last_seen_at).toISOString(),
        current: row.current,
      })),
    };
    res.json(body);
  });

  router.delete('/sessions/:id', async (req, res) => {
    const { user } = signedInSession(req);
    const id = String(req.params.id);
    if (!isUuid(id) || !(await auth.revokeSession(user.id, id))) {
      throw new AppError('not_found', 'No such signed-in device');
    }
    res.json({ message: 'Signed out on that device' });
  });

  router.post('/sessions/sign-out-others', async (req, res) => {
    const { user, token } = signedInSession(req);
    const count = await auth.signOutOtherDevices(user.id, token);
    res.json({
      message: count === 1 ? 'Signed out on 1 other device' : `Signed out on ${count} other devices`,
    });
  });

  return router;
}

/** The signed-in user and the cookie token of this request's session. */
function signedInSession(req: Request): { user: NonNullable<Request['user']>; token: string } {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  if (!req.user || typeof token !== 'string') throw notSignedIn();
  return { user: req.user, token };
}
