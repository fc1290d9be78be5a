/**
 * Santa's call is answered (decision 0025): a child who picks up is put through and the call
 * reserves and settles minutes exactly like a call the child made; a no-answer and a voicemail are
 * tried again once and then the parent is told; an answer the call cannot take costs nothing.
 */
import { expect, test } from 'vitest';
import {
  reservationsOf,
  postElevenLabs,
  REGISTERED_TWIML,
  transcriptionPayload,
} from '../../../test/fixtures/voice.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { decemberDay } from '../../../test/fixtures/season.ts';
import { HOUR_MS, NOW, placementWorld } from '../../../test/fixtures/scheduled-placement.ts';
import { VOICEMAIL_MESSAGE } from './call-placement.ts';

const world = placementWorld();

test('an answered call is registered as outbound, reserves minutes and settles them from the post-call', async () => {
  const { call, parentPhone, user } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const { call_sid: callSid } = await world.scheduled(call.id);
  const answer = await world.twilioPosts('answer', {
    CallSid: callSid!,
    From: world.ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  expect(answer.text).toBe(REGISTERED_TWIML);
  expect(world.ctx.voice.registered.at(-1)).toMatchObject({ callSid, direction: 'outbound' });
  expect(await reservationsOf(world.ctx, user.id)).toEqual([
    { call_sid: callSid, seconds_reserved: 30 * 60, status: 'open' },
  ]);
  const settled = await postElevenLabs(
    world.ctx,
    transcriptionPayload({
      conversationId: uniqueConversationId(),
      callSid: callSid!,
      userId: user.id,
      durationSecs: 95,
    }),
  );
  expect(settled.status).toBe(200);
  expect(await reservationsOf(world.ctx, user.id)).toEqual([
    { call_sid: callSid, seconds_reserved: 30 * 60, status: 'settled' },
  ]);
  expect((await world.ctx.services.subscription.find(user.id))?.seconds_used).toBe(95);
  await world.twilioPosts('status', { CallSid: callSid!, CallStatus: 'completed', CallDuration: '95' });
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'completed' });
});

test('no answer, then a voicemail: Santa leaves a short message, tries once more, then texts the parent', async () => {
  const { call, parentPhone, user } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const first = (await world.scheduled(call.id)).call_sid!;
  await world.twilioPosts('status', { CallSid: first, CallStatus: 'no-answer' });
  expect(await world.scheduled(call.id)).toMatchObject({
    status: 'retry_pending',
    last_outcome: 'no-answer',
  });
  // The retry is held half an hour after the app's clock.
  const retry = (await world.jobsFor(call.id)).filter((job) => job.state === 'created');
  expect(retry.map((job) => new Date(job.start_after).getTime())).toEqual([NOW.getTime() + HOUR_MS / 2]);

  await world.timeArrives(call.id);
  const second = (await world.scheduled(call.id)).call_sid!;
  expect(second).not.toBe(first);
  const voicemail = await world.twilioPosts('answer', {
    CallSid: second,
    From: world.ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'machine_end_beep',
  });
  expect(voicemail.text).toContain(VOICEMAIL_MESSAGE);
  expect(voicemail.text).toContain('<Hangup/>');
  await world.twilioPosts('status', { CallSid: second, CallStatus: 'completed', CallDuration: '12' });

  expect(await world.scheduled(call.id)).toMatchObject({
    status: 'missed',
    attempts: 2,
    last_outcome: 'voicemail',
  });
  expect(world.dialsTo(parentPhone)).toBe(2);
  // Nothing was reserved or billed for either try.
  expect(await reservationsOf(world.ctx, user.id)).toEqual([]);
  expect((await world.ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
  const texts = await world.ctx.telephony.messagesTo(parentPhone);
  expect(texts[0]?.body).toContain(`/santa-calls?again=${call.id}`);
});

test('a missed call is offered a new time in one tap: moving it schedules it again', async () => {
  const { call, client, parentPhone } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const sid = (await world.scheduled(call.id)).call_sid!;
  await world.ctx.db.query('update scheduled_calls set attempts = 2 where id = $1', [call.id]);
  await world.twilioPosts('status', { CallSid: sid, CallStatus: 'busy' });
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'missed' });
  const again = await client
    .patch(`/api/scheduled-calls/${call.id}`)
    .send({ date: decemberDay(24), time: '19:00', time_zone: 'Europe/London' });
  expect(again.status).toBe(200);
  expect(again.body).toMatchObject({ status: 'scheduled', attempts: 0, time: '19:00' });
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(2);
});

test('an answered call whose time ran out while it rang hears Santa’s kind word, costs nothing and is failed', async () => {
  const { call, parentPhone, user } = await world.familyWithCall();
  await world.timeArrives(call.id);
  await world.spendEverything(user.id);
  const { call_sid: callSid } = await world.scheduled(call.id);
  const answer = await world.twilioPosts('answer', {
    CallSid: callSid!,
    From: world.ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  expect(answer.text).toContain('<Hangup/>');
  expect(await reservationsOf(world.ctx, user.id)).toEqual([]);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'no_minutes' });
});

test('an answer that comes before the dial’s sid was stored still puts the child through', async () => {
  const { call, parentPhone } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const { call_sid: callSid } = await world.scheduled(call.id);
  // As if Twilio asked between calls.create answering and the sid reaching the row.
  await world.ctx.db.query('update scheduled_calls set call_sid = null where id = $1', [call.id]);
  const answer = await world.twilioPosts(
    'answer',
    { CallSid: callSid!, From: world.ctx.telephony.hotlineNumber, To: parentPhone, AnsweredBy: 'human' },
    call.id,
  );
  expect(answer.text).toBe(REGISTERED_TWIML);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'connected', call_sid: callSid });
});

test('a webhook naming the call but with another dial’s sid changes nothing', async () => {
  const { call, parentPhone } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const answer = await world.twilioPosts(
    'answer',
    {
      CallSid: `CA${'f'.repeat(32)}`,
      From: world.ctx.telephony.hotlineNumber,
      To: parentPhone,
      AnsweredBy: 'human',
    },
    call.id,
  );
  expect(answer.text).toContain('<Hangup/>');
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'dialing' });
});
