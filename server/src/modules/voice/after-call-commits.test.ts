/**
 * Decision 0042: the after-call job's writes commit without waiting for the disk (the queue runs
 * it again whole if a crash loses them), and nothing a webhook answers for does.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import type { Db } from '../../db/db.ts';

/** The statements sent through the app's database with deferred commits, since the last reset. */
const deferredStatements: string[] = [];
function recordingDeferred(inner: Db): Db {
  const target = inner.withDeferredCommits();
  const record = (sql: unknown) =>
    deferredStatements.push(typeof sql === 'string' ? sql : (sql as { text: string }).text);
  const deferred: Db = {
    ...target,
    query: (sql, params) => (record(sql), target.query(sql, params)),
    exec: (sql) => (record(sql), target.exec(sql)),
    transaction: (fn) => (record('begin'), target.transaction(fn)),
    script: (sql, params) => (record(sql), target.script(sql, params)),
    withDeferredCommits: () => deferred,
  };
  return { ...inner, withDeferredCommits: () => deferred };
}

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ workers: false, appDb: recordingDeferred });
});
afterAll(() => ctx.close());

/** A finished call on a family's plan, its webhooks answered: its after-call job's data. */
async function finishedCall(): Promise<object> {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  const conversationId = `conv_deferred_${call.CallSid}`;
  await postTwilio(ctx, 'inbound', call);
  await postTwilio(ctx, 'status', { ...call, CallStatus: 'completed', CallDuration: '240' });
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid, userId: user.id }));
  return { conversationId, kidName: 'Emma', providerSummary: null, giftsGiving: null, avoidTopics: [] };
}

test('a call’s webhooks write nothing that does not wait for the disk', async () => {
  deferredStatements.splice(0);
  await finishedCall();
  expect(deferredStatements).toEqual([]);
});

test('the after-call job writes the summary, memories and recap without waiting for the disk', async () => {
  const job = await finishedCall();
  deferredStatements.splice(0);
  await ctx.services.voice.postCall.writeSummary(job as never);
  expect(deferredStatements.some((sql) => sql.includes('update calls set summary'))).toBe(true);
});

test('the after-call job stores the safety read without waiting for the disk', async () => {
  const job = await finishedCall();
  deferredStatements.splice(0);
  await ctx.services.callSafety.reviewCall(job as never);
  expect(deferredStatements.some((sql) => sql.includes('insert into call_safety_reviews'))).toBe(true);
});
