/**
 * What a parent may schedule (decision 0025): a quarter hour outside quiet hours in their own
 * zone and on the phone's clock, a verified family phone, their own children, and a slot that
 * still has room. The families here ring UK mobiles, whose clock is London's.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SCHEDULED_CALL_MESSAGES as MESSAGES,
  UPCOMING_CALLS_LIMIT,
  quietAtPhoneMessage,
} from '@santa/shared/scheduled-calls';
import { createFamily, createVoiceTestContext, type VoiceTestContext } from '../../../test/fixtures/voice.ts';
import { uniquePhone, uniqueUkPhone } from '../../../test/fixtures/unique.ts';
import { signInAsAdmin } from '../../../test/test-app.ts';
import { decemberDay, SEASON_NOW, SEASON_YEAR } from '../../../test/fixtures/season.ts';

/** The app's clock: 1 December of the season, noon in London. */
const NOW = SEASON_NOW;
/** A small capacity, so a full slot is quick to make. */
const CAPACITY = 2;

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext({
    deps: { now: () => NOW },
    env: { SCHEDULED_CALLS_PER_SLOT: String(CAPACITY) },
  });
});
afterAll(() => ctx.close());

async function family(parentPhone = uniqueUkPhone()) {
  const created = await createFamily(ctx, { plan: 'subscription_3month', parentPhone });
  const { body } = await created.client.get('/api/children');
  return { ...created, childId: body.children[0].id as string };
}
type Family = Awaited<ReturnType<typeof family>>;

const request = (f: Family, overrides: Record<string, unknown> = {}) => ({
  date: decemberDay(20),
  time: '17:00',
  time_zone: 'Europe/London',
  phone: f.parentPhone,
  child_ids: [f.childId],
  ...overrides,
});
const schedule = (f: Family, overrides: Record<string, unknown> = {}) =>
  f.client.post('/api/scheduled-calls').send(request(f, overrides));

describe('scheduling a call', () => {
  test('a family with no plan or no time left cannot book Santa’s call', async () => {
    const free = await createFamily(ctx);
    const { body } = await free.client.get('/api/children');
    const f = { ...free, childId: body.children[0].id as string };
    const res = await schedule(f);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(MESSAGES.noTimeLeft);
    expect((await f.client.get('/api/scheduled-calls')).body.calls).toEqual([]);
  });

  test('lists the scheduled call with its day and time as the parent chose them', async () => {
    const f = await family();
    expect((await schedule(f, { time_zone: 'America/Los_Angeles', time: '09:30' })).status).toBe(201);
    const { body } = await f.client.get('/api/scheduled-calls');
    expect(body.calls).toEqual([
      expect.objectContaining({
        date: decemberDay(20),
        time: '09:30',
        time_zone: 'America/Los_Angeles',
        call_at: `${decemberDay(20)}T17:30:00.000Z`,
        status: 'scheduled',
        child_ids: [f.childId],
      }),
    ]);
  });

  test('refuses a time in quiet hours', async () => {
    const f = await family();
    const res = await schedule(f, { time: '20:45' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MESSAGES.quietHours);
  });

  test('allows 21:00 on Christmas Eve, and nothing later', async () => {
    const f = await family();
    expect((await schedule(f, { date: decemberDay(24), time: '21:00' })).status).toBe(201);
    expect((await schedule(f, { date: decemberDay(24), time: '21:15' })).body.detail).toBe(
      MESSAGES.quietHours,
    );
  });

  test('refuses a time that is night on the phone’s own clock, wherever the parent picks it', async () => {
    // A London parent books 10:00 their time for a San Francisco phone: 02:00 there.
    const f = await family(uniquePhone());
    const res = await schedule(f, { date: decemberDay(19), time: '10:00', time_zone: 'Europe/London' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(quietAtPhoneMessage('02:00', 'America/Los_Angeles'));
    expect((await f.client.get('/api/scheduled-calls')).body.calls).toEqual([]);
  });

  test('a time awake on the phone’s clock is booked whatever the parent’s zone', async () => {
    // 18:00 in London is 10:00 in San Francisco.
    const f = await family(uniquePhone());
    const res = await schedule(f, { date: decemberDay(19), time: '18:00', time_zone: 'Europe/London' });
    expect(res.status).toBe(201);
  });

  test('a phone whose area spans two clocks is judged in the zone the parent says it is in', async () => {
    // Area code 208 (Idaho) keeps Mountain and Pacific time.
    const f = await family(`+1208555${String(1000 + Math.floor(Math.random() * 8999))}`);
    const zones = await f.client.get(
      `/api/scheduled-calls/phone-time-zones?phone=${encodeURIComponent(f.parentPhone)}`,
    );
    expect(zones.body.time_zones).toEqual(['America/Boise', 'America/Los_Angeles']);
    // 08:00 in Boise is 07:00 on the Pacific side: quiet unless the parent says the phone keeps Boise's clock.
    const unsaid = await schedule(f, { date: decemberDay(19), time: '16:00', time_zone: 'Europe/Paris' });
    expect(unsaid.body.detail).toBe(quietAtPhoneMessage('07:00', 'America/Los_Angeles'));
    const said = await schedule(f, { date: decemberDay(19), time: '08:00', time_zone: 'America/Boise' });
    expect(said.status).toBe(201);
  });

  test('the time zones of a phone are told only for the family’s own verified phones', async () => {
    const f = await family();
    const mine = await f.client.get(
      `/api/scheduled-calls/phone-time-zones?phone=${encodeURIComponent(f.parentPhone)}`,
    );
    expect(mine.body).toEqual({ phone: f.parentPhone, time_zones: ['Europe/London'] });
    const other = await f.client.get(
      `/api/scheduled-calls/phone-time-zones?phone=${encodeURIComponent(uniquePhone())}`,
    );
    expect(other.status).toBe(400);
    expect(other.body.detail).toBe(MESSAGES.phoneNotVerified);
  });

  test('refuses a time that is not on the quarter hour', async () => {
    const f = await family();
    expect((await schedule(f, { time: '17:10' })).body.detail).toBe(MESSAGES.notOnSlot);
  });

  test('refuses a time that has already passed in the parent’s zone', async () => {
    const f = await family();
    const res = await schedule(f, { date: decemberDay(1), time: '11:45' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MESSAGES.inThePast);
  });

  test('refuses an unknown time zone', async () => {
    const f = await family();
    expect((await schedule(f, { time_zone: 'Mars/Olympus' })).body.detail).toBe(MESSAGES.badTimeZone);
  });

  test('refuses a phone the family has not verified', async () => {
    const f = await family();
    const res = await schedule(f, { phone: '+14155559999' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MESSAGES.phoneNotVerified);
  });

  test('refuses another family’s child', async () => {
    const f = await family();
    const other = await family();
    const res = await schedule(f, { child_ids: [other.childId] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(MESSAGES.unknownChild);
  });

  test('refuses a slot that is full, and shows it as taken', async () => {
    const at = { date: decemberDay(22), time: '18:00' };
    for (let n = 0; n < CAPACITY; n += 1) expect((await schedule(await family(), at)).status).toBe(201);
    const f = await family();
    const res = await schedule(f, at);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(MESSAGES.slotFull);
    const slots = await f.client.get(
      `/api/scheduled-calls/slots?date=${decemberDay(22)}&time_zone=Europe/London`,
    );
    expect(slots.body.slots).toContainEqual({ time: '18:00', free: false });
    expect(slots.body.slots).toContainEqual({ time: '18:15', free: true });
  });

  test('slots run from 08:00 to 20:30, and to 21:00 on Christmas Eve', async () => {
    const f = await family();
    const day = await f.client.get(
      `/api/scheduled-calls/slots?date=${decemberDay(20)}&time_zone=Europe/London`,
    );
    const eve = await f.client.get(
      `/api/scheduled-calls/slots?date=${decemberDay(24)}&time_zone=Europe/London`,
    );
    const times = (res: typeof day) => res.body.slots.map((slot: { time: string }) => slot.time);
    expect([times(day)[0], times(day).at(-1)]).toEqual(['08:00', '20:30']);
    expect(times(eve).at(-1)).toBe('21:00');
  });

  test('the soonest day with a free time is today while its evening is free, else the next day', async () => {
    const f = await family();
    const soonest = (zone: string) =>
      f.client.get(`/api/scheduled-calls/slots?date=${decemberDay(1)}&time_zone=${zone}&soonest=true`);
    // Noon in London: the afternoon is still ahead.
    const london = await soonest('Europe/London');
    expect(london.body.date).toBe(decemberDay(1));
    expect(london.body.slots).toContainEqual({ time: '12:15', free: true });
    // Eleven at night in Sydney: today's last call has passed, so tomorrow it is.
    const sydney = await soonest('Australia/Sydney');
    expect(sydney.body.date).toBe(decemberDay(2));
    expect(sydney.body.slots[0]).toEqual({ time: '08:00', free: true });
  });

  test('refuses a day that does not exist', async () => {
    const f = await family();
    const res = await schedule(f, { date: `${SEASON_YEAR}-02-31` });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/real day/);
    const slots = await f.client.get(
      `/api/scheduled-calls/slots?date=${SEASON_YEAR}-02-31&time_zone=Europe/London`,
    );
    expect(slots.status).toBe(400);
  });

  test('refuses more calls waiting than the family limit, so one family cannot fill Christmas Eve', async () => {
    const f = await family();
    for (let n = 0; n < UPCOMING_CALLS_LIMIT; n += 1)
      expect((await schedule(f, { date: decemberDay(21), time: `1${n}:00` })).status).toBe(201);
    const res = await schedule(f, { date: decemberDay(21), time: '17:00' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(MESSAGES.tooMany);
  });
});

describe('moving and canceling', () => {
  test('a canceled call gives its place in the slot back', async () => {
    const at = { date: decemberDay(23), time: '10:00' };
    const first = await family();
    const { body: call } = await schedule(first, at);
    expect((await schedule(await family(), at)).status).toBe(201);
    expect((await first.client.delete(`/api/scheduled-calls/${call.id}`)).status).toBe(204);
    expect((await schedule(await family(), at)).status).toBe(201);
    expect((await first.client.get('/api/scheduled-calls')).body.calls).toEqual([]);
  });

  test('another family cannot move or cancel the call', async () => {
    const f = await family();
    const { body: call } = await schedule(f);
    const other = await family();
    const move = await other.client
      .patch(`/api/scheduled-calls/${call.id}`)
      .send({ date: decemberDay(21), time: '10:00', time_zone: 'Europe/London' });
    expect(move.status).toBe(404);
    expect(move.body.detail).toBe(MESSAGES.notFound);
    expect((await other.client.delete(`/api/scheduled-calls/${call.id}`)).status).toBe(404);
  });

  test('a move to night on the phone’s clock is refused', async () => {
    const f = await family(uniquePhone());
    const { body: call } = await schedule(f, { time: '18:00' });
    const res = await f.client
      .patch(`/api/scheduled-calls/${call.id}`)
      .send({ date: decemberDay(23), time: '09:00', time_zone: 'Europe/London' });
    expect(res.body.detail).toBe(quietAtPhoneMessage('01:00', 'America/Los_Angeles'));
    expect((await f.client.get('/api/scheduled-calls')).body.calls[0].time).toBe('18:00');
  });

  test('a move to quiet hours is refused and keeps the call where it was', async () => {
    const f = await family();
    const { body: call } = await schedule(f);
    const res = await f.client
      .patch(`/api/scheduled-calls/${call.id}`)
      .send({ date: decemberDay(21), time: '07:45', time_zone: 'Europe/London' });
    expect(res.status).toBe(400);
    expect((await f.client.get('/api/scheduled-calls')).body.calls[0].time).toBe('17:00');
  });
});

test('the admin sees how many of a family’s calls with Santa are still to come', async () => {
  const f = await family();
  // A day no other test uses: its slots have room.
  expect((await schedule(f, { date: decemberDay(21), time: '10:00' })).status).toBe(201);
  expect((await schedule(f, { date: decemberDay(21), time: '10:15' })).status).toBe(201);
  const admin = await signInAsAdmin(ctx.app);
  const res = await admin.get(`/api/admin/users/${f.user.id}`);
  expect(res.status).toBe(200);
  expect(res.body.scheduled_calls_upcoming).toBe(2);
});
