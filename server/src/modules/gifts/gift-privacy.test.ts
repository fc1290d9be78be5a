import { afterAll, beforeAll, expect, test } from 'vitest';
import { familyRows } from '../privacy/export.repository.ts';
import { agentNumber, subscriptionOf } from '../../../test/fixtures/admin.ts';
import { buyGift, giftOrder, mailTo, redeemCodeFor } from '../../../test/fixtures/gifts.ts';
import {
  createTestContext,
  signInAsAdmin,
  signUp,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

async function giftRow(giftId: string) {
  const { rows } = await ctx.db.query<Record<string, unknown>>('select * from gifts where id = $1', [giftId]);
  return rows[0];
}

/** A gift bought by a signed-in parent and redeemed by another. */
async function redeemedGift() {
  const buyer = await signUp(ctx.app, { name: 'Gift Buyer' });
  const { giftId, order } = await buyGift(ctx, giftOrder({ buyer_name: '', buyer_email: '' }), buyer.client);
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const redeemer = await signUp(ctx.app, { email: order.recipient_email });
  expect((await redeemer.client.post('/api/gifts/redeem').send({ code })).status).toBe(200);
  return { buyer, redeemer, giftId };
}

/** Columns of every table holding `needle` (the audit logs and the sandboxes left out). */
async function placesHolding(needle: string): Promise<string[]> {
  const { rows: columns } = await ctx.db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.data_type in ('uuid', 'text', 'jsonb') and c.table_name not like 'sandbox_%'
       and c.table_name not like '%audit_log'`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await ctx.db.query(
      `select 1 from "${table}" where position(lower($1) in lower("${column}"::text)) > 0 limit 1`,
      [needle],
    );
    if (rows.length > 0) found.push(`${table}.${column}`);
  }
  return found;
}

test("deleting the buyer's account keeps the paid gift, without the buyer's account or address", async () => {
  const { buyer, giftId } = await redeemedGift();
  expect((await admin.delete(`/api/admin/users/${buyer.user.id}`)).status).toBe(200);
  expect(await giftRow(giftId)).toMatchObject({
    buyer_user_id: null,
    buyer_email: null,
    buyer_name: 'Gift Buyer',
  });
  expect(await placesHolding(buyer.user.id)).toEqual([]);
  expect(await placesHolding(buyer.user.email)).toEqual([]);
});

test("deleting the redeemer's account leaves nothing of them in the gift or the email that carried it", async () => {
  const { redeemer, giftId } = await redeemedGift();
  expect(await placesHolding(redeemer.user.email)).toContain('gifts.recipient_email');
  expect((await admin.delete(`/api/admin/users/${redeemer.user.id}`)).status).toBe(200);
  expect(await giftRow(giftId)).toMatchObject({ redeemed_by: null, recipient_email: null, message: null });
  expect((await giftRow(giftId))!.redeemed_at).not.toBeNull();
  expect(await placesHolding(redeemer.user.id)).toEqual([]);
  expect(await placesHolding(redeemer.user.email)).toEqual([]);
});

test('the data download lists the gifts a family bought and redeemed, never the code', async () => {
  const { buyer, redeemer, giftId } = await redeemedGift();
  const bought = await familyRows(ctx.db, buyer.user.id);
  expect(bought.gifts_bought).toEqual([expect.objectContaining({ id: giftId, plan: 'subscription_3month' })]);
  const redeemed = await familyRows(ctx.db, redeemer.user.id);
  expect(redeemed.gifts_redeemed).toEqual([expect.objectContaining({ id: giftId })]);
  expect(JSON.stringify(redeemed.gifts_redeemed)).not.toContain('token_hash');
});

test('the admin sees how many gifts were bought, delivered and redeemed, and the latest ones', async () => {
  const { giftId } = await redeemedGift();
  const res = await admin.get('/api/admin/gifts');
  expect(res.status).toBe(200);
  expect(res.body.redeemed).toBeGreaterThanOrEqual(1);
  expect(res.body.bought).toBeGreaterThanOrEqual(res.body.delivered);
  expect(res.body.recent).toContainEqual(
    expect.objectContaining({ id: giftId, plan_name: '3-Month Pass', status: 'redeemed', amount: 8900 }),
  );
  expect(JSON.stringify(res.body)).not.toContain('Merry Christmas');
});

test('a gifted pass ends when its period is over, and its Santa number is released', async () => {
  const { redeemer } = await redeemedGift();
  expect(await agentNumber(ctx, redeemer.user.id)).toBeDefined();
  await ctx.db.query(
    `update subscriptions set current_period_end = now() - interval '1 minute' where user_id = $1`,
    [redeemer.user.id],
  );
  await ctx.services.gifts.upkeep.run();
  expect((await subscriptionOf(ctx, redeemer.user.id))!.status).toBe('ended');
  expect(await agentNumber(ctx, redeemer.user.id)).toBeUndefined();
});

test('a gifted pass that could not get its number at redemption gets it from the hourly upkeep', async () => {
  const { redeemer } = await redeemedGift();
  await ctx.services.payments.numbers.releaseDedicatedNumber(redeemer.user.id);
  await ctx.services.gifts.upkeep.run();
  expect(await agentNumber(ctx, redeemer.user.id)).toMatch(/^\+1555/);
  expect((await subscriptionOf(ctx, redeemer.user.id))!.status).toBe('active');
});

test('a checkout left unpaid for a day is forgotten', async () => {
  const order = giftOrder();
  const res = await (await signUp(ctx.app)).client.post('/api/gifts/checkout').send(order);
  expect(res.status).toBe(200);
  await ctx.db.query(`update gifts set created_at = now() - interval '25 hours' where recipient_email = $1`, [
    order.recipient_email,
  ]);
  await ctx.services.gifts.upkeep.run();
  expect(await mailTo(ctx, order.recipient_email)).toEqual([]);
  const { rows } = await ctx.db.query('select 1 from gifts where recipient_email = $1', [
    order.recipient_email,
  ]);
  expect(rows).toEqual([]);
});
