import { afterAll, beforeAll, expect, test } from 'vitest';
import { countingDb } from '../../../test/fixtures/counting-db.ts';
import {
  connectedCall,
  createVoiceTestContext,
  nextCallSid,
  reservationsOf,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { createCallStatusService } from './call-status.service.ts';

/** Twilio's status callbacks that reach a replica together (decision 0005). */
let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const reservations = (userId: string) => reservationsOf(ctx, userId);

test('calls that end together are recorded in one statement, each with its own length', async () => {
  const lengths = [40, 75, 130];
  const families = await Promise.all(
    lengths.map(() => connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 })),
  );
  const counting = countingDb(ctx.db);
  const status = createCallStatusService(counting.db);
  await Promise.all(
    families.map(({ callSid }, i) =>
      status.handleStatus({ CallSid: callSid, CallStatus: 'completed', CallDuration: lengths[i] }),
    ),
  );
  expect(counting.statements).toHaveLength(1);
  const held = await Promise.all(
    families.map(async ({ user }) => (await reservations(user.id))[0]?.seconds_reserved),
  );
  expect(held).toEqual(lengths);
});

test('a call Twilio reports twice at once keeps the report that carries its length', async () => {
  const { user, callSid } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  const status = createCallStatusService(ctx.db);
  await Promise.all([
    status.handleStatus({ CallSid: callSid, CallStatus: 'completed' }),
    status.handleStatus({ CallSid: callSid, CallStatus: 'completed', CallDuration: 50 }),
  ]);
  expect(await reservations(user.id)).toEqual([{ call_sid: callSid, seconds_reserved: 50, status: 'open' }]);
});

test('endings that overtake their reservations together are all kept for the sweeper', async () => {
  const early = [nextCallSid(), nextCallSid()];
  const status = createCallStatusService(ctx.db);
  await Promise.all(
    early.map((sid, i) =>
      status.handleStatus({ CallSid: sid, CallStatus: 'completed', CallDuration: 10 + i }),
    ),
  );
  const { rows } = await ctx.db.query<{ call_sid: string; duration_secs: number }>(
    'select call_sid, duration_secs from twilio_call_endings where call_sid = any($1) order by duration_secs',
    [early],
  );
  expect(rows).toEqual([
    { call_sid: early[0], duration_secs: 10 },
    { call_sid: early[1], duration_secs: 11 },
  ]);
});
