/**
 * Phone proof cannot be turned into a bill: codes go only to ordinary mobiles and landlines of the
 * countries Santa calls, and caps per client address, per destination number and per day hold
 * across accounts and across replicas (they are counted in Postgres).
 */
import { notTextableMessage, FAMILY_PHONE_MESSAGES } from '@santa/shared/santa';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../../app.ts';
import { createServices } from '../../services.ts';
import { uniquePhone } from '../../../test/fixtures/santa.ts';
import { createTestContext, signUp, TestClient, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let replicaB: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      PHONE_CODES_PER_CLIENT_PER_HOUR: '4',
      PHONE_CODES_PER_NUMBER_PER_DAY: '3',
      PHONE_CODES_PER_DAY: '200',
    },
  });
  replicaB = createApp(ctx.deps, createServices(ctx.deps));
});
afterAll(() => ctx.close());

/** A new family's browser, talking to replica A or B (every test request comes from one address). */
async function family(onB = false) {
  const { client } = await signUp(ctx.app);
  if (!onB) return client;
  const other = new TestClient(replicaB);
  other.cookie = client.cookie;
  return other;
}

const sendCode = (client: TestClient, phone: string) =>
  client.post('/api/santa/phones/send-code').send({ phone });

async function codesTo(phone: string): Promise<number> {
  const { rows } = await ctx.db.query('select 1 from sandbox_sms_messages where to_number = $1', [phone]);
  return rows.length;
}

test.each([
  ['a UK premium-rate number', '+449098790000'],
  ['a US 900 number', '+19005551234'],
  ['a satellite number', '+881612345678'],
  ['a number in Cuba', '+5352345678'],
  ['a number in Somalia', '+2522345678'],
  ['a number in Latvia', '+37121234567'],
])('%s gets no code, and the parent is told which numbers can', async (_what, phone) => {
  const client = await family();
  const res = await sendCode(client, phone);
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(notTextableMessage(['US', 'CA', 'GB']));
  expect(await codesTo(phone)).toBe(0);
});

test('an ordinary US or UK number gets its code', async () => {
  for (const phone of [uniquePhone(), '+441234567890']) {
    const res = await sendCode(await family(), phone);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await ctx.db.query('delete from phone_code_sends');
});

test('many accounts from one address hit the per-address cap, counted across two replicas', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1)
    statuses.push((await sendCode(await family(i % 2 === 1), uniquePhone())).status);
  expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  const refused = await sendCode(await family(), uniquePhone());
  expect(refused.body.detail).toBe(FAMILY_PHONE_MESSAGES.tooManyFromHere);
  await ctx.db.query('delete from phone_code_sends');
});

test('many accounts sending to one number hit the per-number cap, counted across two replicas', async () => {
  const target = uniquePhone();
  const statuses: number[] = [];
  for (let i = 0; i < 4; i += 1) {
    statuses.push((await sendCode(await family(i % 2 === 1), target)).status);
    // Each from its own address, as a pumping ring would send: only the number's cap is met.
    await ctx.db.query(`update phone_code_sends set client_hash = md5(random()::text) where phone = $1`, [
      target,
    ]);
  }
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect(await codesTo(target)).toBe(3);
  const refused = await sendCode(await family(), target);
  expect(refused.body.detail).toBe(FAMILY_PHONE_MESSAGES.tooManyToNumber);
  await ctx.db.query('delete from phone_code_sends');
});

test('the daily total pauses every send once reached', async () => {
  await ctx.db.query(
    `insert into phone_code_sends (client_hash, phone) select md5(g::text), '+1415555' || g from generate_series(1, 200) g`,
  );
  const res = await sendCode(await family(), uniquePhone());
  expect(res.status).toBe(429);
  expect(res.body.detail).toBe(FAMILY_PHONE_MESSAGES.pausedToday);
  await ctx.db.query('delete from phone_code_sends');
});
