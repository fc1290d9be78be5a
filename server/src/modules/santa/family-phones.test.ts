import { FAMILY_PHONE_LIMIT, FAMILY_PHONE_MESSAGES } from '@santa/shared/santa';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  createTestContext,
  signUp,
  TestClient,
  verifyPhone,
  type TestContext,
} from '../../../test/test-app.ts';
import { postProfile, uniquePhone, validProfile } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function lastCodeTo(phone: string): Promise<string> {
  const { rows } = await ctx.db.query<{ body: string }>(
    'select body from sandbox_sms_messages where to_number = $1 order by id desc limit 1',
    [phone],
  );
  return /\d{6}/.exec(rows[0]!.body)![0];
}

const sendCode = (client: TestClient, phone: string, channel?: 'sms' | 'call') =>
  client.post('/api/santa/phones/send-code').send({ phone, channel });
const verify = (client: TestClient, phone: string, code: string) =>
  client.post('/api/santa/phones/verify').send({ phone, code });

test('a parent phone is linked only after the code texted to it is entered', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  const sent = await sendCode(client, phone);
  expect(sent.body).toEqual({ message: FAMILY_PHONE_MESSAGES.codeSent, channel: 'sms' });
  expect((await client.get('/api/santa/phones')).body.phones).toEqual([]);
  expect((await verify(client, phone, await lastCodeTo(phone))).status).toBe(200);
  const list = (await client.get('/api/santa/phones')).body;
  expect(list.phones.map((p: { phone: string }) => p.phone)).toEqual([phone]);
  expect(list.limit).toBe(FAMILY_PHONE_LIMIT);
});

test('a phone typed in its national format is verified in the country chosen beside it', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  const national = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
  expect(
    (await client.post('/api/santa/phones/send-code').send({ phone: national, country: 'US' })).status,
  ).toBe(200);
  const code = await lastCodeTo(phone);
  const res = await client.post('/api/santa/phones/verify').send({ phone: national, country: 'US', code });
  expect(res.status).toBe(200);
  expect((await client.get('/api/santa/phones')).body.phones.map((p: { phone: string }) => p.phone)).toEqual([
    phone,
  ]);
});

test('a wrong code is refused, and after 5 wrong tries the code is dead', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  await sendCode(client, phone);
  const code = await lastCodeTo(phone);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let i = 0; i < 5; i += 1) {
    expect((await verify(client, phone, wrong)).body.detail).toBe(FAMILY_PHONE_MESSAGES.wrongCode);
  }
  const late = await verify(client, phone, code);
  expect(late.status).toBe(400);
  expect(late.body.detail).toBe(FAMILY_PHONE_MESSAGES.codeExpired);
});

test('an expired code is refused', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  await sendCode(client, phone);
  await ctx.db.query(
    `update sandbox_verifications set expires_at = now() - interval '1 second' where to_number = $1`,
    [phone],
  );
  expect((await verify(client, phone, await lastCodeTo(phone))).body.detail).toBe(
    FAMILY_PHONE_MESSAGES.codeExpired,
  );
});

test('only an account that asked for a code to the phone may spend it', async () => {
  const asker = await signUp(ctx.app);
  const other = await signUp(ctx.app);
  const phone = uniquePhone();
  await sendCode(asker.client, phone);
  const code = await lastCodeTo(phone);
  const res = await verify(other.client, phone, code);
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(FAMILY_PHONE_MESSAGES.codeExpired);
  expect((await verify(asker.client, phone, code)).status).toBe(200);
  expect((await other.client.get('/api/santa/phones')).body.phones).toEqual([]);
});

test('a code asked for again within its ten minutes is the same code, as Twilio Verify does', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  await sendCode(client, phone);
  const first = await lastCodeTo(phone);
  await sendCode(client, phone);
  expect(await lastCodeTo(phone)).toBe(first);
  expect((await verify(client, phone, first)).status).toBe(200);
});

test('"call me with the code" reads the code out in a call instead of a text', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  const sent = await sendCode(client, phone, 'call');
  expect(sent.body).toEqual({ message: FAMILY_PHONE_MESSAGES.codeCalling, channel: 'call' });
  const { rows } = await ctx.db.query<{ channel: string }>(
    "select channel from sandbox_verifications where to_number = $1 and status = 'pending'",
    [phone],
  );
  expect(rows).toEqual([{ channel: 'call' }]);
  expect((await verify(client, phone, await lastCodeTo(phone))).status).toBe(200);
});

test('a UK landline is called with its code, since it cannot receive a text', async () => {
  const { client } = await signUp(ctx.app);
  const landline = `+44207946${String(Math.floor(Math.random() * 1000)).padStart(4, '0')}`;
  const sent = await sendCode(client, landline);
  expect(sent.status).toBe(200);
  expect(sent.body.channel).toBe('call');
});

test('a channel that is neither text nor call is refused with the reason', async () => {
  const { client } = await signUp(ctx.app);
  const res = await client.post('/api/santa/phones/send-code').send({ phone: uniquePhone(), channel: 'fax' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toMatch(/channel must be sms or call/);
});

test('the owner who proves the phone takes it from an account that merely claimed it, and calls reach the owner', async () => {
  const phone = uniquePhone();
  const stranger = await signUp(ctx.app);
  await postProfile(stranger.client, validProfile({ parent_phone: phone, kid_name: 'Max' }));
  await verifyPhone(ctx, stranger.client, phone); // say the stranger once held the number
  const owner = await signUp(ctx.app);
  await postProfile(owner.client, validProfile({ parent_phone: phone, kid_name: 'Emma' }));
  await verifyPhone(ctx, owner.client, phone);
  expect((await ctx.services.profile.findProfileByParentPhone(phone))?.kid_name).toBe('Emma');
  expect((await stranger.client.get('/api/santa/phones')).body.phones).toEqual([]);
});

test(`a family verifies up to ${FAMILY_PHONE_LIMIT} phones, and can remove one to add another`, async () => {
  const { client } = await signUp(ctx.app);
  const phones = Array.from({ length: FAMILY_PHONE_LIMIT }, () => uniquePhone());
  for (const phone of phones) await verifyPhone(ctx, client, phone);
  const extra = uniquePhone();
  const refused = await sendCode(client, extra);
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toBe(FAMILY_PHONE_MESSAGES.tooManyPhones);
  expect((await client.delete(`/api/santa/phones/${encodeURIComponent(phones[0]!)}`)).status).toBe(200);
  await verifyPhone(ctx, client, extra);
  expect((await client.get('/api/santa/phones')).body.phones).toHaveLength(FAMILY_PHONE_LIMIT);
});

test('at most 5 codes an hour are sent for one account', async () => {
  const { client } = await signUp(ctx.app);
  for (let i = 0; i < 5; i += 1) expect((await sendCode(client, uniquePhone())).status).toBe(200);
  const sixth = await sendCode(client, uniquePhone());
  expect(sixth.status).toBe(429);
});

test('the sandbox phone shows the texts sent to a phone', async () => {
  const { client } = await signUp(ctx.app);
  const phone = uniquePhone();
  await sendCode(client, phone);
  const res = await new TestClient(ctx.app).get(
    `/sandbox/phone/api/messages?to=${encodeURIComponent(phone)}`,
  );
  expect(res.status).toBe(200);
  expect(res.body.messages[0].body).toMatch(/^Your Santa Calls verification code is: \d{6}$/);
});
