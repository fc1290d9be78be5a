/**
 * Santa calls the child (decision 0025): the scheduled call is dialled once at its instant in the
 * parent's zone, even with two job workers on one database, and not at all when it was moved,
 * canceled, refused by Twilio, or no longer has time, a phone or a dial left that day.
 */
import { expect, test } from 'vitest';
import { QUEUES } from '../../jobs/job-queue.ts';
import { DIALS_PER_FAMILY_PER_DAY, NOT_DIALLED_REASONS } from '@santa/shared/scheduled-calls';
import { decemberDay } from '../../../test/fixtures/season.ts';
import { placementWorld } from '../../../test/fixtures/scheduled-placement.ts';

const world = placementWorld();

test('the call is held until 17:00 in London, and 17:00 in New York is five hours later', async () => {
  const london = await world.familyWithCall('Europe/London');
  const newYork = await world.familyWithCall('America/New_York');
  expect(london.call.call_at).toBe(`${decemberDay(24)}T17:00:00.000Z`);
  expect(newYork.call.call_at).toBe(`${decemberDay(24)}T22:00:00.000Z`);
  expect((await world.jobsFor(london.call.id)).map((job) => new Date(job.start_after).toISOString())).toEqual(
    [`${decemberDay(24)}T17:00:00.000Z`],
  );
  expect(
    (await world.jobsFor(newYork.call.id)).map((job) => new Date(job.start_after).toISOString()),
  ).toEqual([`${decemberDay(24)}T22:00:00.000Z`]);
});

test('with two workers and the job sent twice, the family phone is dialled once', async () => {
  const { call, parentPhone } = await world.familyWithCall();
  // The same job again, as a second replica would queue it: both workers may run one each.
  const { rows } = await world.ctx.db.query<{ version: number }>(
    'select version from scheduled_calls where id = $1',
    [call.id],
  );
  await world.replicaB.send(
    QUEUES.scheduledCallPlacement,
    { scheduledCallId: call.id, version: rows[0]!.version },
    undefined,
    {
      startAfter: new Date(`${decemberDay(24)}T17:00:00Z`),
    },
  );
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(1);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'dialing', attempts: 1 });
  expect((await world.ctx.telephony.ringingCallsTo(parentPhone)).length).toBe(1);
});

test('a call moved before its time is dialled at the new time only', async () => {
  const { call, client, parentPhone } = await world.familyWithCall();
  const moved = await client
    .patch(`/api/scheduled-calls/${call.id}`)
    .send({ date: decemberDay(24), time: '18:15', time_zone: 'Europe/London' });
  expect(moved.status).toBe(200);
  expect(moved.body.call_at).toBe(`${decemberDay(24)}T18:15:00.000Z`);
  await world.timeArrives(call.id);
  // Both jobs ran; only the one for the current time dialled.
  expect(world.dialsTo(parentPhone)).toBe(1);
});

test('a canceled call is never dialled', async () => {
  const { call, client, parentPhone } = await world.familyWithCall();
  expect((await client.delete(`/api/scheduled-calls/${call.id}`)).status).toBe(204);
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(0);
});

test('a dial Twilio refuses is not tried again: the call is failed and the parent is texted a new-time link', async () => {
  const { call, parentPhone } = await world.familyWithCall();
  world.refused.add(parentPhone);
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(1);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'failed' });
  expect((await world.ctx.telephony.messagesTo(parentPhone))[0]?.body).toContain(
    `/santa-calls?again=${call.id}`,
  );
});

test('a call whose family has no time left when it comes due is not dialled, and the parent is told why', async () => {
  const { call, parentPhone, user } = await world.familyWithCall();
  await world.spendEverything(user.id);
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(0);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'no_time' });
  expect((await world.ctx.telephony.messagesTo(parentPhone)).at(-1)?.body).toContain(
    NOT_DIALLED_REASONS.no_time,
  );
});

test('a phone the family removed after booking is not dialled, nor texted', async () => {
  const { call, parentPhone, client } = await world.familyWithCall();
  const removed = await client.delete(`/api/santa/phones/${encodeURIComponent(parentPhone)}`);
  expect(removed.status).toBe(200);
  await world.timeArrives(call.id);
  expect(world.dialsTo(parentPhone)).toBe(0);
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'failed', last_outcome: 'phone_removed' });
  expect(await world.ctx.telephony.messagesTo(parentPhone)).toEqual([]);
});

test(`Santa rings one family at most ${DIALS_PER_FAMILY_PER_DAY} times in a day, whatever it scheduled`, async () => {
  const family = await world.familyWithCall('Europe/London', decemberDay(24), '17:00');
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
  for (const id of calls) await world.timeArrives(id);
  expect(world.dialsTo(family.parentPhone)).toBe(DIALS_PER_FAMILY_PER_DAY);
  expect(await world.scheduled(calls.at(-1)!)).toMatchObject({
    status: 'failed',
    last_outcome: 'daily_limit',
  });
});
