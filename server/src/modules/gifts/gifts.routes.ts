import { Router, type RequestHandler } from 'express';
import {
  giftCheckoutSchema,
  redeemGiftSchema,
  type AdminGifts,
  type GiftCheckoutResponse,
  type GiftView,
  type RedeemGiftResponse,
} from '@santa/shared/gifts';
import type { Db } from '../../db/db.ts';
import { limitByIp, type LimitRule } from '../../http/rate-limit.ts';
import { parseInput } from '../../http/validate.ts';
import { requireAdmin, requireUser, signedInUser } from '../auth/auth.middleware.ts';
import type { GiftUpkeep } from './gift-upkeep.ts';
import type { GiftsService } from './gifts.service.ts';

/** A redeem code is a secret in the address: no cache keeps the answer, no robot indexes it. */
const privateToRecipient: RequestHandler = (_req, res, next) => {
  res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow, noarchive' });
  next();
};

export interface GiftLimits {
  /** Each checkout is a Stripe request and a row: a buyer opens a few. */
  checkout: LimitRule;
  /** Opening and redeeming codes, per address: far below guessing 256-bit codes, above any family. */
  open: LimitRule;
}

export const GIFT_LIMITS: GiftLimits = {
  checkout: { limit: 20, windowMs: 60 * 60_000 },
  open: { limit: 60, windowMs: 15 * 60_000 },
};

/** /api/gifts: buy (anyone), open and redeem a code (the code is the proof), the admin's view. */
export function createGiftsRouter(deps: { db: Db; gifts: GiftsService; limits?: GiftLimits }) {
  const { gifts } = deps;
  const limits = deps.limits ?? GIFT_LIMITS;
  const router = Router();
  const busy = 'Too many requests from here. Please try again in a few minutes.';
  const checkouts = limitByIp(deps.db, 'gift-checkout', limits.checkout, busy);
  const opens = limitByIp(deps.db, 'gift-open', limits.open, busy);

  router.post('/checkout', checkouts, async (req, res) => {
    const input = parseInput(giftCheckoutSchema, req.body ?? {});
    const user = req.user;
    const buyer = user ? { id: user.id, email: user.email, name: user.name } : undefined;
    res.json((await gifts.createCheckout(buyer, input)) satisfies GiftCheckoutResponse);
  });

  router.post('/redeem', requireUser, opens, async (req, res) => {
    const input = parseInput(redeemGiftSchema, req.body ?? {});
    const user = signedInUser(req);
    res.json((await gifts.redeem(user, input.code)) satisfies RedeemGiftResponse);
  });

  router.get('/:code', privateToRecipient, opens, async (req, res) => {
    res.json((await gifts.view(String(req.params.code))) satisfies GiftView);
  });

  return router;
}

/** GET /api/admin/gifts: the admin's read-only view (counts, the latest gifts, no messages). */
export function createAdminGiftsRouter(deps: { upkeep: GiftUpkeep }) {
  const router = Router();
  router.get('/gifts', requireAdmin, async (_req, res) => {
    res.json((await deps.upkeep.adminSummary()) satisfies AdminGifts);
  });
  return router;
}
