import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, signInAsAdmin, type TestContext } from '../../../test/test-app.ts';
import {
  agentNumber,
  buyPass,
  generateCoupon,
  sandboxNumberExists,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/fixtures/admin.ts';
import { conversationExists, countRows, familyWithCalls } from '../../../test/fixtures/privacy.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function auditOf(userId: string) {
  const { rows } = await ctx.db.query<{ action: string; details: Record<string, unknown> }>(
    'select action, details from privacy_audit_log where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

describe('deleting one call', () => {
  test('leaves 0 rows and 0 files of the call, here and at the voice provider', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const call = family.calls[0]!;
    expect(await ctx.providers.recordings.size(call.audioKey!)).toBeGreaterThan(0);
    const res = await family.client
      .delete(`/api/privacy/calls/${call.id}`)
      .send({ password: family.password });
    expect(res.status).toBe(200);
    expect(await countRows(ctx, 'select 1 from calls where id = $1', [call.id])).toBe(0);
    expect(await countRows(ctx, 'select 1 from call_safety_reviews where call_id = $1', [call.id])).toBe(0);
    expect(await ctx.providers.recordings.size(call.audioKey!)).toBeNull();
    expect(await conversationExists(ctx, call.conversationId)).toBe(false);
    // The other call is untouched.
    expect(await countRows(ctx, 'select 1 from calls where user_id = $1', [family.user.id])).toBe(1);
    expect(await conversationExists(ctx, family.calls[1]!.conversationId)).toBe(true);
  });

  test('writes an audit row with no child data', async () => {
    const family = await familyWithCalls(ctx, 'Wilhelmina');
    const call = family.calls[0]!;
    await family.client.delete(`/api/privacy/calls/${call.id}`).send({ password: family.password });
    const audit = await auditOf(family.user.id);
    expect(audit.at(-1)).toEqual({
      action: 'delete_call',
      details: { call_id: call.id, recording_deleted: true, conversation_deleted: true },
    });
    expect(JSON.stringify(audit)).not.toContain('Wilhelmina');
  });

  test('a wrong password is refused and the call stays', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const call = family.calls[0]!;
    const res = await family.client
      .delete(`/api/privacy/calls/${call.id}`)
      .send({ password: 'not-my-password' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Your current password is not right.');
    expect(await countRows(ctx, 'select 1 from calls where id = $1', [call.id])).toBe(1);
    expect(await ctx.providers.recordings.size(call.audioKey!)).toBeGreaterThan(0);
    expect(await conversationExists(ctx, call.conversationId)).toBe(true);
  });

  test("another family's call is not found (404) and stays", async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const other = await familyWithCalls(ctx, 'Oskar');
    const res = await family.client
      .delete(`/api/privacy/calls/${other.calls[0]!.id}`)
      .send({ password: family.password });
    expect(res.status).toBe(404);
    expect(await countRows(ctx, 'select 1 from calls where id = $1', [other.calls[0]!.id])).toBe(1);
  });
});

describe("deleting the child's profile", () => {
  test('leaves 0 rows of the profile', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const res = await family.client.delete('/api/privacy/child-profile').send({ password: family.password });
    expect(res.status).toBe(200);
    expect(await countRows(ctx, 'select 1 from kid_profiles where user_id = $1', [family.user.id])).toBe(0);
    expect((await auditOf(family.user.id)).at(-1)).toEqual({ action: 'delete_child_profile', details: {} });
  });

  test('a wrong password is refused and the profile stays', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const res = await family.client.delete('/api/privacy/child-profile').send({ password: 'wrong' });
    expect(res.status).toBe(403);
    expect(await countRows(ctx, 'select 1 from kid_profiles where user_id = $1', [family.user.id])).toBe(1);
  });
});

describe('deleting the account', () => {
  test('cancels the Stripe subscription, releases the number and leaves 0 rows and 0 files, here and at the voice provider', async () => {
    const admin = await signInAsAdmin(ctx.app);
    const family = await familyWithCalls(ctx, 'Tilly');
    await buyPass(ctx, family.client, await generateCoupon(admin, 50, 'forever'));
    const stripeId = (await subscriptionOf(ctx, family.user.id))!.stripe_subscription_id!;
    const number = (await agentNumber(ctx, family.user.id))!;
    await family.client.post('/api/privacy/exports');
    await ctx.services.privacy.exports.build({
      exportId: (
        await ctx.db.query<{ id: string }>('select id from data_exports where user_id = $1', [family.user.id])
      ).rows[0]!.id,
    });
    const { rows: archives } = await ctx.db.query<{ archive_key: string }>(
      'select archive_key from data_exports where user_id = $1',
      [family.user.id],
    );

    const res = await family.client.delete('/api/privacy/account').send({ password: family.password });
    expect(res.status).toBe(200);

    expect((await stripeSubscription(ctx, stripeId))!.status).toBe('canceled');
    expect(await sandboxNumberExists(ctx, number)).toBe(false);
    for (const call of family.calls) {
      expect(await conversationExists(ctx, call.conversationId)).toBe(false);
      if (call.audioKey) expect(await ctx.providers.recordings.size(call.audioKey)).toBeNull();
    }
    expect(await ctx.providers.recordings.size(archives[0]!.archive_key)).toBeNull();
    for (const table of [
      'users',
      'kid_profiles',
      'calls',
      'privacy_consents',
      'data_exports',
      'subscriptions',
    ]) {
      const column = table === 'users' ? 'id' : 'user_id';
      expect(await countRows(ctx, `select 1 from ${table} where ${column} = $1`, [family.user.id])).toBe(0);
    }
    expect(
      await countRows(ctx, `select 1 from kid_profiles where kid_name = 'Tilly' and user_id = $1`, [
        family.user.id,
      ]),
    ).toBe(0);
    expect((await family.client.get('/api/auth/me')).status).toBe(401);
  });

  test('keeps an audit row with counts and the Stripe customer, never child data', async () => {
    const family = await familyWithCalls(ctx, 'Bartholomew');
    await family.client.delete('/api/privacy/account').send({ password: family.password });
    const audit = await auditOf(family.user.id);
    expect(audit.at(-1)).toEqual({
      action: 'delete_account',
      details: {
        stripe_subscription_cancelled: false,
        number_released: false,
        recordings_deleted: 1,
        conversations_deleted: 2,
        stripe_customer_id: null,
      },
    });
    expect(JSON.stringify(audit)).not.toContain('Bartholomew');
  });

  test('a wrong password is refused and the account stays', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    const res = await family.client.delete('/api/privacy/account').send({ password: 'wrong-password' });
    expect(res.status).toBe(403);
    expect((await family.client.get('/api/auth/me')).status).toBe(200);
    expect(await conversationExists(ctx, family.calls[0]!.conversationId)).toBe(true);
  });

  test('a Google-only account confirms by typing DELETE right after signing in', async () => {
    const family = await familyWithCalls(ctx, 'Tilly');
    await ctx.db.query('update users set password_hash = null where id = $1', [family.user.id]);
    const typo = await family.client.delete('/api/privacy/account').send({ confirm: 'delete me' });
    expect(typo.status).toBe(403);
    await ctx.db.query(`update sessions set created_at = now() - interval '1 hour' where user_id = $1`, [
      family.user.id,
    ]);
    const stale = await family.client.delete('/api/privacy/account').send({ confirm: 'DELETE' });
    expect(stale.status).toBe(403);
    expect(stale.body.detail).toMatch(/sign in with Google again/);
    await ctx.db.query(`update sessions set created_at = now() where user_id = $1`, [family.user.id]);
    expect((await family.client.delete('/api/privacy/account').send({ confirm: 'DELETE' })).status).toBe(200);
    expect(await countRows(ctx, 'select 1 from users where id = $1', [family.user.id])).toBe(0);
  });
});
