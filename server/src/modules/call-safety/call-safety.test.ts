import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { CallHistory } from '@santa/shared/calls';
import type { SantaMemory } from '@santa/shared/memory';
import { signInAsAdmin } from '../../../test/test-app.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import {
  afterCallJob,
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import type { LineModeration, Moderation } from '../../providers/moderation/moderation.ts';
import { NoModeration } from '../../providers/moderation/no-moderation.ts';
import { createAfterCallJob } from '../voice/after-call-job.ts';
import { findCallsAfterCall } from '../voice/after-call.repository.ts';
import { isReadSql } from './call-safety.repository.ts';
import { createCallSafetyService, type CallToRead } from './call-safety.service.ts';

/** Every log line the app writes, as text: the child's words must never be among them. */
const logged: string[] = [];
const logger = pino(
  { level: 'debug' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  }),
);

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ deps: { logger } });
});
afterAll(() => ctx.close());

/** A finished call whose transcript is these turns, stored and read by the queue's jobs. */
async function finishCall(turns: [role: 'agent' | 'user', message: string][], profile = {}) {
  const family = await connectedCall(ctx, { plan: 'subscription_3month', profile });
  const conversationId = uniqueConversationId('conv_safety');
  const payload = transcriptionPayload({ conversationId, callSid: family.callSid });
  payload.data.transcript = turns.map(([role, message], index) => ({
    role,
    message,
    time_in_call_secs: index * 5,
  }));
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  expect(await ctx.jobs.drained()).toBe(true);
  return { ...family, conversationId };
}

/** A finished call with its safety read taken away, as the after-call job reads it before its read. */
async function unreadCall(conversationId: string): Promise<CallToRead> {
  await ctx.db.query(
    'delete from call_safety_reviews where call_id in (select id from calls where conversation_id = $1)',
    [conversationId],
  );
  const found = await findCallsAfterCall(ctx.db, [conversationId], { safetyRead: isReadSql });
  return found.get(conversationId)!;
}

const NO_RULES = { giftsGiving: null, avoidTopics: [] };

const WORRYING: [role: 'agent' | 'user', message: string][] = [
  ['agent', 'Ho ho ho! Merry Christmas, Emma!'],
  ['user', 'Hi Santa! I live at 17 Juniper Street.'],
  ['agent', 'Santa does not need to know that! What is on your wish list?'],
  ['user', 'A pony please'],
  ['agent', "Ho ho ho! I'll bring you a pony!"],
];

test('a flagged call carries its reasons and the lines concerned in the history payload, not the words', async () => {
  const { client } = await finishCall(WORRYING, { gifts_giving: 'a red bike' });
  const res = await client.get('/api/calls/history');
  expect(res.status).toBe(200);
  const [call] = (res.body as CallHistory).calls;
  expect(call!.safety).toEqual({
    flagged: true,
    findings: [
      { reason: 'child_personal_details', lines: [2] },
      { reason: 'santa_promised_gift', lines: [5] },
    ],
  });
  // The lines are the parent's own transcript's lines.
  const lines = call!.transcript.split('\n');
  expect(lines[1]).toBe('Child: Hi Santa! I live at 17 Juniper Street.');
  expect(lines[4]).toBe("Santa: Ho ho ho! I'll bring you a pony!");

  const { rows } = await ctx.db.query<{ row: string }>(
    'select row_to_json(r)::text as row from call_safety_reviews r where call_id = $1',
    [call!.id],
  );
  expect(rows[0]!.row).not.toMatch(/Juniper|pony/i);
});

test("a child's address stays out of the recap and Santa's memory; the safety note still shows the parent the line", async () => {
  const { client } = await finishCall([
    ['agent', 'Ho ho ho! Merry Christmas, Emma!'],
    ['user', 'I live at 42 Maple Street. Do you know our dog? My phone number is 555 867 5309.'],
    ['agent', 'Santa does not need to know that! What is on your wish list?'],
    ['user', 'I would love a pony please.'],
  ]);
  const [call] = ((await client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety?.findings).toContainEqual({ reason: 'child_personal_details', lines: [2] });
  expect(call!.transcript).toContain('I live at 42 Maple Street.');
  expect(call!.recap).toEqual({
    wishes: ['I would love a pony please.'],
    news: [],
    questions: ['Do you know our dog?'],
    promises: [],
  });
  expect(call!.summary).not.toMatch(/Maple|867/);
  const memory = (await client.get('/api/memory')).body as SantaMemory;
  expect(memory.items.map((item) => item.text)).toEqual(['I would love a pony please.']);
});

test("the safety read's logs never hold the child's words", async () => {
  logged.length = 0;
  const { conversationId } = await finishCall([
    ['agent', 'Ho ho ho!'],
    ['user', 'My secret is I feel so sad at Zanzibar Crescent number 88 and my phone number is 555 867 5309'],
  ]);
  const read = logged.filter((line) => line.includes('call safety read'));
  expect(read).toHaveLength(1);
  expect(JSON.parse(read[0]!)).toMatchObject({
    conversationId,
    flagged: true,
    reasons: ['child_sad_or_worried', 'child_personal_details'],
  });
  // The phone number as the child said it: bare digit runs also turn up in ids and timestamps.
  expect(logged.join('\n')).not.toMatch(/Zanzibar|867 5309|8675309|secret/);
});

test('an ordinary call is read and not flagged: no banner', async () => {
  const { client } = await finishCall([
    ['agent', 'Ho ho ho! Merry Christmas, Emma!'],
    ['user', 'I want a red bicycle and I learned to swim!'],
    ['agent', 'What a wonderful wish! The elves will see what they can do.'],
  ]);
  const [call] = ((await client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety).toEqual({ flagged: false, findings: [] });
});

test("the parent's gifts are the ones Santa may hint at, even on a pay-per-call plan whose profile is gone", async () => {
  const family = await connectedCall(ctx, { plan: 'pay_per_call', profile: { gifts_giving: 'a red bike' } });
  const conversationId = uniqueConversationId('conv_safety');
  const payload = transcriptionPayload({ conversationId, callSid: family.callSid });
  payload.data.transcript = [
    { role: 'agent', message: "I think you'll find a red bike under the tree!", time_in_call_secs: 0 },
  ];
  await postElevenLabs(ctx, payload);
  expect(await ctx.jobs.drained()).toBe(true);
  expect(await ctx.services.profile.findProfileByUserId(family.user.id)).toBeUndefined();
  const [call] = ((await family.client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety).toEqual({ flagged: false, findings: [] });
});

test('the admin sees flagged calls per reason, never the words; parents may not ask', async () => {
  await finishCall(WORRYING);
  const admin = await signInAsAdmin(ctx.app);
  const res = await admin.get('/api/admin/safety-flags');
  expect(res.status).toBe(200);
  expect(res.body.reviewed_calls).toBeGreaterThanOrEqual(4);
  expect(res.body.flagged_calls).toBeGreaterThanOrEqual(3);
  expect(res.body.reasons).toContainEqual({
    reason: 'child_personal_details',
    label: 'Child: personal details',
    calls: expect.any(Number),
  });
  expect(JSON.stringify(res.body)).not.toMatch(/Juniper|pony|Zanzibar/i);

  const { client } = await connectedCall(ctx);
  expect((await client.get('/api/admin/safety-flags')).status).toBe(403);
});

/** A moderation service that flags the lines it is told to, and records what it was asked. */
class FakeModeration extends NoModeration implements Moderation {
  asked: string[][] = [];
  constructor(private readonly verdict: (line: string) => LineModeration | null) {
    super();
  }
  override async moderate(lines: string[]): Promise<LineModeration[] | null> {
    this.asked.push(lines);
    const verdicts = lines.map(this.verdict);
    return verdicts.some((v) => v === null) ? null : (verdicts as LineModeration[]);
  }
}

test("OpenAI's moderation verdicts join the local rules, by who said the line", async () => {
  const moderation = new FakeModeration((line) =>
    line.includes('nobody')
      ? { flagged: true, categories: ['violence'] }
      : { flagged: false, categories: [] },
  );
  const safety = createCallSafetyService({
    db: ctx.db,
    logger,
    moderation,
  });
  const { conversationId, client } = await finishCall([
    ['agent', 'Ho ho ho!'],
    ['user', 'Something happens when nobody is home.'],
  ]);
  await safety.reviewCall({ conversationId, ...NO_RULES }, await unreadCall(conversationId));
  expect(moderation.asked).toEqual([['Ho ho ho!', 'Something happens when nobody is home.']]);
  const [call] = ((await client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety).toEqual({ flagged: true, findings: [{ reason: 'child_hurt_or_unsafe', lines: [2] }] });
  const { rows } = await ctx.db.query<{ checks: string[] }>(
    'select checks from call_safety_reviews where call_id = $1',
    [call!.id],
  );
  expect(rows[0]!.checks).toEqual(['rules', 'openai_moderation']);
});

test('an after-call job run again finds the call read and does not ask moderation twice', async () => {
  const moderation = new FakeModeration(() => ({ flagged: false, categories: [] }));
  const safety = createCallSafetyService({ db: ctx.db, logger, moderation });
  const afterCall = createAfterCallJob({
    db: ctx.db,
    columns: { safetyRead: safety.isReadSql },
    halves: [safety.reviewCall],
  });
  const { conversationId } = await finishCall(WORRYING);
  const job = afterCallJob(conversationId);
  // The queue's job read it already.
  await afterCall(job);
  expect(moderation.asked).toEqual([]);
  await unreadCall(conversationId);
  await afterCall(job);
  await afterCall(job);
  expect(moderation.asked).toHaveLength(1);
});

test('when moderation cannot answer, the local rules stand alone and say so', async () => {
  const moderation = new FakeModeration(() => null);
  const safety = createCallSafetyService({
    db: ctx.db,
    logger,
    moderation,
  });
  const { conversationId, client } = await finishCall(WORRYING);
  await safety.reviewCall({ conversationId, ...NO_RULES }, await unreadCall(conversationId));
  const [call] = ((await client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety!.findings.map((f) => f.reason)).toEqual([
    'child_personal_details',
    'santa_promised_gift',
  ]);
  const { rows } = await ctx.db.query<{ checks: string[] }>(
    'select checks from call_safety_reviews where call_id = $1',
    [call!.id],
  );
  expect(rows[0]!.checks).toEqual(['rules']);
});

test('a call deleted while it is being read is skipped, and the calls read beside it keep their reads', async () => {
  const kept = await finishCall(WORRYING);
  const deleted = await finishCall([['user', 'Please forget this call, Santa.']]);
  const both = [kept.conversationId, deleted.conversationId];
  const unread = await Promise.all(both.map(unreadCall));
  // The parent deletes one call while moderation reads it.
  const moderation = new FakeModeration(() => ({ flagged: false, categories: [] }));
  const moderate = moderation.moderate.bind(moderation);
  moderation.moderate = async (lines) => {
    if (lines.some((line) => line.includes('forget this call')))
      await ctx.db.query('delete from calls where conversation_id = $1', [deleted.conversationId]);
    return moderate(lines);
  };
  const safety = createCallSafetyService({ db: ctx.db, logger, moderation });
  await Promise.all(
    both.map((conversationId, i) => safety.reviewCall({ conversationId, ...NO_RULES }, unread[i]!)),
  );
  const [call] = ((await kept.client.get('/api/calls/history')).body as CallHistory).calls;
  expect(call!.safety!.flagged).toBe(true);
  expect((await deleted.client.get('/api/calls/history')).body.calls).toEqual([]);
});
