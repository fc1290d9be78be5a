import { Router, type Request } from 'express';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  PASSWORD_RESET_MINUTES,
  resetPasswordRequestSchema,
  verifyEmailRequestSchema,
  type MessageResponse,
  type VerifyEmailResponse,
} from '@santa/shared/auth';
import { SESSION_COOKIE } from '@santa/shared/constants';
import type { Db } from '../../db/db.ts';
import { notSignedIn } from '../../http/errors.ts';
import { limitByIp, limitByKey, limitByUser, type LimitRule } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccountService } from './account.service.ts';
import { requireUser } from './auth.middleware.ts';

const TOO_MANY = 'Too many requests. Please wait a few minutes and try again.';
const HOUR = 60 * 60_000;
/** However many people ask, one inbox gets at most this many reset emails an hour. */
const RESETS_PER_ADDRESS: LimitRule = { limit: 5, windowMs: HOUR };
/** Links a signed-in parent may have sent to addresses of their choosing. */
const LINKS_PER_USER: LimitRule = { limit: 10, windowMs: HOUR };

const FORGOT_ANSWER = `If an account uses that address, we have sent it a link to choose a new password. The link works for ${PASSWORD_RESET_MINUTES} minutes.`;

/** /api/auth/password/* and /api/auth/email/*: the account actions that go through an email. */
export function createAccountRouter(deps: { db: Db; account: AccountService; perIp: LimitRule }) {
  const { db, account } = deps;
  const router = Router();
  // Every reset request counts (they always succeed), so this is sign-in's limit over all of them.
  const forgotPerIp = limitByIp(db, 'forgot-password', deps.perIp, TOO_MANY);
  const forgotPerAddress = limitByKey(db, 'forgot-password', RESETS_PER_ADDRESS, TOO_MANY, (req) =>
    String((req.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase(),
  );
  // Guessing a link's token is hopeless (256 bits); failures still count like sign-in's.
  const failuresPerIp = limitByIp(db, 'account-links', deps.perIp, TOO_MANY, { countSuccesses: false });
  const linksPerUser = limitByUser(db, 'account-links', LINKS_PER_USER, TOO_MANY);

  router.post('/password/forgot', forgotPerIp, forgotPerAddress, async (req, res) => {
    const input = parseInput(forgotPasswordRequestSchema, req.body);
    await account.requestPasswordReset(input.email);
    res.json({ message: FORGOT_ANSWER } satisfies MessageResponse);
  });

  router.post('/password/reset', failuresPerIp, async (req, res) => {
    await account.resetPassword(parseInput(resetPasswordRequestSchema, req.body));
    res.json({ message: 'Your password is changed. Sign in with the new one.' } satisfies MessageResponse);
  });

  router.post('/password/change', async (req, res) => {
    const { user, token } = signedInSession(req);
    const input = parseInput(changePasswordRequestSchema, req.body);
    await account.changePassword(user, token, input, req.ip ?? 'unknown');
    res.json({ message: 'Password changed. Your other devices are signed out.' } satisfies MessageResponse);
  });

  router.post('/email/change', requireUser, linksPerUser, async (req, res) => {
    const { user } = signedInSession(req);
    const input = parseInput(changeEmailRequestSchema, req.body);
    await account.requestEmailChange(user, input, req.ip ?? 'unknown');
    res.status(202).json({
      message: `We sent a link to ${input.new_email}. Your address changes when you open it; until then you keep using ${user.email}.`,
    } satisfies MessageResponse);
  });

  router.post('/email/resend-verification', requireUser, linksPerUser, async (req, res) => {
    const { user } = signedInSession(req);
    await account.resendVerification(user);
    res.status(202).json({ message: `We sent a new link to ${user.email}.` } satisfies MessageResponse);
  });

  router.post('/email/verify', failuresPerIp, async (req, res) => {
    const { email } = await account.verifyEmail(parseInput(verifyEmailRequestSchema, req.body).token);
    res.json({ message: `Thank you! ${email} is confirmed.`, email } satisfies VerifyEmailResponse);
  });

  return router;
}

/** The signed-in user and the cookie token of this request's session. */
function signedInSession(req: Request): { user: NonNullable<Request['user']>; token: string } {
  const token: unknown = req.cookies?.[SESSION_COOKIE];
  if (!req.user || typeof token !== 'string') throw notSignedIn();
  return { user: req.user, token };
}
