/**
 * The sandbox phone rings for Santa's scheduled calls (decision 0025): the family phone typed in
 * "Calling from" sees the call, answers it and talks to Santa, or declines it.
 */
import { PRIVACY_NOTICE_VERSION, PROFILE_CONSENT_FIELD } from '@santa/shared/privacy';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { VOICEMAIL_MESSAGE } from '../../modules/scheduled-calls/call-placement.ts';
import { uniquePhone, uniqueUkPhone } from '../../../test/fixtures/unique.ts';
import {
  createTestContext,
  signUp,
  TestClient,
  verifyPhone,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
let phone: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  phone = new TestClient(ctx.app);
});
afterAll(() => ctx.close());

/** A family on the free sample whose scheduled call is ringing its phone now. */
async function ringingFamily(ring = true) {
  // A UK mobile: the call at 10:00 UTC is 10:00 on its clock.
  const parentPhone = uniqueUkPhone();
  const { client } = await signUp(ctx.app);
  expect((await client.post('/api/santa/use-sample-call')).status).toBeLessThan(300);
  const form = client.post('/api/santa/kid-profile');
  const profile = {
    parent_phone: parentPhone,
    kid_name: 'Mia',
    wish_list: 'a red bike',
    [PROFILE_CONSENT_FIELD]: PRIVACY_NOTICE_VERSION,
  };
  for (const [name, value] of Object.entries(profile)) form.field(name, value);
  expect((await form).status).toBeLessThan(300);
  await verifyPhone(ctx, client, parentPhone);
  const { body: kids } = await client.get('/api/children');
  // Tomorrow at 10:00 UTC, whatever today is: always ahead and outside quiet hours.
  const date = new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);
  const scheduled = await client.post('/api/scheduled-calls').send({
    date,
    time: '10:00',
    time_zone: 'UTC',
    phone: parentPhone,
    child_ids: [kids.children[0].id],
  });
  expect(scheduled.status).toBe(201);
  // The instant arrives: the job runs as the queue would run it then.
  if (ring) await ctx.services.scheduledCalls.place({ scheduledCallId: scheduled.body.id, version: 0 });
  return { client, parentPhone, callId: scheduled.body.id as string };
}

const incoming = async (to: string) =>
  (await phone.get(`/sandbox/phone/api/incoming?to=${encodeURIComponent(to)}`)).body.calls as {
    call_sid: string;
    from: string;
  }[];

test('the family phone sees Santa calling from the hotline', async () => {
  const { parentPhone } = await ringingFamily();
  expect(await incoming(parentPhone)).toEqual([
    { call_sid: expect.stringMatching(/^CA/), from: '+15550100' },
  ]);
  expect(await incoming(uniquePhone())).toEqual([]);
});

test('answering puts the child through to Santa, who greets them by name', async () => {
  const { client, parentPhone } = await ringingFamily();
  const [ringing] = await incoming(parentPhone);
  const res = await phone.post('/sandbox/phone/api/answer').send({ call_sid: ringing!.call_sid });
  expect(res.status).toBe(200);
  expect(res.body.state.status).toBe('live');
  expect(res.body.state.turns[0].message).toContain('Mia');
  expect(await incoming(parentPhone)).toEqual([]);
  expect((await client.get('/api/scheduled-calls')).body.calls[0].status).toBe('connected');
  await phone.post('/sandbox/phone/api/hangup').send({ call_sid: ringing!.call_sid });
  expect((await client.get('/api/scheduled-calls')).body.calls[0].status).toBe('completed');
});

test('answering-machine detection saying a person answered leaves the child talking to Santa', async () => {
  const { client, parentPhone } = await ringingFamily();
  const [ringing] = await incoming(parentPhone);
  const res = await phone.post('/sandbox/phone/api/answer').send({ call_sid: ringing!.call_sid });
  // The verdict ("human") came after Santa's greeting, and changed nothing.
  expect(res.body.state.status).toBe('live');
  const state = await phone.get(`/sandbox/phone/api/state?call_sid=${ringing!.call_sid}`);
  expect(state.body.state.status).toBe('live');
  expect((await client.get('/api/scheduled-calls')).body.calls[0].status).toBe('connected');
  await phone.post('/sandbox/phone/api/hangup').send({ call_sid: ringing!.call_sid });
});

test('a voicemail box gets Santa’s short message after its beep, costs nothing, and Santa tries again later', async () => {
  const { client, parentPhone } = await ringingFamily();
  const [ringing] = await incoming(parentPhone);
  const res = await phone.post('/sandbox/phone/api/voicemail').send({ call_sid: ringing!.call_sid });
  expect(res.status).toBe(200);
  expect(res.body.recorded).toBe(VOICEMAIL_MESSAGE);
  await expect
    .poll(async () => (await client.get('/api/scheduled-calls')).body.calls[0], { timeout: 10_000 })
    .toMatchObject({ status: 'retry_pending', last_outcome: 'voicemail' });
  const { body: plan } = await client.get('/api/subscription/status');
  expect(plan.subscription.seconds_used ?? plan.subscription.minutes_used ?? 0).toBe(0);
});

test('declining tells the app the line was busy, and Santa will try again later', async () => {
  const { client, parentPhone } = await ringingFamily();
  const [ringing] = await incoming(parentPhone);
  expect((await phone.post('/sandbox/phone/api/decline').send({ call_sid: ringing!.call_sid })).status).toBe(
    200,
  );
  expect((await client.get('/api/scheduled-calls')).body.calls[0]).toMatchObject({
    status: 'retry_pending',
    last_outcome: 'busy',
  });
});

test("'Skip to Santa's scheduled call' rings the phone now, and only once", async () => {
  const { parentPhone } = await ringingFamily(false);
  expect(await incoming(parentPhone)).toEqual([]);
  expect((await phone.post('/sandbox/phone/api/ring-now').send({ to: parentPhone })).status).toBe(200);
  expect(await incoming(parentPhone)).toHaveLength(1);
  // Nothing waits any more: the call is ringing.
  expect((await phone.post('/sandbox/phone/api/ring-now').send({ to: parentPhone })).status).toBe(404);
});
