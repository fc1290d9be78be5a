/**
 * The short way through the money: one Stripe event verifies, then in one transaction reads the
 * family's plan once and writes it once; the checkout row is read once. Counted on the SQL the
 * database actually receives.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PLANS } from '@santa/shared/plans';
import type { Db, PreparedStatement, Queryable } from '../../db/db.ts';
import {
  checkoutSession,
  invoice,
  postEvent,
  sandboxStripe,
  stripeEvent,
  subscription,
  webhookSecret,
} from '../../../test/fixtures/stripe-events.ts';
import { createTestContext, PUBLIC_URL, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Records every statement sent through `db` (and its transactions) while `run` runs. */
async function statementsDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const text = (sql: string | PreparedStatement) => (typeof sql === 'string' ? sql : sql.text);
  const watch = (q: Queryable): Queryable => ({
    ...q,
    query: (sql, params) => {
      seen.push(text(sql).replace(/\s+/g, ' '));
      return q.query(sql, params);
    },
  });
  const { query, transaction } = db;
  db.query = watch({ query, exec: db.exec, afterCommit: db.afterCommit }).query;
  db.transaction = (fn) => transaction((tx) => fn(watch(tx)));
  try {
    await run();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return seen;
}

const count = (statements: string[], pattern: RegExp) => statements.filter((sql) => pattern.test(sql)).length;

async function paidPass() {
  const { client, user } = await signUp(ctx.app);
  const res = await client
    .post('/api/stripe/create-checkout')
    .type('form')
    .send({
      plan: 'subscription_3month',
      success_url: `${PUBLIC_URL}/dashboard`,
      cancel_url: `${PUBLIC_URL}/pricing`,
    });
  const { rows } = await ctx.db.query<{ id: string }>('select id from checkouts where user_id = $1', [
    user.id,
  ]);
  expect(res.status).toBe(200);
  const metadata = { checkout_id: rows[0]!.id, kind: 'plan', plan: 'subscription_3month', user_id: user.id };
  const sub = subscription({ metadata }, 3);
  await sandboxStripe(ctx.providers).putSubscription(sub);
  return { user, sub, metadata };
}

test('checkout.session.completed reads the family plan once and writes it once, in one transaction', async () => {
  const { sub, metadata } = await paidPass();
  const event = stripeEvent(
    'checkout.session.completed',
    checkoutSession({ metadata, mode: 'subscription', subscription: sub.id, customer: sub.customer }),
  );
  const statements = await statementsDuring(ctx.db, async () => {
    expect((await postEvent(ctx.app, event, webhookSecret(ctx.providers))).status).toBe(200);
  });
  expect(count(statements, /from subscriptions where user_id = \$1 for update/)).toBe(1);
  expect(count(statements, /^insert into subscriptions/)).toBe(1);
  expect(count(statements, /from checkouts where id = \$1/)).toBe(1);
  expect(count(statements, /^update checkouts set status = 'complete'/)).toBe(1);
});

test('a renewal invoice reads the plan once and writes it once: status, period and minutes together', async () => {
  const { user, sub, metadata } = await paidPass();
  const secret = webhookSecret(ctx.providers);
  const completed = stripeEvent(
    'checkout.session.completed',
    checkoutSession({ metadata, mode: 'subscription', subscription: sub.id, customer: sub.customer }),
  );
  expect((await postEvent(ctx.app, completed, secret)).status).toBe(200);
  await ctx.db.query('update subscriptions set seconds_used = 1800 where user_id = $1', [user.id]);

  const renewal = stripeEvent(
    'invoice.paid',
    invoice(sub, 'subscription_cycle', PLANS.subscription_3month.priceCents),
  );
  const statements = await statementsDuring(ctx.db, async () => {
    expect((await postEvent(ctx.app, renewal, secret)).status).toBe(200);
  });
  expect(count(statements, /from subscriptions where user_id = \$1 for update/)).toBe(1);
  expect(count(statements, /^insert into subscriptions/)).toBe(1);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(0);
});
