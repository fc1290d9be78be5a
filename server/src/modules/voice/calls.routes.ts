import type { Db } from '../../db/db.ts';
import type { FamiliesReadPart } from '../../db/families-read.ts';
import { limitByUser, type LimitRule } from '../../http/rate-limit.ts';
import { Router } from 'express';
import type { SessionUser } from '../../http/session-user.ts';
import { requireUser, signedInUser } from '../auth/auth.middleware.ts';
import { sendRecording } from '../../http/send-recording.ts';
import { callHistoryQuerySchema, type BrowserCallStarted, type CallHistory } from '@santa/shared/calls';
import { parseInput } from '../../http/validate.ts';
import type { CallSafety } from '@santa/shared/safety';
import type { PurchaseRecordingResponse } from '@santa/shared/payments';
import type { CallsService } from './calls.service.ts';
import { presentCall } from './call.presenter.ts';
import type { NamedChild } from '../children/attribution.ts';
import type { CallColumn } from './call-records.repository.ts';

/** Each sync pages through the parent's conversations at ElevenLabs. */
export const SYNC_LIMIT: LimitRule = { limit: 10, windowMs: 15 * 60_000 };
const SYNC_TOO_OFTEN = 'Calls were synced a moment ago. Please wait a few minutes before syncing again.';

/** A browser call may be started this often: each one asks the voice agent for a signed URL. */
export const BROWSER_CALL_LIMIT: LimitRule = { limit: 20, windowMs: 15 * 60_000 };
const BROWSER_CALLS_TOO_OFTEN = 'Santa has been called many times in a few minutes. Please wait a little.';

/** Starts a recording checkout (the payments module's). */
export type PurchaseRecording = (user: SessionUser, callId: string) => Promise<PurchaseRecordingResponse>;

/** /api/calls: the signed-in parent's own calls, one router. */
export function createCallsRouter(deps: {
  calls: CallsService;
  /** The voice module's browser calls. */
  browserCalls: { start(userId: string): Promise<BrowserCallStarted> };
  /** The call-safety module's read of each call, in the history's statement: a flagged call's banner. */
  safety: { historyColumn: CallColumn<CallSafety | null> };
  purchaseRecording: PurchaseRecording;
  db: Db;
  /**
   * The children module: each call shows the name of the child who spoke (decision 0024), read in
   * the history's statement.
   */
  children: { familyRead: FamiliesReadPart<{ children: NamedChild[] } | undefined> };
  syncLimit?: LimitRule;
  browserCallLimit?: LimitRule;
}): Router {
  const { calls: media, db } = deps;
  const router = Router();
  const syncs = limitByUser(db, 'call-sync', deps.syncLimit ?? SYNC_LIMIT, SYNC_TOO_OFTEN);
  const browserStarts = limitByUser(
    db,
    'browser-call',
    deps.browserCallLimit ?? BROWSER_CALL_LIMIT,
    BROWSER_CALLS_TOO_OFTEN,
  );

  /** POST /api/calls/browser: minutes reserved, a one-time signed URL for the official client. */
  router.post('/browser', requireUser, browserStarts, async (req, res) => {
    res.status(201).json(await deps.browserCalls.start(signedInUser(req).id));
  });

  router.get('/history', requireUser, async (req, res) => {
    const userId = signedInUser(req).id;
    const { child } = parseInput(callHistoryQuerySchema, req.query);
    const { calls, family } = await media.listHistory(userId, child, {
      column: deps.safety.historyColumn,
      family: deps.children.familyRead,
    });
    const body: CallHistory = {
      calls: calls.map((row) => presentCall(row, row.column, family?.children)),
    };
    res.json(body);
  });

  router.post('/:id/purchase-recording', requireUser, async (req, res) => {
    res.json(await deps.purchaseRecording(signedInUser(req), String(req.params.id)));
  });

  router.post('/sync-from-elevenlabs', requireUser, syncs, async (req, res) => {
    res.json(await media.syncFromProvider(signedInUser(req).id));
  });

  router.get('/:id/recording', requireUser, async (req, res) => {
    await sendRecording(req, res, await media.openRecording(signedInUser(req).id, String(req.params.id)));
  });

  return router;
}
