/**
 * Santa calls the child (decision 0025): the scheduled call is dialled once at its instant in the
 * parent's zone, even with two job workers on one database; a no-answer and a voicemail are tried
 * again once and then the parent is told; an answered call reserves and settles minutes exactly
 * like a call the child made.
 */
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createJobQueue, QUEUES, type JobQueue } from '../../jobs/job-queue.ts';
import { PUBLIC_URL } from '../../../test/test-app.ts';
import {
  createFamily,
  createVoiceTestContext,
  postElevenLabs,
  REGISTERED_TWIML,
  reservationsOf,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { DIALS_PER_FAMILY_PER_DAY, NOT_DIALLED_REASONS } from '@santa/shared/scheduled-calls';
import { VOICEMAIL_MESSAGE } from './call-placement.ts';
import { decemberDay, SEASON_NOW } from '../../../test/fixtures/season.ts';

/** The app's clock: 1 December of the season, noon in London, ahead of the database's clock. */
const NOW = SEASON_NOW;
const HOUR_MS = 3_600_000;

let ctx: VoiceTestContext;
/** A second app's job worker on the same database and queue schema. */
let replicaB: JobQueue;
/** Every dial, by the phone it rang. */
const dialsBy: string[] = [];
/** Phones Twilio refuses to dial. */
const refused = new Set<string>();

beforeAll(async () => {
  ctx = await createVoiceTestContext({ deps: { now: () => NOW } });
  replicaB = createJobQueue(ctx.db, pino({ level: 'silent' }), {
    schema: ctx.jobs.schema,
    pollingIntervalSeconds: 0.5,
  });
  await replicaB.start();
  await replicaB.work<{ scheduledCallId: string; version: number }>(
    QUEUES.scheduledCallPlacement,
    async (job) => {
      await ctx.services.scheduledCalls.place(job);
    },
  );
  const placeCall = ctx.telephony.placeCall.bind(ctx.telephony);
  ctx.telephony.placeCall = async (options) => {
    dialsBy.push(options.to);
    if (refused.has(options.to)) throw new Error("The 'To' number is not a valid phone number.");
    return placeCall(options);
  };
});
afterAll(async () => {
  await replicaB.stop();
  await ctx.close();
});

async function familyWithCall(zone = 'Europe/London', date = decemberDay(24), time = '17:00') {
  const family = await createFamily(ctx, { plan: 'subscription_3month', minutes: 30 });
  const { body: kids } = await family.client.get('/api/children');
  const res = await family.client.post('/api/scheduled-calls').send({
    date,
    time,
    time_zone: zone,
    phone: family.parentPhone,
    child_ids: [kids.children[0].id],
  });
  expect(res.status).toBe(201);
  return { ...family, call: res.body as { id: string; call_at: string; status: string } };
}

/** The placement jobs waiting for a call, with the instant each is held until. */
async function jobsFor(callId: string) {
  const { rows } = await ctx.db.query<{ start_after: Date; state: string }>(
    `select start_after, state from ${ctx.jobs.schema}.job
     where name = $1 and data->>'scheduledCallId' = $2 order by created_on`,
    [QUEUES.scheduledCallPlacement, callId],
  );
  return rows;
}

/** Time reaches the held jobs of this call: the queue may hand them out now. */
async function timeArrives(callId: string) {
  await ctx.db.query(
    `update ${ctx.jobs.schema}.job set start_after = now() where name = $1 and data->>'scheduledCallId' = $2
     and state = 'created'`,
    [QUEUES.scheduledCallPlacement, callId],
  );
  // Other tests' calls stay held until Christmas Eve, so the queue as a whole never drains.
  await expect
    .poll(
      async () => (await jobsFor(callId)).every((job) => job.state === 'completed' || job.state === 'failed'),
      {
        timeout: 10_000,
        interval: 100,
      },
    )
    .toBe(true);
}

async function scheduled(callId: string) {
  const { rows } = await ctx.db.query<{
    status: string;
    attempts: number;
    call_sid: string | null;
    last_outcome: string | null;
  }>('select status, attempts, call_sid, last_outcome from scheduled_calls where id = $1', [callId]);
  return rows[0]!;
}

/** Twilio posting to one of the outbound webhooks, signed as Twilio signs. */
function twilioPosts(route: 'answer' | 'status', params: Record<string, string>, scheduledId?: string) {
  const path = `/api/voice/twilio/outbound/${route}${scheduledId ? `?scheduled=${scheduledId}` : ''}`;
  return supertest(ctx.app)
    .post(path)
    .type('form')
    .set('X-Twilio-Signature', ctx.telephony.sign(`${PUBLIC_URL}${path}`, params))
    .send(params);
}

const dialsTo = (phone: string) => dialsBy.filter((to) => to === phone).length;

test('the call is held until 17:00 in London, and 17:00 in New York is five hours later', async () => {
  const london = await familyWithCall('Europe/London');
  const newYork = await familyWithCall('America/New_York');
  expect(london.call.call_at).toBe(`${decemberDay(24)}T17:00:00.000Z`);
  expect(newYork.call.call_at).toBe(`${decemberDay(24)}T22:00:00.000Z`);
  expect((await jobsFor(london.call.id)).map((job) => new Date(job.start_after).toISOString())).toEqual([
    `${decemberDay(24)}T17:00:00.000Z`,
  ]);
  expect((await jobsFor(newYork.call.id)).map((job) => new Date(job.start_after).toISOString())).toEqual([
    `${decemberDay(24)}T22:00:00.000Z`,
  ]);
});

test('with two workers and the job sent twice, the family phone is dialled once', async () => {
  const { call, parentPhone } = await familyWithCall();
  // The same job again, as a second replica would queue it: both workers may run one each.
  const { rows } = await ctx.db.query<{ version: number }>(
    'select version from scheduled_calls where id = $1',
    [call.id],
  );
  await replicaB.send(
    QUEUES.scheduledCallPlacement,
    { scheduledCallId: call.id, version: rows[0]!.version },
    undefined,
    {
      startAfter: new Date(`${decemberDay(24)}T17:00:00Z`),
    },
  );
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(1);
  expect(await scheduled(call.id)).toMatchObject({ status: 'dialing', attempts: 1 });
  expect((await ctx.telephony.ringingCallsTo(parentPhone)).length).toBe(1);
});

test('a call moved before its time is dialled at the new time only', async () => {
  const { call, client, parentPhone } = await familyWithCall();
  const moved = await client
    .patch(`/api/scheduled-calls/${call.id}`)
    .send({ date: decemberDay(24), time: '18:15', time_zone: 'Europe/London' });
  expect(moved.status).toBe(200);
  expect(moved.body.call_at).toBe(`${decemberDay(24)}T18:15:00.000Z`);
  await timeArrives(call.id);
  // Both jobs ran; only the one for the current time dialled.
  expect(dialsTo(parentPhone)).toBe(1);
});

test('a canceled call is never dialled', async () => {
  const { call, client, parentPhone } = await familyWithCall();
  expect((await client.delete(`/api/scheduled-calls/${call.id}`)).status).toBe(204);
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(0);
});

test('an answered call is registered as outbound, reserves minutes and settles them from the post-call', async () => {
  const { call, parentPhone, user } = await familyWithCall();
  await timeArrives(call.id);
  const { call_sid: callSid } = await scheduled(call.id);
  const answer = await twilioPosts('answer', {
    CallSid: callSid!,
    From: ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  expect(answer.text).toBe(REGISTERED_TWIML);
  expect(ctx.voice.registered.at(-1)).toMatchObject({ callSid, direction: 'outbound' });
  expect(await reservationsOf(ctx, user.id)).toEqual([
    { call_sid: callSid, seconds_reserved: 30 * 60, status: 'open' },
  ]);
  const settled = await postElevenLabs(
    ctx,
    transcriptionPayload({
      conversationId: uniqueConversationId(),
      callSid: callSid!,
      userId: user.id,
      durationSecs: 95,
    }),
  );
  expect(settled.status).toBe(200);
  expect(await reservationsOf(ctx, user.id)).toEqual([
    { call_sid: callSid, seconds_reserved: 30 * 60, status: 'settled' },
  ]);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(95);
  await twilioPosts('status', { CallSid: callSid!, CallStatus: 'completed', CallDuration: '95' });
  expect(await scheduled(call.id)).toMatchObject({ status: 'completed' });
});

test('no answer, then a voicemail: Santa leaves a short message, tries once more, then texts the parent', async () => {
  const { call, parentPhone, user } = await familyWithCall();
  await timeArrives(call.id);
  const first = (await scheduled(call.id)).call_sid!;
  await twilioPosts('status', { CallSid: first, CallStatus: 'no-answer' });
  expect(await scheduled(call.id)).toMatchObject({ status: 'retry_pending', last_outcome: 'no-answer' });
  // The retry is held half an hour after the app's clock.
  const retry = (await jobsFor(call.id)).filter((job) => job.state === 'created');
  expect(retry.map((job) => new Date(job.start_after).getTime())).toEqual([NOW.getTime() + HOUR_MS / 2]);

  await timeArrives(call.id);
  const second = (await scheduled(call.id)).call_sid!;
  expect(second).not.toBe(first);
  const voicemail = await twilioPosts('answer', {
    CallSid: second,
    From: ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'machine_end_beep',
  });
  expect(voicemail.text).toContain(VOICEMAIL_MESSAGE);
  expect(voicemail.text).toContain('<Hangup/>');
  await twilioPosts('status', { CallSid: second, CallStatus: 'completed', CallDuration: '12' });

  expect(await scheduled(call.id)).toMatchObject({
    status: 'missed',
    attempts: 2,
    last_outcome: 'voicemail',
  });
  expect(dialsTo(parentPhone)).toBe(2);
  // Nothing was reserved or billed for either try.
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
  const texts = await ctx.telephony.messagesTo(parentPhone);
  expect(texts[0]?.body).toContain(`/santa-calls?again=${call.id}`);
});

test('a missed call is offered a new time in one tap: moving it schedules it again', async () => {
  const { call, client, parentPhone } = await familyWithCall();
  await timeArrives(call.id);
  const sid = (await scheduled(call.id)).call_sid!;
  await ctx.db.query('update scheduled_calls set attempts = 2 where id = $1', [call.id]);
  await twilioPosts('status', { CallSid: sid, CallStatus: 'busy' });
  expect(await scheduled(call.id)).toMatchObject({ status: 'missed' });
  const again = await client
    .patch(`/api/scheduled-calls/${call.id}`)
    .send({ date: decemberDay(24), time: '19:00', time_zone: 'Europe/London' });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ status: 'scheduled', attempts: 0, time: '19:00' });
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(2);
});

test('a dial Twilio refuses is not tried again: the call is failed and the parent is texted a new-time link', async () => {
  const { call, parentPhone } = await familyWithCall();
  refused.add(parentPhone);
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(1);
  expect(await scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'failed' });
  expect((await ctx.telephony.messagesTo(parentPhone))[0]?.body).toContain(`/santa-calls?again=${call.id}`);
});

/** The family spends the last of its time (on another call, say). */
const spendEverything = (userId: string) =>
  ctx.db.transaction((tx) =>
    ctx.services.subscription.update(tx, userId, { seconds_limit: 60 * 30, seconds_used: 60 * 30 }),
  );

test('a call whose family has no time left when it comes due is not dialled, and the parent is told why', async () => {
  const { call, parentPhone, user } = await familyWithCall();
  await spendEverything(user.id);
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(0);
  expect(await scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'no_time' });
  expect((await ctx.telephony.messagesTo(parentPhone)).at(-1)?.body).toContain(NOT_DIALLED_REASONS.no_time);
});

test('a phone the family removed after booking is not dialled, nor texted', async () => {
  const { call, parentPhone, client } = await familyWithCall();
  const removed = await client.delete(`/api/santa/phones/${encodeURIComponent(parentPhone)}`);
  expect(removed.status).toBe(200);
  await timeArrives(call.id);
  expect(dialsTo(parentPhone)).toBe(0);
  expect(await scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'phone_removed' });
  expect(await ctx.telephony.messagesTo(parentPhone)).toEqual([]);
});

test(`Santa rings one family at most ${DIALS_PER_FAMILY_PER_DAY} times in a day, whatever it scheduled`, async () => {
  const family = await familyWithCall('Europe/London', decemberDay(24), '17:00');
  const { body: kids } = await family.client.get('/api/children');
  const calls = [family.call.id];
  for (const time of ['17:15', '17:30', '17:45']) {
    const res = await family.client.post('/api/scheduled-calls').send({
      date: decemberDay(24),
      time,
      time_zone: 'Europe/London',
      phone: family.parentPhone,
      child_ids: [kids.children[0].id],
    });
    expect(res.status).toBe(201);
    calls.push(res.body.id);
  }
  for (const id of calls) await timeArrives(id);
  expect(dialsTo(family.parentPhone)).toBe(DIALS_PER_FAMILY_PER_DAY);
  expect(await scheduled(calls.at(-1)!)).toMatchObject({ status: 'failed', last_outcome: 'daily_limit' });
});

test('an answered call whose time ran out while it rang hears Santa’s kind word, costs nothing and is failed', async () => {
  const { call, parentPhone, user } = await familyWithCall();
  await timeArrives(call.id);
  await spendEverything(user.id);
  const { call_sid: callSid } = await scheduled(call.id);
  const answer = await twilioPosts('answer', {
    CallSid: callSid!,
    From: ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  expect(answer.text).toContain('<Hangup/>');
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  expect(await scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'no_minutes' });
});

test('an answer that comes before the dial’s sid was stored still puts the child through', async () => {
  const { call, parentPhone } = await familyWithCall();
  await timeArrives(call.id);
  const { call_sid: callSid } = await scheduled(call.id);
  // As if Twilio asked between calls.create answering and the sid reaching the row.
  await ctx.db.query('update scheduled_calls set call_sid = null where id = $1', [call.id]);
  const answer = await twilioPosts(
    'answer',
    { CallSid: callSid!, From: ctx.telephony.hotlineNumber, To: parentPhone, AnsweredBy: 'human' },
    call.id,
  );
  expect(answer.text).toBe(REGISTERED_TWIML);
  expect(await scheduled(call.id)).toMatchObject({ status: 'connected', call_sid: callSid });
});

test('a webhook naming the call but with another dial’s sid changes nothing', async () => {
  const { call, parentPhone } = await familyWithCall();
  await timeArrives(call.id);
  const answer = await twilioPosts(
    'answer',
    {
      CallSid: `CA${'f'.repeat(32)}`,
      From: ctx.telephony.hotlineNumber,
      To: parentPhone,
      AnsweredBy: 'human',
    },
    call.id,
  );
  expect(answer.text).toContain('<Hangup/>');
  expect(await scheduled(call.id)).toMatchObject({ status: 'dialing' });
});

/** The call's last change, `minutes` ago by the database's clock. */
async function untouchedFor(callId: string, minutes: number) {
  await ctx.db.query(
    `update scheduled_calls set updated_at = now() - make_interval(mins => $2) where id = $1`,
    [callId, minutes],
  );
}

test('a dial whose status never came is settled from Twilio’s record: no answer is retried', async () => {
  const { call } = await familyWithCall();
  await timeArrives(call.id);
  const { call_sid: callSid } = await scheduled(call.id);
  await ctx.telephony.setCallStatus(callSid!, 'no-answer');
  await untouchedFor(call.id, 11);
  await ctx.services.scheduledCalls.sweepStuck();
  expect(await scheduled(call.id)).toMatchObject({ status: 'retry_pending', last_outcome: 'no-answer' });
});

test('a dial still ringing at Twilio is left alone by the upkeep', async () => {
  const { call } = await familyWithCall();
  await timeArrives(call.id);
  await untouchedFor(call.id, 11);
  await ctx.services.scheduledCalls.sweepStuck();
  expect(await scheduled(call.id)).toMatchObject({ status: 'dialing' });
});

test('a claim whose dial never reached Twilio (the process died) is retried by the upkeep', async () => {
  const { call } = await familyWithCall();
  await timeArrives(call.id);
  await ctx.db.query('update scheduled_calls set call_sid = null where id = $1', [call.id]);
  await untouchedFor(call.id, 11);
  await ctx.services.scheduledCalls.sweepStuck();
  expect(await scheduled(call.id)).toMatchObject({ status: 'retry_pending', last_outcome: 'failed' });
});

test('a connected call whose end was never reported is shown done once Twilio says it ended', async () => {
  const { call, parentPhone } = await familyWithCall();
  await timeArrives(call.id);
  const { call_sid: callSid } = await scheduled(call.id);
  await twilioPosts('answer', {
    CallSid: callSid!,
    From: ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  await ctx.telephony.setCallStatus(callSid!, 'completed');
  await untouchedFor(call.id, 11);
  await ctx.services.scheduledCalls.sweepStuck();
  expect(await scheduled(call.id)).toMatchObject({ status: 'completed' });
});
