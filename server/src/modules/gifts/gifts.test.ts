import { afterAll, beforeAll, expect, test } from 'vitest';
import { GIFT_MESSAGES } from '@santa/shared/gifts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { agentNumber, buyPass, subscriptionOf } from '../../../test/fixtures/admin.ts';
import {
  buyGift,
  dayFromToday,
  deliveryDayArrives,
  giftOrder,
  mailTo,
  redeemCodeFor,
  settle,
} from '../../../test/fixtures/gifts.ts';
import { createTestContext, signUp, TestClient, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function giftRow(giftId: string) {
  const { rows } = await ctx.db.query<{
    paid_at: Date | null;
    delivered_at: Date | null;
    redeemed_at: Date | null;
    redeemed_by: string | null;
    amount_cents: number | null;
    deliver_at: Date;
  }>('select * from gifts where id = $1', [giftId]);
  return rows[0]!;
}

test('a gift bought, delivered by email on its date, redeemed once, refused the second time', async () => {
  const order = giftOrder({ deliver_on: dayFromToday(3) });
  const { giftId } = await buyGift(ctx, order);

  // Paid: the buyer's receipt now, the recipient's email held by the queue until its day.
  expect((await giftRow(giftId)).amount_cents).toBe(8900);
  const receipts = await mailTo(ctx, order.buyer_email);
  expect(receipts.map((email) => email.subject)).toEqual([
    expect.stringMatching(/^Your gift is on its way on \w+ \d+, \d{4}$/),
  ]);
  expect(receipts[0]!.text).toContain('$89');
  expect(await mailTo(ctx, order.recipient_email)).toEqual([]);
  const { rows: held } = await ctx.db.query<{ start_after: Date }>(
    `select start_after from ${ctx.jobs.schema}.job where name = $1 and data->>'giftId' = $2`,
    [QUEUES.giftDelivery, giftId],
  );
  expect(held).toHaveLength(1);
  expect(new Date(held[0]!.start_after).getTime()).toBe(
    new Date((await giftRow(giftId)).deliver_at).getTime(),
  );
  expect(new Date(held[0]!.start_after).getTime()).toBeGreaterThan(Date.now() + 2 * DAY_MS);

  await deliveryDayArrives(ctx, giftId);
  await settle(ctx);
  const [delivery] = await mailTo(ctx, order.recipient_email);
  expect(delivery!.subject).toBe('Grandma Jo sent you a gift: the 3-Month Pass from Santa Calls');
  expect(delivery!.text).toContain('Merry Christmas from Grandma!');
  expect((await giftRow(giftId)).delivered_at).not.toBeNull();
  const code = await redeemCodeFor(ctx, order.recipient_email);

  const recipient = await signUp(ctx.app, { email: order.recipient_email });
  const redeemed = await recipient.client.post('/api/gifts/redeem').send({ code });
  expect(redeemed.status).toBe(200);
  expect(redeemed.body.plan_name).toBe('3-Month Pass');
  const plan = (await subscriptionOf(ctx, recipient.user.id))!;
  expect(plan).toMatchObject({ plan: 'subscription_3month', status: 'active', cancel_at_period_end: true });
  expect(plan.seconds_limit).toBe(180 * 60);
  expect(await agentNumber(ctx, recipient.user.id)).toMatch(/^\+1555/);

  const someoneElse = await signUp(ctx.app);
  const again = await someoneElse.client.post('/api/gifts/redeem').send({ code });
  expect(again.status).toBe(409);
  expect(again.body.detail).toBe(GIFT_MESSAGES.alreadyRedeemed);
  expect(await subscriptionOf(ctx, someoneElse.user.id)).toBeUndefined();
  expect((await giftRow(giftId)).redeemed_by).toBe(recipient.user.id);
});

test('a gift for today is emailed to its recipient at once', async () => {
  const { order, giftId } = await buyGift(ctx, giftOrder({ deliver_on: dayFromToday(0) }));
  expect((await mailTo(ctx, order.recipient_email)).map((email) => email.subject)).toEqual([
    'Grandma Jo sent you a gift: the 3-Month Pass from Santa Calls',
  ]);
  expect((await giftRow(giftId)).delivered_at).not.toBeNull();
});

test('the redeem page shows who gave it, their message and the plan, and whether it is spent', async () => {
  const { order } = await buyGift(ctx, giftOrder({ plan: 'pay_per_call' }));
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const res = await new TestClient(ctx.app).get(`/api/gifts/${code}`);
  expect(res.status).toBe(200);
  expect(res.headers['x-robots-tag']).toContain('noindex');
  expect(res.body).toEqual({
    giver_name: 'Grandma Jo',
    recipient_name: 'Robin',
    message: 'Merry Christmas from Grandma!',
    plan: 'pay_per_call',
    plan_name: 'Pay Per Call',
    redeemed: false,
  });
});

test('an unknown gift code answers 404 to the page and to redeeming', async () => {
  const { client } = await signUp(ctx.app);
  expect((await client.get('/api/gifts/not-a-real-code')).status).toBe(404);
  const res = await client.post('/api/gifts/redeem').send({ code: 'not-a-real-code' });
  expect(res.status).toBe(404);
  expect(res.body.detail).toBe(GIFT_MESSAGES.notFound);
});

test('redeeming a pass while a pass runs is refused with 409, and the code stays good for later', async () => {
  const { order } = await buyGift(ctx);
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const parent = await signUp(ctx.app, { email: order.recipient_email });
  await buyPass(ctx, parent.client, undefined, 'subscription_6month');
  const refused = await parent.client.post('/api/gifts/redeem').send({ code });
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toContain('You already have the 6-Month Pass');
  expect((await subscriptionOf(ctx, parent.user.id))!.plan).toBe('subscription_6month');
  const view = await parent.client.get(`/api/gifts/${code}`);
  expect(view.body.redeemed).toBe(false);
});

test('a gifted Pay Per Call starts on top of the free sample, carrying its unspent time', async () => {
  const { order } = await buyGift(ctx, giftOrder({ plan: 'pay_per_call' }));
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const parent = await signUp(ctx.app);
  await ctx.services.subscription.activatePlan(ctx.db, parent.user.id, {
    plan: 'free_sample',
    amountCents: 0,
  });
  const res = await parent.client.post('/api/gifts/redeem').send({ code });
  expect(res.status).toBe(200);
  const plan = (await subscriptionOf(ctx, parent.user.id))!;
  expect(plan).toMatchObject({ plan: 'pay_per_call', cancel_at_period_end: false });
  expect(plan.seconds_limit).toBe(6 * 60);
});

test('two accounts redeeming one code at the same moment: one gets the plan, the other a 409', async () => {
  const { order } = await buyGift(ctx, giftOrder({ plan: 'pay_per_call' }));
  const code = await redeemCodeFor(ctx, order.recipient_email);
  const [first, second] = await Promise.all([signUp(ctx.app), signUp(ctx.app)]);
  const answers = await Promise.all(
    [first, second].map((parent) => parent.client.post('/api/gifts/redeem').send({ code })),
  );
  expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
  const plans = await Promise.all([first, second].map((parent) => subscriptionOf(ctx, parent.user.id)));
  expect(plans.filter(Boolean)).toHaveLength(1);
});

test('redeeming needs an account', async () => {
  const res = await new TestClient(ctx.app).post('/api/gifts/redeem').send({ code: 'anything' });
  expect(res.status).toBe(401);
});
