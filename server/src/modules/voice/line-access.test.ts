/**
 * Who may reach Santa: a stranger dialling a family's own line, a caller typing the family code,
 * and a hotline caller whose caller ID the network did not vouch for.
 */
import { uniqueSantaNumber } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ASK_FOR_CODE_MESSAGE, LINE_REFUSED_MESSAGE } from './santa-lines.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postTwilio,
  REGISTERED_TWIML,
  reservationsOf,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const STRANGER = '+447700900123';
/** A family on a pass with its own line; its child is called Zelda and wishes for a unicorn. */
async function familyWithOwnLine() {
  const family = await createFamily(ctx, {
    plan: 'subscription_3month',
    profile: { kid_name: 'Zelda', wish_list: 'a unicorn', accomplishments: 'learned to swim' },
  });
  const line = uniqueSantaNumber();
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    family.user.id,
    line,
  ]);
  return { ...family, line };
}

function expectNothingPersonal(twiml: string) {
  for (const secret of ['Zelda', 'unicorn', 'swim']) expect(twiml).not.toContain(secret);
}

test('a stranger dialling a family’s own line hears a kind goodbye, nothing personal, and spends nothing', async () => {
  const { user, line } = await familyWithOwnLine();
  const res = await postTwilio(ctx, 'inbound', inboundCall(STRANGER, line));
  expect(res.text).toContain(LINE_REFUSED_MESSAGE.slice(0, 40));
  expectNothingPersonal(res.text);
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
});

test('the family’s own verified phone reaches Santa on its line', async () => {
  const { user, line, parentPhone } = await familyWithOwnLine();
  const res = await postTwilio(ctx, 'inbound', inboundCall(parentPhone, line));
  expect(res.text).toBe(REGISTERED_TWIML);
  expect(await reservationsOf(ctx, user.id)).toHaveLength(1);
});

test('with a family code, a stranger is asked for it; the right code reaches Santa, a wrong one a goodbye', async () => {
  const { user, line } = await familyWithOwnLine();
  await ctx.services.lineAccess.save(user.id, { access: 'code', family_code: '4711' });
  const call = inboundCall(STRANGER, line);
  const asked = await postTwilio(ctx, 'inbound', call);
  expect(asked.text).toContain('<Gather');
  expect(asked.text).toContain(ASK_FOR_CODE_MESSAGE.slice(0, 30));
  expectNothingPersonal(asked.text);
  expect(await reservationsOf(ctx, user.id)).toEqual([]);

  const wrong = await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '0000' });
  expect(wrong.text).toContain(LINE_REFUSED_MESSAGE.slice(0, 40));
  expect(await reservationsOf(ctx, user.id)).toEqual([]);

  const right = await postTwilio(ctx, 'inbound', { ...call, Digits: '4711' });
  expect(right.text).toBe(REGISTERED_TWIML);
  expect(await reservationsOf(ctx, user.id)).toHaveLength(1);
});

test('on the hotline, a caller ID the network did not vouch for is asked for the family code', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  const { family_code: code } = await ctx.services.lineAccess.settings(user.id);
  const call = { ...inboundCall(parentPhone, HOTLINE), StirVerstat: 'TN-Validation-Failed' };
  const asked = await postTwilio(ctx, 'inbound', call);
  expect(asked.text).toContain('<Gather');
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  const { StirVerstat: _unattested, ...withoutVerdict } = call;
  expect((await postTwilio(ctx, 'inbound', withoutVerdict)).text).toContain('<Gather');
  const right = await postTwilio(ctx, 'inbound', { ...call, Digits: code });
  expect(right.text).toBe(REGISTERED_TWIML);
});

test('every family has a 4-digit code from the start, and may change it and who may call', async () => {
  const { user, client } = await createFamily(ctx);
  const first = await client.get('/api/santa/line');
  expect(first.body).toEqual({ access: 'family_phones', family_code: expect.stringMatching(/^\d{4}$/) });
  const saved = await client.put('/api/santa/line').send({ access: 'code', family_code: '2512' });
  expect(saved.body).toEqual({ access: 'code', family_code: '2512' });
  const bad = await client.put('/api/santa/line').send({ access: 'code', family_code: '12' });
  expect(bad.status).toBe(400);
  expect(await ctx.services.lineAccess.settings(user.id)).toEqual({ access: 'code', family_code: '2512' });
});

test('on the hotline, a caller ID attested only B or C is asked for the family code; A goes straight through', async () => {
  const { user, parentPhone } = await createFamily(ctx, { plan: 'subscription_3month' });
  for (const verdict of ['TN-Validation-Passed-B', 'TN-Validation-Passed-C']) {
    const asked = await postTwilio(ctx, 'inbound', {
      ...inboundCall(parentPhone, HOTLINE),
      StirVerstat: verdict,
    });
    expect(asked.text).toContain('<Gather');
  }
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  const attested = { ...inboundCall(parentPhone, HOTLINE), StirVerstat: 'TN-Validation-Passed-A' };
  expect((await postTwilio(ctx, 'inbound', attested)).text).toBe(REGISTERED_TWIML);
});

async function lockedEmailsOf(userId: string): Promise<number> {
  const { rows } = await ctx.db.query(
    `select 1 from emails where user_id = $1 and kind = 'family_code_locked'`,
    [userId],
  );
  return rows.length;
}

test('five wrong family codes from any callers lock the code: even the right one is refused, and the parent is emailed once', async () => {
  const { user, line } = await familyWithOwnLine();
  await ctx.services.lineAccess.save(user.id, { access: 'code', family_code: '4711' });
  const callers = ['+447700900201', '+447700900202', '+447700900203', '+447700900204', '+447700900205'];
  for (const caller of callers.slice(0, 4))
    await postTwilio(ctx, 'inbound', { ...inboundCall(caller, line), Digits: '0000' });
  expect(await lockedEmailsOf(user.id)).toBe(0);
  await postTwilio(ctx, 'inbound', { ...inboundCall(callers[4]!, line), Digits: '1234' });
  expect(await lockedEmailsOf(user.id)).toBe(1);

  const right = await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '4711' });
  expect(right.text).toContain(LINE_REFUSED_MESSAGE.slice(0, 40));
  expect(await reservationsOf(ctx, user.id)).toEqual([]);
  await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '9999' });
  expect(await lockedEmailsOf(user.id)).toBe(1);
});

test('the family code works again once its lockout is over', async () => {
  const { user, line } = await familyWithOwnLine();
  await ctx.services.lineAccess.save(user.id, { access: 'code', family_code: '4711' });
  for (let i = 0; i < 5; i++)
    await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '0000' });
  await ctx.db.query(
    `update line_settings set code_locked_until = now() - interval '1 second',
       code_failures_since = now() - interval '16 minutes' where user_id = $1`,
    [user.id],
  );
  const right = await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '4711' });
  expect(right.text).toBe(REGISTERED_TWIML);
});

test('four wrong codes spread beyond the 15-minute window never lock the code', async () => {
  const { user, line } = await familyWithOwnLine();
  await ctx.services.lineAccess.save(user.id, { access: 'code', family_code: '4711' });
  for (let i = 0; i < 4; i++)
    await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '0000' });
  await ctx.db.query(
    `update line_settings set code_failures_since = now() - interval '16 minutes' where user_id = $1`,
    [user.id],
  );
  await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '0000' });
  expect(await lockedEmailsOf(user.id)).toBe(0);
  const right = await postTwilio(ctx, 'inbound', { ...inboundCall(STRANGER, line), Digits: '4711' });
  expect(right.text).toBe(REGISTERED_TWIML);
});
