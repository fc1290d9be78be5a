import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMinutesReserver, LINES_BUSY } from './minutes.ts';
import { BROWSER_LINES_BUSY } from './browser-call.service.ts';
import {
  connectedCall,
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  nextCallSid,
  postTwilio,
  REGISTERED_TWIML,
  reservationsOf,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

const LIMIT = 2;
let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({ env: { MAX_CONCURRENT_CALLS: String(LIMIT) } });
});
afterAll(async () => {
  await ctx.close();
});

/** Twilio reports the call over, as its status callback does when the child hangs up. */
const hangUp = (callSid: string) =>
  postTwilio(ctx, 'status', { CallSid: callSid, CallStatus: 'completed', CallDuration: '40' });

test('a browser call past MAX_CONCURRENT_CALLS is told the lines are busy and reserves nothing', async () => {
  const first = await connectedCall(ctx);
  const second = await connectedCall(ctx);
  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  const res = await family.client.post('/api/calls/browser');
  expect(res.status).toBe(503);
  expect(res.body.detail).toBe(BROWSER_LINES_BUSY);
  expect(await reservationsOf(ctx, family.user.id)).toEqual([]);
  await hangUp(first.callSid);
  await hangUp(second.callSid);
});

test("a caller over MAX_CONCURRENT_CALLS hears that Santa's lines are busy and is not charged", async () => {
  const first = await connectedCall(ctx);
  const second = await connectedCall(ctx);

  const family = await createFamily(ctx, { plan: 'subscription_3month' });
  const registered = ctx.voice.registered.length;
  const res = await postTwilio(ctx, 'inbound', inboundCall(family.parentPhone, HOTLINE));
  expect(res.text).toContain("All of Santa's lines are busy, please try again in a few minutes.");
  expect(res.text).toContain('<Hangup/>');
  expect(ctx.voice.registered).toHaveLength(registered);
  expect(await reservationsOf(ctx, family.user.id)).toEqual([]);
  expect((await ctx.services.subscription.find(family.user.id))?.seconds_used).toBe(0);

  // Twilio re-sending the webhook of a call already on the line still connects it.
  expect((await postTwilio(ctx, 'inbound', first.call)).text).toBe(REGISTERED_TWIML);

  // Once a child hangs up, the line is free for the next caller.
  await hangUp(second.callSid);
  const retry = await postTwilio(ctx, 'inbound', inboundCall(family.parentPhone, HOTLINE));
  expect(retry.text).toBe(REGISTERED_TWIML);
  await hangUp(first.callSid);
});

test('callers answered in the same instant take the free lines in turn', async () => {
  // Two lines free, whatever calls earlier tests left on the line.
  const { rows } = await ctx.db.query<{ live: number }>(
    `select count(*)::int as live from call_reservations where status = 'open' and ended_at is null`,
  );
  const reserve = createMinutesReserver(ctx.db, rows[0]!.live + 2);
  const families = await Promise.all([1, 2, 3].map(() => createFamily(ctx, { plan: 'subscription_3month' })));
  const answers = await Promise.all(families.map(({ user }) => reserve(user.id, nextCallSid())));
  expect(answers.filter((answer) => answer === LINES_BUSY)).toHaveLength(1);
  expect(answers.filter((answer) => typeof answer === 'object' && answer !== null)).toHaveLength(2);
});
