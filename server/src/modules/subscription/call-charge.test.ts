/**
 * A finished call's charge, written in one statement: a property over every plan row a family
 * can hold when a call ends, against the rule as the product states it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { uniqueEmail } from '../../../test/fixtures/unique.ts';
import { openTestDb } from '../../../test/test-db.ts';
import type { Db } from '../../db/db.ts';
import { chargeCall, findSubscription, saveSubscription } from './subscription.repository.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

const PAY_PER_CALL_CAP = 300;

async function familyWith(plan: 'pay_per_call' | 'subscription_3month', limit: number, used: number) {
  const { rows } = await db.query<{ id: string }>('insert into users (email) values ($1) returning id', [
    uniqueEmail(),
  ]);
  const userId = rows[0]!.id;
  await saveSubscription(db, userId, {
    plan,
    status: 'active',
    seconds_limit: limit,
    seconds_used: used,
    amount: 0,
    discount_percent: null,
    discount_type: null,
    discount_source: null,
    stripe_customer_id: null,
    stripe_subscription_id: null,
    current_period_end: null,
    cancel_at_period_end: false,
    payment_failed_at: null,
    payment_update_url: null,
  });
  return userId;
}

const calls = fc
  .record({
    familyPlan: fc.constantFrom('pay_per_call', 'subscription_3month'),
    callPlan: fc.constantFrom('pay_per_call', 'subscription_3month'),
    limit: fc.integer({ min: 0, max: 3_600 }),
    billed: fc.integer({ min: 1, max: 3_660 }),
  })
  .chain((c) => fc.record({ used: fc.integer({ min: 0, max: c.limit }) }).map((u) => ({ ...c, ...u })));

test('a call spends its seconds, a one-call plan still held spends its whole call and ends when spent', async () => {
  await fc.assert(
    fc.asyncProperty(calls, async (c) => {
      const userId = await familyWith(c.familyPlan, c.limit, c.used);
      const sellsOneCall = c.callPlan === 'pay_per_call';
      const charged = await chargeCall(db, userId, {
        plan: c.callPlan,
        billed: c.billed,
        oneCallCap: sellsOneCall ? PAY_PER_CALL_CAP : null,
      });
      // The rule: the family moved to a pass during the call keeps the pass whole.
      const oneCall = sellsOneCall && c.familyPlan === c.callPlan;
      const spent = oneCall ? Math.max(c.billed, PAY_PER_CALL_CAP) : c.billed;
      const used = Math.min(c.limit, c.used + spent);
      expect(charged).toEqual({ spentOneCallPlan: oneCall });
      expect(await findSubscription(db, userId)).toMatchObject({
        seconds_used: used,
        status: oneCall && used >= c.limit ? 'ended' : 'active',
      });
    }),
    {
      numRuns: 60,
      // Pay Per Call's own plan, its one call spent to the second.
      examples: [[{ familyPlan: 'pay_per_call', callPlan: 'pay_per_call', limit: 300, used: 0, billed: 40 }]],
    },
  );
});

test('a family with no plan row left is charged nothing and told so', async () => {
  const { rows } = await db.query<{ id: string }>('insert into users (email) values ($1) returning id', [
    uniqueEmail(),
  ]);
  expect(
    await chargeCall(db, rows[0]!.id, { plan: 'pay_per_call', billed: 40, oneCallCap: 300 }),
  ).toBeUndefined();
});
