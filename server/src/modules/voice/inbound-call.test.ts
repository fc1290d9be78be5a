import supertest from 'supertest';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { GRACE_SECONDS } from './minutes.ts';
import { BUSY_WORKSHOP_MESSAGE } from './santa-lines.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postTwilio,
  reservationsOf,
  REGISTERED_TWIML,
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

test('a forged Twilio signature is refused with 403 and nothing is reserved', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE), { forge: true });
  expect(res.status).toBe(403);
  expect(await reservations(user.id)).toHaveLength(0);
  expect(ctx.voice.registered).toHaveLength(0);
});

test('an unsigned Twilio webhook is refused', async () => {
  const res = await supertest(ctx.voiceApp)
    .post('/api/voice/twilio/inbound')
    .type('form')
    .send(inboundCall('+14155550001', HOTLINE));
  expect(res.status).toBe(403);
});

test('a parent calling the common hotline from their own phone is recognised and connected to Santa', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'free_sample' });
  const call = inboundCall(parentPhone, HOTLINE);
  const res = await postTwilio(ctx, 'inbound', call);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/xml/);
  expect(res.text).toBe(REGISTERED_TWIML);
  const sent = ctx.voice.registered.at(-1)!;
  expect(sent).toMatchObject({ fromNumber: parentPhone, toNumber: HOTLINE, callSid: call.CallSid });
  expect(sent.dynamicVariables).toMatchObject({
    kid_name: 'Emma',
    allowed_minutes: 1,
    allowed_seconds: 60,
    user_id: user.id,
  });
  expect(sent.prompt).toContain('Emma');
  expect(sent.prompt).toContain('a red bicycle');
  expect(sent.prompt).toContain('at most 1 minute');
  expect(sent.firstMessage).toContain('Emma');
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 60, status: 'open' },
  ]);
});

test('Twilio re-sending the webhook of a ringing call connects it again without reserving twice', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'free_sample' });
  const call = inboundCall(parentPhone, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', call)).text).toBe(REGISTERED_TWIML);
  // The first attempt holds the whole 1-minute balance, yet the retry is the same call.
  expect((await postTwilio(ctx, 'inbound', call)).text).toBe(REGISTERED_TWIML);
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 60, status: 'open' },
  ]);
});

test.each([
  ['the parent phone was saved formatted', '+1 (415) 555-7771', '+14155557771'],
  ['Twilio sends the caller number formatted', '+14155557772', '+1 (415) 555-7772'],
])('a hotline caller still matches the parent phone when %s', async (_case, saved, calling) => {
  const { user } = await createFamily(ctx, { plan: 'free_sample', profile: { parent_phone: saved } });
  const res = await postTwilio(ctx, 'inbound', inboundCall(calling, HOTLINE));
  expect(res.text).toBe(REGISTERED_TWIML);
  expect(await reservations(user.id)).toHaveLength(1);
});

test('the STIR/SHAKEN verdict on the caller ID is kept with the call it let through', async () => {
  const attested = await createFamily(ctx, { plan: 'subscription_3month' });
  const vouched = inboundCall(attested.parentPhone, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', vouched)).text).toBe(REGISTERED_TWIML);

  // Not vouched for: let through by the family code, with the verdict that made Santa ask for it.
  const unattested = await createFamily(ctx, { plan: 'subscription_3month' });
  const { family_code: code } = await ctx.services.lineAccess.settings(unattested.user.id);
  const doubted = { ...inboundCall(unattested.parentPhone, HOTLINE), StirVerstat: 'TN-Validation-Passed-C' };
  expect((await postTwilio(ctx, 'inbound', { ...doubted, Digits: code })).text).toBe(REGISTERED_TWIML);

  const { rows } = await ctx.db.query<{ call_sid: string; stir_verstat: string | null }>(
    'select call_sid, stir_verstat from call_reservations where call_sid = any($1) order by stir_verstat',
    [[vouched.CallSid, doubted.CallSid]],
  );
  expect(rows).toEqual([
    { call_sid: vouched.CallSid, stir_verstat: 'TN-Validation-Passed-A' },
    { call_sid: doubted.CallSid, stir_verstat: 'TN-Validation-Passed-C' },
  ]);
});

test('a call Twilio gave no verdict for is kept without one', async () => {
  const { user } = await createFamily(ctx, { plan: 'subscription_3month' });
  await ctx.services.lineAccess.save(user.id, { access: 'anyone', family_code: '2512' });
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    user.id,
    '+15550143',
  ]);
  const { StirVerstat: _none, ...call } = inboundCall('+447700900124', '+15550143');
  expect((await postTwilio(ctx, 'inbound', call)).text).toBe(REGISTERED_TWIML);
  const { rows } = await ctx.db.query('select stir_verstat from call_reservations where call_sid = $1', [
    call.CallSid,
  ]);
  expect(rows).toEqual([{ stir_verstat: null }]);
});

test("Twilio's fallback webhook has Santa apologise and hang up, without asking the database anything", async () => {
  // The earlier tests' welcome emails go out on this same database: sent before it is watched.
  expect(await ctx.jobs.drained()).toBe(true);
  const query = vi.spyOn(ctx.db, 'query');
  const transaction = vi.spyOn(ctx.db, 'transaction');
  try {
    const res = await postTwilio(ctx, 'fallback', {
      ...inboundCall('+14155550001', HOTLINE),
      ErrorCode: '11200',
      ErrorUrl: 'https://santa.example/api/voice/twilio/inbound',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/xml/);
    expect(res.text).toContain(BUSY_WORKSHOP_MESSAGE);
    expect(res.text).toContain('<Hangup/>');
    expect(query).not.toHaveBeenCalled();
    expect(transaction).not.toHaveBeenCalled();
  } finally {
    query.mockRestore();
    transaction.mockRestore();
  }
});

test('the fallback answers even when the signature is not ours: it is what a caller hears when signatures fail', async () => {
  const res = await postTwilio(ctx, 'fallback', inboundCall('+14155550001', HOTLINE), { forge: true });
  expect(res.status).toBe(200);
  expect(res.text).toContain('<Say');
  expect(ctx.voice.registered.filter((r) => r.fromNumber === '+14155550001')).toEqual([]);
});

test("a call to a dedicated number reaches its owner's profile whoever calls, when the family allows anyone", async () => {
  const { user } = await createFamily(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Noah' } });
  await ctx.services.lineAccess.save(user.id, { access: 'anyone', family_code: '2512' });
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    user.id,
    '+15550142',
  ]);
  const res = await postTwilio(ctx, 'inbound', inboundCall('+447700900123', '+15550142'));
  expect(res.text).toBe(REGISTERED_TWIML);
  const sent = ctx.voice.registered.at(-1)!;
  // A pass's 180 minutes, but one call holds at most an hour of them.
  expect(sent.dynamicVariables).toMatchObject({
    kid_name: 'Noah',
    allowed_minutes: 60,
    allowed_seconds: 3600,
  });
});

test('an unknown caller on the hotline hears a grown-up message, hangs up, and nothing is stored', async () => {
  const before = await ctx.db.query('select count(*)::int as n from call_reservations');
  const registered = ctx.voice.registered.length;
  const res = await postTwilio(ctx, 'inbound', inboundCall('+14155559999', HOTLINE));
  expect(res.status).toBe(200);
  expect(res.text).toContain('<Say voice="Polly.Matthew">');
  expect(res.text).toContain('grown-up');
  expect(res.text).toContain('<Hangup/>');
  const after = await ctx.db.query('select count(*)::int as n from call_reservations');
  expect(after.rows).toEqual(before.rows);
  expect(ctx.voice.registered).toHaveLength(registered);
});

test('a caller with no minutes left hears a kind goodbye and is not connected', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'free_sample' });
  await ctx.db.transaction((tx) => ctx.services.subscription.update(tx, user.id, { seconds_used: 60 }));
  const registered = ctx.voice.registered.length;
  const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(res.text).toContain('goodbye');
  expect(res.text).toContain('<Hangup/>');
  expect(ctx.voice.registered).toHaveLength(registered);
  expect(await reservations(user.id)).toHaveLength(0);
});

test('a family with 47 seconds left can call and the call is capped at 47 seconds (+grace)', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'free_sample' });
  await ctx.db.transaction((tx) => ctx.services.subscription.update(tx, user.id, { seconds_used: 13 }));
  const call = inboundCall(parentPhone, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', call)).text).toBe(REGISTERED_TWIML);
  const sent = ctx.voice.registered.at(-1)!;
  expect(sent.maxDurationSeconds).toBe(47 + GRACE_SECONDS);
  expect(sent.dynamicVariables).toMatchObject({ allowed_seconds: 47, allowed_minutes: 0 });
  expect(sent.prompt).toContain('at most 47 seconds');
  expect(await reservations(user.id)).toEqual([
    { call_sid: call.CallSid, seconds_reserved: 47, status: 'open' },
  ]);
});

test('a family with one second left can still call', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month', seconds: 1 });
  expect((await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE))).text).toBe(REGISTERED_TWIML);
  expect((await reservations(user.id)).map((row) => row.seconds_reserved)).toEqual([1]);
});

test('a profile without any plan gets the no-minutes goodbye', async () => {
  const { parentPhone } = await createFamily(ctx);
  const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
  expect(res.text).toContain('goodbye');
});

test('when the voice agent fails the reservation is closed and the child hears an apology', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'pay_per_call' });
  ctx.voice.failRegister = true;
  try {
    const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE));
    expect(res.text).toContain('try calling Santa again');
    expect(res.text).toContain('<Hangup/>');
  } finally {
    ctx.voice.failRegister = false;
  }
  expect((await reservations(user.id)).map((r) => r.status)).toEqual(['closed']);
});
