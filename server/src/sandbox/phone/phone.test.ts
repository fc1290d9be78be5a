import { PRIVACY_NOTICE_VERSION, PROFILE_CONSENT_FIELD } from '@santa/shared/privacy';
import { uniquePhone } from '../../../test/fixtures/unique.ts';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createTestContext,
  signUp,
  TestClient,
  verifyPhone,
  type TestContext,
} from '../../../test/test-app.ts';
import type { SandboxTelephony } from '../../providers/telephony/sandbox-telephony.ts';
import { createPhoneSimulator, type PhoneCallState } from './phone-simulator.ts';
import type { SandboxVoiceEngine } from '../../providers/voice/sandbox-voice-engine.ts';
import { pino } from 'pino';

let ctx: TestContext;
let phone: TestClient;
const HOTLINE = '+15550100';

beforeAll(async () => {
  ctx = await createTestContext();
  phone = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

/** A parent on the free sample with a kid profile; answers their client and phone number. */
async function parentWithProfile(fields: Record<string, string> = {}) {
  const parentPhone = uniquePhone();
  const { client } = await signUp(ctx.app);
  expect((await client.post('/api/santa/use-sample-call')).status).toBeLessThan(300);
  const form = client.post('/api/santa/kid-profile');
  const profile = {
    parent_phone: parentPhone,
    kid_name: 'Mia',
    wish_list: 'a red bike',
    accomplishments: 'learning to swim',
    siblings: 'Leo',
    [PROFILE_CONSENT_FIELD]: PRIVACY_NOTICE_VERSION,
    ...fields,
  };
  for (const [name, value] of Object.entries(profile)) form.field(name, value);
  expect((await form).status).toBeLessThan(300);
  await verifyPhone(ctx, client, parentPhone);
  return { client, parentPhone };
}

async function dial(from: string, to = HOTLINE) {
  const res = await phone.post('/sandbox/phone/api/dial').send({ from, to });
  expect(res.status).toBe(200);
  return res.body as { state: PhoneCallState };
}

async function callHistory(client: TestClient) {
  const res = await client.get('/api/calls/history');
  expect(res.status).toBe(200);
  return res.body.calls as {
    transcript: string;
    summary: string;
    duration: number;
    audio_url: string | null;
  }[];
}

test('the phone simulator page says plainly that it is a sandbox and offers the hotline', async () => {
  const res = await supertest(ctx.app).get('/sandbox/phone');
  expect(res.status).toBe(200);
  expect(res.text).toContain('SANDBOX PHONE SIMULATOR');
  expect(res.text).toContain(`value="${HOTLINE}"`);
  expect(res.text).toContain('<script src="/sandbox/phone/app.js" defer></script>');
  expect(res.text).not.toMatch(/<script>/);
});

test('the simulator script is served as a static file', async () => {
  const res = await supertest(ctx.app).get('/sandbox/phone/app.js');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.text).toContain('/sandbox/phone/api/');
});

test('the simulator refuses state-changing requests from another origin', async () => {
  const res = await new TestClient(ctx.app, 'https://evil.example')
    .post('/sandbox/phone/api/dial')
    .send({ from: '+14155552671', to: HOTLINE });
  expect(res.status).toBe(403);
});

test('the simulator refuses a caller number that is not a phone number', async () => {
  const res = await phone.post('/sandbox/phone/api/dial').send({ from: 'call me', to: HOTLINE });
  expect(res.status).toBe(400);
  expect(res.body.detail).toMatch(/international format/);
});

test('the simulator dials only Santa numbers', async () => {
  const res = await phone.post('/sandbox/phone/api/dial').send({ from: '+14155552671', to: '+14155550000' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe('Choose one of the Santa numbers');
});

test('a caller the app does not know hears Santa ask for a grown-up, and the call ends', async () => {
  const { state } = await dial('+14155559999');
  expect(state.status).toBe('ended');
  expect(state.turns[0]?.message).toMatch(/ask a grown-up/);
});

test('a call from the parent phone to the hotline greets the child by name and Santa answers', async () => {
  const { parentPhone } = await parentWithProfile();
  const { state } = await dial(parentPhone.replace(/^\+1(\d{3})(\d{3})/, '+1 $1 $2 '));
  expect(state.status).toBe('live');
  expect(state.turns[0]).toMatchObject({ role: 'agent', time_in_call_secs: 0 });
  expect(state.turns[0]?.message).toContain('Mia');
  expect(state.remaining_seconds).toBeGreaterThan(40);

  const res = await phone
    .post('/sandbox/phone/api/say')
    .send({ call_sid: state.call_sid, text: 'Hello Santa!' });
  expect(res.status).toBe(200);
  const after = res.body.state as PhoneCallState;
  expect(after.turns.slice(1).map((turn) => turn.role)).toEqual(['user', 'agent']);
  expect(after.turns[2]?.message).toContain('a red bike');

  await phone.post('/sandbox/phone/api/hangup').send({ call_sid: state.call_sid });
});

test('after hanging up the call appears in the history with transcript, summary and duration, and its seconds are spent', async () => {
  const { client, parentPhone } = await parentWithProfile();
  const { simulator, advance } = simulatorWithClock();
  try {
    const { state } = await simulator.dial(parentPhone, HOTLINE);
    await simulator.say(state.call_sid, 'I want a puppy too');
    // Past the first seconds, which a call that went wrong does not pay for.
    advance(30);
    const res = await simulator.hangup(state.call_sid);
    expect(res.state.status).toBe('ended');
    expect(res.delivery).toEqual({
      post_call_transcription: 200,
      post_call_audio: 200,
      status_callback: 200,
    });
  } finally {
    simulator.dispose();
  }

  expect(await ctx.jobs.drained()).toBe(true);
  const [call] = await callHistory(client);
  expect(call).toBeDefined();
  expect(call!.transcript).toContain('I want a puppy too');
  expect(call!.transcript).toContain('Mia');
  expect(call!.summary).not.toBe('');
  expect(call!.duration).toBeGreaterThanOrEqual(1);
  expect(call!.audio_url).not.toBeNull();
  const status = await client.get('/api/subscription/status');
  expect(status.body.subscription).toMatchObject({
    minutes_limit: 1,
    minutes_used: 1,
    seconds_used: call!.duration,
    seconds_remaining: 60 - call!.duration,
  });
});

test("the sandbox's Twilio keeps each simulated call's status and duration, as Twilio's Call resource does", async () => {
  const telephony = ctx.providers.telephony as SandboxTelephony;
  const { parentPhone } = await parentWithProfile();
  const { state } = await dial(parentPhone);
  expect(await telephony.fetchCall(state.call_sid)).toEqual({ status: 'in-progress', durationSeconds: null });
  const res = await phone.post('/sandbox/phone/api/hangup').send({ call_sid: state.call_sid });
  expect(await telephony.fetchCall(state.call_sid)).toEqual({
    status: 'completed',
    durationSeconds: res.body.state.duration_seconds,
  });
  expect(await telephony.fetchCall('CA0000000000000000000000000000dead')).toBeNull();
});

test('a pay-per-call call hangs up cleanly, keeps its recording, and ends the plan', async () => {
  const { user, client } = await signUp(ctx.app);
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'pay_per_call', amountCents: 299 }),
  );
  const parentPhone = '+14155552999';
  const form = client.post('/api/santa/kid-profile');
  for (const [name, value] of Object.entries({
    parent_phone: parentPhone,
    kid_name: 'Ivy',
    [PROFILE_CONSENT_FIELD]: PRIVACY_NOTICE_VERSION,
  }))
    form.field(name, value);
  expect((await form).status).toBeLessThan(300);
  await verifyPhone(ctx, client, parentPhone);

  const { simulator, advance } = simulatorWithClock();
  try {
    const { state } = await simulator.dial(parentPhone, HOTLINE);
    advance(45);
    const res = await simulator.hangup(state.call_sid);
    expect(res.delivery).toEqual({
      post_call_transcription: 200,
      post_call_audio: 200,
      status_callback: 200,
    });
  } finally {
    simulator.dispose();
  }
  const [call] = await callHistory(client);
  expect(call!.audio_url).not.toBeNull();
  expect((await client.get('/api/subscription/status')).body.has_subscription).toBe(false);
  expect((await client.get('/api/santa/kid-profile')).body.has_profile).toBe(false);
});

test('hanging up twice sends the post-call webhooks once', async () => {
  const { parentPhone } = await parentWithProfile();
  const { state } = await dial(parentPhone);
  await phone.post('/sandbox/phone/api/hangup').send({ call_sid: state.call_sid });
  const again = await phone.post('/sandbox/phone/api/hangup').send({ call_sid: state.call_sid });
  expect(again.status).toBe(200);
  expect(again.body.delivery).toBeNull();
});

test('Santa says goodbye and ends the call when the child says goodbye', async () => {
  const { client, parentPhone } = await parentWithProfile();
  const { state } = await dial(parentPhone);
  const res = await phone
    .post('/sandbox/phone/api/say')
    .send({ call_sid: state.call_sid, text: 'Bye Santa!' });
  const ended = res.body.state as PhoneCallState;
  expect(ended.status).toBe('ended');
  expect(ended.turns.at(-1)?.message).toContain('Goodbye!');
  expect(await callHistory(client)).toHaveLength(1);
});

test('when the app hangs up, the simulator ends the call and sends the post-call webhooks', async () => {
  const { client, parentPhone } = await parentWithProfile();
  const { state } = await dial(parentPhone);
  await (ctx.providers.telephony as SandboxTelephony).endCall(state.call_sid);
  await expect.poll(async () => (await callHistory(client)).length, { timeout: 5000 }).toBe(1);
  const res = await phone.get(`/sandbox/phone/api/state?call_sid=${state.call_sid}`);
  expect(res.body.state.status).toBe('ended');
});

test('the simulator answers 404 for a call it does not know', async () => {
  const res = await phone.get(`/sandbox/phone/api/state?call_sid=CA${'f'.repeat(32)}`);
  expect(res.status).toBe(404);
});

/** A simulator on a clock the test moves, so deadlines need no waiting. */
function simulatorWithClock() {
  let clock = new Date();
  const simulator = createPhoneSimulator({
    engine: ctx.providers.voice as SandboxVoiceEngine,
    telephony: ctx.providers.telephony as SandboxTelephony,
    publicUrl: ctx.config.publicUrl,
    agentId: 'agent_test',
    accountSid: `AC${'0'.repeat(32)}`,
    postToApp: ctx.deps.sandboxPost!,
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
  return {
    simulator,
    advance: (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    },
  };
}

test('Santa wraps up and says goodbye before the deadline', async () => {
  const { client, parentPhone } = await parentWithProfile();
  const { simulator, advance } = simulatorWithClock();
  try {
    const { state } = await simulator.dial(parentPhone, HOTLINE);
    advance(50);
    const ended = await simulator.state(state.call_sid);
    expect(ended.status).toBe('ended');
    expect(ended.turns.at(-1)?.message).toMatch(/reindeer are calling.*Goodbye!/);
    expect(ended.duration_seconds).toBeLessThan(60);
    expect(await callHistory(client)).toHaveLength(1);
  } finally {
    simulator.dispose();
  }
});

test('a call still open at the deadline ends there, and is billed up to the deadline only', async () => {
  const { client, parentPhone } = await parentWithProfile();
  const { simulator, advance } = simulatorWithClock();
  try {
    const { state } = await simulator.dial(parentPhone, HOTLINE);
    advance(400);
    const ended = await simulator.say(state.call_sid, 'Are you still there?');
    expect(ended.status).toBe('ended');
    expect(ended.duration_seconds).toBeLessThanOrEqual(60);
    const [call] = await callHistory(client);
    expect(call!.duration).toBeLessThanOrEqual(60);
  } finally {
    simulator.dispose();
  }
});

/** A parent on a 3-month pass with its dedicated number; answers their client and that number. */
async function parentWithOwnLine() {
  const { client, user } = await signUp(ctx.app);
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, user.id, { plan: 'subscription_3month', amountCents: 0 }),
  );
  const line = await ctx.services.payments.numbers.provisionDedicatedNumber(user.id, user.email);
  return { client, number: line.twilio_phone_number };
}

test('the phone page lists the hotline and the viewer’s own family line, never other families’ lines', async () => {
  const family = await parentWithOwnLine();
  const neighbours = await parentWithOwnLine();
  const page = (await family.client.get('/sandbox/phone')).text;
  expect(page).toContain(`value="${HOTLINE}"`);
  expect(page).toContain(`value="${family.number}"`);
  expect(page).not.toContain(neighbours.number);
  const anonymous = (await supertest(ctx.app).get('/sandbox/phone')).text;
  expect(anonymous).not.toContain(family.number);
  expect(anonymous).not.toContain(neighbours.number);
});
