import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import { sweepCallReservations } from './deadline-sweeper.ts';
import { LONGEST_CALL_MINUTES } from './minutes.ts';
import {
  connectedCall,
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  nextCallSid,
  postTwilio,
  reservationsOf,
  sweeperDeps,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const reservations = (userId: string) => reservationsOf(ctx, userId);

async function secondsUsed(userId: string) {
  return (await ctx.services.subscription.find(userId))?.seconds_used;
}

async function passDeadline(callSid: string) {
  await ctx.db.query(
    "update call_reservations set deadline = now() - interval '1 second' where call_sid = $1",
    [callSid],
  );
}

/** The sandbox's Twilio, with some of its answers replaced. */
function telephonyWith(overrides: Partial<Telephony>): Telephony {
  return Object.assign(Object.create(ctx.telephony) as Telephony, overrides);
}

test('the deadline sweeper ends an overdue call through Twilio', async () => {
  const { call } = await connectedCall(ctx, { plan: 'free_sample' });
  await passDeadline(call.CallSid);
  const first = await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: 3600 }));
  expect(first.hungUp).toBeGreaterThanOrEqual(1);
  expect(ctx.telephony.wasEnded(call.CallSid)).toBe(true);
  const second = await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: 3600 }));
  expect(second.hungUp).toBe(0);
});

test("a call that ends without a post-call event is settled from Twilio's CallDuration after the grace", async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  const status = await postTwilio(ctx, 'status', {
    CallSid: call.CallSid,
    CallStatus: 'completed',
    CallDuration: '130',
  });
  expect(status.status).toBe(200);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 130, status: 'settled' },
  ]);
  expect(await secondsUsed(user.id)).toBe(130);
});

test('a child who redials straight after a call finds the rest of the balance', async () => {
  const { user, parentPhone, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'completed', CallDuration: '40' });
  // ElevenLabs' post-call event has not arrived yet: the first call still holds what it can cost.
  const redial = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(redial.text).toContain('<Connect>');
  expect((await reservations(user.id)).map((r) => [r.seconds_reserved, r.status])).toEqual([
    [40, 'open'],
    [1760, 'open'],
  ]);
});

test('a status callback that overtakes its reservation is applied by the sweeper', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month', minutes: 30 });
  const call = inboundCall(parentPhone, HOTLINE);
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'completed', CallDuration: '70' });
  await postTwilio(ctx, 'inbound', call);
  expect((await reservations(user.id))[0]?.seconds_reserved).toBe(1800);

  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: 3600 }));
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 70, status: 'open' },
  ]);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect(await secondsUsed(user.id)).toBe(70);
});

test('a call that hung up before its reservation was taken frees the balance at the next sweep', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month', minutes: 30 });
  const call = inboundCall(parentPhone, HOTLINE);
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'canceled' });
  await postTwilio(ctx, 'inbound', call);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: 3600 }));
  expect((await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE))).text).toContain('<Connect>');
  expect((await reservations(user.id)).map((r) => r.seconds_reserved)).toEqual([0, 1800]);
});

test("a call whose end Twilio never reported is settled from Twilio's record of the call", async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await passDeadline(call.CallSid);
  const telephony = telephonyWith({
    fetchCall: async () => ({ status: 'completed', durationSeconds: 95 }),
  });
  await sweepCallReservations(sweeperDeps(ctx, { telephony, graceSeconds: -1 }));
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 95, status: 'settled' },
  ]);
  expect(await secondsUsed(user.id)).toBe(95);
});

test('a call Twilio has no record of is closed without charge', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await passDeadline(call.CallSid);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect((await reservations(user.id)).map((r) => r.status)).toEqual(['closed']);
  expect(await secondsUsed(user.id)).toBe(0);
});

test('while Twilio cannot be asked, the call waits open and nothing is billed', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await passDeadline(call.CallSid);
  const down = telephonyWith({
    fetchCall: async () => {
      throw new Error('Twilio is unreachable');
    },
  });
  await sweepCallReservations(sweeperDeps(ctx, { telephony: down, graceSeconds: -1 }));
  expect((await reservations(user.id)).map((r) => r.status)).toEqual(['open']);
  expect(await secondsUsed(user.id)).toBe(0);

  const back = telephonyWith({ fetchCall: async () => ({ status: 'completed', durationSeconds: 1790 }) });
  await sweepCallReservations(sweeperDeps(ctx, { telephony: back, graceSeconds: -1 }));
  expect(await secondsUsed(user.id)).toBe(1790);
});

test('when Twilio refuses to end a call that is already over, its record settles it', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await passDeadline(call.CallSid);
  const telephony = telephonyWith({
    endCall: async () => {
      throw new Error('Call is not in-progress');
    },
    fetchCall: async () => ({ status: 'completed', durationSeconds: 250 }),
  });
  await sweepCallReservations(sweeperDeps(ctx, { telephony, graceSeconds: 3600 }));
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 250, status: 'open' },
  ]);
});

test('an overdue call Twilio could not end is tried again at the next sweep', async () => {
  const { call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  await passDeadline(call.CallSid);
  const stuck = telephonyWith({
    endCall: async () => {
      throw new Error('Twilio is unreachable');
    },
    fetchCall: async () => ({ status: 'in-progress', durationSeconds: null }),
  });
  expect(
    (await sweepCallReservations(sweeperDeps(ctx, { telephony: stuck, graceSeconds: 3600 }))).hungUp,
  ).toBe(0);
  expect(ctx.telephony.wasEnded(call.CallSid)).toBe(false);
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: 3600 }));
  expect(ctx.telephony.wasEnded(call.CallSid)).toBe(true);
});

test('the calls-in-progress count is the calls holding part of a balance right now', async () => {
  const before = await ctx.services.voice.callsInProgress();
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
  expect(await ctx.services.voice.callsInProgress()).toBe(before + 1);
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'no-answer', CallDuration: '0' });
  expect((await reservations(user.id)).map((r) => r.status)).not.toContain('open');
  expect(await ctx.services.voice.callsInProgress()).toBe(before);
});

test('a pay-per-call call settled without a post-call event still deletes the kid profile', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'pay_per_call' });
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'completed', CallDuration: '100' });
  await sweepCallReservations(sweeperDeps(ctx, { graceSeconds: -1 }));
  expect((await ctx.services.subscription.find(user.id))?.status).toBe('ended');
  expect(await ctx.services.profile.findProfileByUserId(user.id)).toBeUndefined();
});

test('a forged status callback is refused', async () => {
  const res = await postTwilio(
    ctx,
    'status',
    { CallSid: nextCallSid(), CallStatus: 'completed' },
    { forge: true },
  );
  expect(res.status).toBe(403);
});

test('a call that never connected releases its reservation at once', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'free_sample' });
  await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: 'failed' });
  expect((await reservations(user.id)).map((r) => r.status)).toEqual(['closed']);
});

test('a call whose end was never reported is checked with Twilio within minutes, billed by its record, and the family can call again', async () => {
  const { user, call, parentPhone } = await connectedCall(ctx, { plan: 'subscription_3month' });
  // The server was down when the call ended: no status callback, no post-call event.
  await ctx.db.query(
    `update call_reservations set created_at = now() - interval '4 minutes' where call_sid = $1`,
    [call.CallSid],
  );
  const telephony = telephonyWith({ fetchCall: async () => ({ status: 'completed', durationSeconds: 130 }) });
  await sweepCallReservations(sweeperDeps(ctx, { telephony }));
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 130, status: 'open' },
  ]);

  const redial = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(redial.text).toContain('<Connect>');
  await sweepCallReservations(sweeperDeps(ctx, { telephony, graceSeconds: -1 }));
  expect(await secondsUsed(user.id)).toBe(130);
});

test('a live call is asked about again only after a few more minutes', async () => {
  const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month' });
  await ctx.db.query(
    `update call_reservations set created_at = now() - interval '4 minutes' where call_sid = $1`,
    [call.CallSid],
  );
  let asked = 0;
  const telephony = telephonyWith({
    fetchCall: async () => {
      asked += 1;
      return { status: 'in-progress', durationSeconds: null };
    },
  });
  await sweepCallReservations(sweeperDeps(ctx, { telephony }));
  await sweepCallReservations(sweeperDeps(ctx, { telephony }));
  expect(asked).toBe(1);
  expect((await reservations(user.id)).map((r) => r.status)).toEqual(['open']);
});

test('a pass call holds at most an hour of the balance', async () => {
  const { user } = await connectedCall(ctx, { plan: 'subscription_12month' });
  expect((await reservations(user.id))[0]!.seconds_reserved).toBe(LONGEST_CALL_MINUTES * 60);
});

test.each(['failed', 'busy', 'no-answer', 'canceled'])(
  'a call Twilio reports as %s never connected: its reservation is closed and nothing is billed',
  async (status) => {
    const { user, call } = await connectedCall(ctx, { plan: 'subscription_3month', minutes: 30 });
    await postTwilio(ctx, 'status', { CallSid: call.CallSid, CallStatus: status });
    expect((await reservations(user.id)).map((r) => r.status)).toEqual(['closed']);
    expect(await secondsUsed(user.id)).toBe(0);
  },
);
