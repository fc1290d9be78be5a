import { PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { uniqueSantaNumber } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PlanId } from '@santa/shared/plans';
import { TestClient, createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NO_PLAN = 'No active plan. Choose a plan to get a Santa phone number.';
async function activate(userId: string, plan: PlanId) {
  await ctx.db.transaction((tx) =>
    ctx.services.subscription.activatePlan(tx, userId, { plan, amountCents: 0 }),
  );
  // The number is shown once the family agreed to the privacy notice (privacy/consent.test.ts).
  await ctx.services.privacy.consent.recordBeforeCall(userId, PRIVACY_NOTICE_VERSION);
}

async function giveDedicatedNumber(userId: string): Promise<string> {
  const number = uniqueSantaNumber();
  await ctx.db.query('insert into agent_configs (user_id, twilio_phone_number) values ($1, $2)', [
    userId,
    number,
  ]);
  return number;
}

describe('GET /api/santa/hotline-number', () => {
  test('needs sign-in (401)', async () => {
    expect((await new TestClient(ctx.app).get('/api/santa/hotline-number')).status).toBe(401);
  });

  test('answers 404 when the user has no usable plan', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.get('/api/santa/hotline-number');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: NO_PLAN, code: 'not_found' });
  });

  test('answers 404 once the plan has ended', async () => {
    const { client, user } = await signUp(ctx.app);
    await activate(user.id, 'pay_per_call');
    await ctx.db.transaction((tx) => ctx.services.subscription.endPlan(tx, user.id));
    expect((await client.get('/api/santa/hotline-number')).status).toBe(404);
  });

  test.each<PlanId>(['free_sample', 'pay_per_call', 'gift'])(
    'the %s plan gets the common hotline',
    async (plan) => {
      const { client, user } = await signUp(ctx.app);
      await activate(user.id, plan);
      // A leftover dedicated number never applies to a plan on the common line.
      await giveDedicatedNumber(user.id);
      const res = await client.get('/api/santa/hotline-number');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ phone_number: ctx.providers.telephony.hotlineNumber, type: 'common' });
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  test('a pass with its own number gets the dedicated line', async () => {
    const { client, user } = await signUp(ctx.app);
    await activate(user.id, 'subscription_6month');
    const number = await giveDedicatedNumber(user.id);
    const res = await client.get('/api/santa/hotline-number');
    expect(res.body).toEqual({ phone_number: number, type: 'dedicated' });
  });

  test('a pass whose number is not set up yet gets the common hotline', async () => {
    const { client, user } = await signUp(ctx.app);
    await activate(user.id, 'subscription_12month');
    const res = await client.get('/api/santa/hotline-number');
    expect(res.body).toEqual({ phone_number: ctx.providers.telephony.hotlineNumber, type: 'common' });
  });

  test("another user never gets a pass holder's dedicated number", async () => {
    const owner = await signUp(ctx.app);
    await activate(owner.user.id, 'subscription_3month');
    const number = await giveDedicatedNumber(owner.user.id);
    const other = await signUp(ctx.app);
    await activate(other.user.id, 'subscription_3month');
    const res = await other.client.get('/api/santa/hotline-number');
    expect(res.body).toEqual({ phone_number: ctx.providers.telephony.hotlineNumber, type: 'common' });
    expect(res.body.phone_number).not.toBe(number);
  });
});
