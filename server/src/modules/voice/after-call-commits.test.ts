/**
 * Decision 0042: the after-call job's writes commit without waiting for the disk (the queue runs
 * it again whole if a crash loses them), and nothing a webhook answers for does.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  afterCallJob,
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { countingDb, type CountingDb } from '../../../test/fixtures/counting-db.ts';
import type { Db } from '../../db/db.ts';
import type { AfterCallJob } from './after-call-job.ts';

/** The statements sent through the app's database with deferred commits, counted apart. */
let deferred: CountingDb;
function countingDeferred(inner: Db): Db {
  deferred = countingDb(inner.withDeferredCommits());
  return { ...inner, withDeferredCommits: () => deferred.db };
}

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ workers: false, appDb: countingDeferred });
});
afterAll(() => ctx.close());

/** A finished call on a family's plan, its webhooks answered: its after-call job's data. */
async function finishedCall(): Promise<AfterCallJob> {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const call = inboundCall(parentPhone, HOTLINE);
  const conversationId = `conv_deferred_${call.CallSid}`;
  await postTwilio(ctx, 'inbound', call);
  await postTwilio(ctx, 'status', { ...call, CallStatus: 'completed', CallDuration: '240' });
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid, userId: user.id }));
  return afterCallJob(conversationId);
}

test('a call’s webhooks write nothing that does not wait for the disk', async () => {
  deferred.reset();
  await finishedCall();
  expect(deferred.statements).toEqual([]);
});

test('the after-call job writes the summary, memories, recap and safety read without waiting for the disk', async () => {
  const job = await finishedCall();
  deferred.reset();
  await ctx.services.voice.postCall.afterCall(job);
  const written = (table: string) => deferred.statements.some((sql) => sql.includes(table));
  expect(written('update calls set summary')).toBe(true);
  expect(written('insert into call_safety_reviews')).toBe(true);
});
