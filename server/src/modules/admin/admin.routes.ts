import { Router, type Request } from 'express';
import multer from 'multer';
import { z } from 'zod';
import {
  generateCouponQuerySchema,
  giftMinutesRequestSchema,
  revokeDiscountRequestSchema,
  type CouponListResponse,
  type DiscountHistoryResponse,
  type GenerateCouponResponse,
  type GiftHistoryResponse,
  type MessageResponse,
} from '@santa/shared/admin';
import { saveSantaPromptRequestSchema } from '@santa/shared/santa-script';
import {
  scriptPreviewQuerySchema,
  scriptPreviewRequestSchema,
  testCallRequestSchema,
} from '@santa/shared/script-preview';
import type { Db } from '../../db/db.ts';
import { parseInput } from '../../http/validate.ts';
import { requireAdmin, signedInUser } from '../auth/auth.middleware.ts';
import { createAdminAccountsService } from './admin-accounts.service.ts';
import { createAdminContentService } from './admin-content.service.ts';
import {
  createAdminScriptPreviewService,
  type AdminScriptPreviewService,
} from './admin-script-preview.service.ts';
import type { AdminPorts } from './admin.ports.ts';
import { createAdminService, userNotFound, type AdminActor } from './admin.service.ts';

// Forms arrive as multipart (the spec's FormData) or urlencoded; both are small text fields.
const formFields = multer({ limits: { fields: 10, fieldSize: 64 * 1024, fileSize: 0, files: 0 } }).none();

const idSchema = z.uuid();

function userIdParam(req: Request): string {
  const result = idSchema.safeParse(req.params.id);
  if (!result.success) throw userNotFound();
  return result.data;
}

function actor(req: Request): AdminActor {
  const user = signedInUser(req);
  return { id: user.id, email: user.email };
}

/** The Santa's Script tab's look at one family's next call (decision 0038). */
function addScriptPreviewRoutes(router: Router, previews: AdminScriptPreviewService) {
  // The script as one family's next call would get it; POST previews the tab's unsaved draft.
  router.get('/santa-prompt/preview', async (req, res) => {
    const { user_id } = parseInput(scriptPreviewQuerySchema, req.query);
    res.json(await previews.preview(actor(req), user_id));
  });

  router.post('/santa-prompt/preview', async (req, res) => {
    const input = parseInput(scriptPreviewRequestSchema, req.body);
    res.json(await previews.preview(actor(req), input.user_id, input.prompt));
  });

  // The sandbox Santa plays the family's call in memory: never dialled, billed or kept (decision 0038).
  router.post('/santa-prompt/test-call', async (req, res) => {
    res.json(await previews.testCall(actor(req), parseInput(testCallRequestSchema, req.body)));
  });
}

/** /api/admin/*: every route checks the admin role on the server. */
export function createAdminRouter(db: Db, ports: AdminPorts) {
  const admin = createAdminService(db, ports);
  const accounts = createAdminAccountsService(db, ports);
  const content = createAdminContentService(db, ports);
  const router = Router();
  router.use(requireAdmin);
  addScriptPreviewRoutes(router, createAdminScriptPreviewService(db, ports));

  router.get('/users', async (_req, res) => {
    res.json(await admin.listUsers());
  });

  router.get('/users/:id', async (req, res) => {
    res.json(await admin.getUserDetail(userIdParam(req)));
  });

  // Call recovery fetches a missing call by itself; this is the admin's way to ask at once.
  router.post('/users/:id/sync-calls', async (req, res) => {
    res.json(await ports.calls.syncFromProvider(userIdParam(req)));
  });

  router.delete('/users/:id/phone', async (req, res) => {
    const body: MessageResponse = { message: await accounts.deletePhoneNumber(actor(req), userIdParam(req)) };
    res.json(body);
  });

  router.delete('/users/:id', async (req, res) => {
    const body: MessageResponse = { message: await accounts.deleteUser(actor(req), userIdParam(req)) };
    res.json(body);
  });

  router.get('/discount-history/:id', async (req, res) => {
    const body: DiscountHistoryResponse = { history: await admin.discountHistory(userIdParam(req)) };
    res.json(body);
  });

  router.get('/gift-history/:id', async (req, res) => {
    const body: GiftHistoryResponse = { gifts: await admin.giftHistory(userIdParam(req)) };
    res.json(body);
  });

  router.post('/gift-minutes', formFields, async (req, res) => {
    const input = parseInput(giftMinutesRequestSchema, req.body);
    const body: MessageResponse = { message: await admin.giftMinutes(actor(req), input) };
    res.json(body);
  });

  router.post('/revoke-discount', formFields, async (req, res) => {
    const input = parseInput(revokeDiscountRequestSchema, req.body);
    const body: MessageResponse = { message: await admin.revokeDiscount(actor(req), input) };
    res.json(body);
  });

  // How many calls the safety read flagged, per reason; what was said stays with the families.
  router.get('/safety-flags', async (_req, res) => {
    res.json(await ports.safety.flagCounts());
  });

  router.get('/santa-prompt', async (_req, res) => {
    res.json(await content.getPrompt());
  });

  router.post('/santa-prompt', formFields, async (req, res) => {
    const { prompt } = parseInput(saveSantaPromptRequestSchema, req.body);
    res.json(await content.savePrompt(actor(req), prompt));
  });

  router.get('/coupons/list', async (_req, res) => {
    const body: CouponListResponse = { coupons: await content.listCoupons() };
    res.json(body);
  });

  router.post('/coupons/generate', async (req, res) => {
    const query = parseInput(generateCouponQuerySchema, req.query);
    const body: GenerateCouponResponse = { coupon: await content.generateCoupon(actor(req), query) };
    res.status(201).json(body);
  });

  return router;
}
