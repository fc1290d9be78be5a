/** The admin's actions reach the parent as a notice on their dashboard, not as silence. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buyPass, createParent, generateCoupon } from '../../../test/fixtures/admin.ts';
import {
  createTestContext,
  signInAsAdmin,
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

async function noticesOf(parent: TestClient) {
  const res = await parent.get('/api/subscription/notices');
  expect(res.status).toBe(200);
  return res.body.notices as Record<string, unknown>[];
}

async function discountedParent() {
  const parent = await createParent(ctx);
  await buyPass(ctx, parent.client, await generateCoupon(admin, 50, 'forever'));
  return parent;
}

test("a gift of minutes shows the parent the minutes and the admin's note, dated", async () => {
  const parent = await createParent(ctx);
  const res = await admin
    .post('/api/admin/gift-minutes')
    .send({ user_id: parent.user.id, minutes: 15, note: 'Merry Christmas from the elves!' });
  expect(res.status).toBe(200);
  const [notice, ...rest] = await noticesOf(parent.client);
  expect(rest).toEqual([]);
  expect(notice).toMatchObject({ kind: 'gift', minutes: 15, note: 'Merry Christmas from the elves!' });
  expect(Date.parse(String(notice!.created_at))).toBeGreaterThan(Date.now() - 60_000);
});

test('a discount revoked to the end of the period tells the parent until when the pass runs', async () => {
  const parent = await discountedParent();
  await admin.post('/api/admin/revoke-discount').send({ user_id: parent.user.id, action: 'finish_period' });
  const [notice] = await noticesOf(parent.client);
  const { rows } = await ctx.db.query<{ current_period_end: Date }>(
    'select current_period_end from subscriptions where user_id = $1',
    [parent.user.id],
  );
  expect(notice).toMatchObject({
    kind: 'discount_revoked',
    discount_percent: 50,
    plan_name: '3-Month Pass',
    ends_at: rows[0]!.current_period_end.toISOString(),
  });
});

test('a pass cancelled at once tells the parent it stopped, with the minutes that were left', async () => {
  const parent = await discountedParent();
  await ctx.db.query('update subscriptions set seconds_used = 2413 where user_id = $1', [parent.user.id]);
  await admin
    .post('/api/admin/revoke-discount')
    .send({ user_id: parent.user.id, action: 'cancel_immediately' });
  expect(await noticesOf(parent.client)).toEqual([
    expect.objectContaining({
      kind: 'plan_cancelled',
      plan_name: '3-Month Pass',
      minutes_left: 139,
      seconds_left: 8387,
    }),
  ]);
});

test('a dismissed notice is gone; another family cannot dismiss or see it', async () => {
  const parent = await createParent(ctx);
  const other = await createParent(ctx);
  await admin.post('/api/admin/gift-minutes').send({ user_id: parent.user.id, minutes: 5 });
  const [notice] = await noticesOf(parent.client);
  expect(await noticesOf(other.client)).toEqual([]);
  expect((await other.client.post(`/api/subscription/notices/${String(notice!.id)}/dismiss`)).status).toBe(
    404,
  );
  expect(await noticesOf(parent.client)).toHaveLength(1);
  expect((await parent.client.post(`/api/subscription/notices/${String(notice!.id)}/dismiss`)).status).toBe(
    204,
  );
  expect(await noticesOf(parent.client)).toEqual([]);
  expect((await parent.client.post('/api/subscription/notices/not-a-uuid/dismiss')).status).toBe(404);
});
