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
