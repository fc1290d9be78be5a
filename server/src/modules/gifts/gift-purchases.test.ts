import { afterAll, beforeAll, expect, test } from 'vitest';
import { GIFT_MESSAGES } from '@santa/shared/gifts';
import {
  checkoutSession,
  postEvent,
  stripeEvent,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { dayFromToday, giftOrder, mailTo, openGiftCheckout, settle } from '../../../test/fixtures/gifts.ts';
import { createTestContext, signUp, TestClient, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const visitor = () => new TestClient(ctx.app);

async function giftOf(sessionId: string) {
  const { rows } = await ctx.db.query<{
    id: string;
    paid_at: Date | null;
    buyer_user_id: string | null;
    buyer_email: string | null;
  }>('select id, paid_at, buyer_user_id, buyer_email from gifts where stripe_session_id = $1', [sessionId]);
  return rows[0]!;
}

test('Stripe delivering the paid event several times, at once, records one gift, one receipt and one delivery', async () => {
  const order = giftOrder({ deliver_on: dayFromToday(0) });
  const sessionId = await openGiftCheckout(visitor(), order);
  const gift = await giftOf(sessionId);
  const session = checkoutSession({
    id: sessionId,
    mode: 'payment',
    subscription: null,
    metadata: { kind: 'gift', gift_id: gift.id, plan: order.plan },
  });
  const completed = stripeEvent('checkout.session.completed', session);
  const succeeded = stripeEvent('checkout.session.async_payment_succeeded', session);
  const secret = webhookSecret(ctx.providers);
  const answers = await Promise.all(
    [completed, succeeded, completed, succeeded].map((event) => postEvent(ctx.app, event, secret)),
  );
  expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
  await settle(ctx);
  expect((await giftOf(sessionId)).paid_at).not.toBeNull();
  expect(await mailTo(ctx, order.buyer_email)).toHaveLength(1);
  expect(await mailTo(ctx, order.recipient_email)).toHaveLength(1);
});

test('a checkout Stripe has not been paid for yet records nothing', async () => {
  const order = giftOrder();
  const sessionId = await openGiftCheckout(visitor(), order);
  const gift = await giftOf(sessionId);
  const unpaid = checkoutSession({
    id: sessionId,
    mode: 'payment',
    payment_status: 'unpaid',
    metadata: { kind: 'gift', gift_id: gift.id, plan: order.plan },
  });
  const res = await postEvent(
    ctx.app,
    stripeEvent('checkout.session.completed', unpaid),
    webhookSecret(ctx.providers),
  );
  expect(res.status).toBe(200);
  await settle(ctx);
  expect((await giftOf(sessionId)).paid_at).toBeNull();
  expect(await mailTo(ctx, order.recipient_email)).toEqual([]);
});

test('a gift is one payment at the plan price, even for a pass', async () => {
  const sessionId = await openGiftCheckout(visitor(), giftOrder({ plan: 'subscription_12month' }));
  const { rows } = await ctx.db.query<{
    object: { mode: string; amount_total: number };
    line_item: { intervalMonths?: number };
  }>('select object, line_item from sandbox_stripe_checkout_sessions where id = $1', [sessionId]);
  expect(rows[0]!.object.mode).toBe('payment');
  expect(rows[0]!.object.amount_total).toBe(26900);
  expect(rows[0]!.line_item.intervalMonths).toBeUndefined();
});

test('a signed-in buyer is the gift buyer, with their own name and address', async () => {
  const parent = await signUp(ctx.app, { name: 'Sam Giver' });
  const sessionId = await openGiftCheckout(parent.client, giftOrder({ buyer_name: '', buyer_email: '' }));
  expect(await giftOf(sessionId)).toMatchObject({
    buyer_user_id: parent.user.id,
    buyer_email: parent.user.email,
  });
});

test('a signed-out buyer must give their name and email', async () => {
  const res = await visitor()
    .post('/api/gifts/checkout')
    .send(giftOrder({ buyer_email: '' }));
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(GIFT_MESSAGES.buyerRequired);
});

test('a delivery day before today or more than a year ahead is refused', async () => {
  for (const deliver_on of [dayFromToday(-1), dayFromToday(400)]) {
    const res = await visitor().post('/api/gifts/checkout').send(giftOrder({ deliver_on }));
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(GIFT_MESSAGES.dateOutOfRange);
  }
});

test('a message over 500 characters, a bad recipient address or a plan not for sale is refused', async () => {
  const refused = [
    giftOrder({ message: 'x'.repeat(501) }),
    giftOrder({ recipient_email: 'not-an-address' }),
    { ...giftOrder(), plan: 'gift' },
  ];
  for (const order of refused) {
    const res = await visitor().post('/api/gifts/checkout').send(order);
    expect(res.status).toBe(400);
  }
  const { rows } = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from gifts where message = $1`,
    ['x'.repeat(501)],
  );
  expect(rows[0]!.n).toBe(0);
});
