import { PRIVACY_NOTICE_VERSION, PROFILE_CONSENT_FIELD } from '@santa/shared/privacy';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN_EMAIL,
  createTestContext,
  signInAsAdmin,
  type TestClient,
  type TestContext,
} from '../../../test/test-app.ts';
import {
  agentNumber,
  auditRows,
  buyPass,
  createParent,
  generateCoupon,
  sandboxNumberExists,
  stripeSubscription,
  subscriptionOf,
} from '../../../test/fixtures/admin.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

/** A parent with everything the product can hold about a family. */
async function fullyUsedAccount() {
  const parent = await createParent(ctx, 'Delete Me');
  const profile = await parent.client
    .post('/api/santa/kid-profile')
    .type('form')
    .send({
      parent_phone: `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}`,
      kid_name: 'Tilly',
      age: '6',
      [PROFILE_CONSENT_FIELD]: PRIVACY_NOTICE_VERSION,
    });
  expect(profile.status).toBeLessThan(300);
  await buyPass(ctx, parent.client, await generateCoupon(admin, 50, 'forever'));
  await admin.post('/api/admin/gift-minutes').type('form').send({ user_id: parent.user.id, minutes: '5' });
  const conversationId = `conv_${parent.user.id.slice(0, 8)}`;
  await ctx.db.query(
    `insert into sandbox_voice_conversations
       (conversation_id, call_sid, from_number, to_number, prompt, first_message, dynamic_variables, status)
     values ($1, $2, '+14155550000', '+15550101', 'Santa talks with Tilly', 'Hello Tilly!', $3::jsonb, 'done')`,
    [
      conversationId,
      `CA${parent.user.id.replace(/-/g, '')}`,
      JSON.stringify({ user_id: parent.user.id, kid_name: 'Tilly' }),
    ],
  );
  await ctx.db.query(
    `insert into calls (user_id, conversation_id, phone_number, duration, transcript, summary, audio_key)
     values ($1, $2, '+14155550000', 61, 'Santa: Hello Tilly!', 'Tilly wants a sledge', $3)`,
    [parent.user.id, conversationId, `${conversationId}.mp3`],
  );
  await ctx.providers.recordings.put(`${conversationId}.mp3`, Buffer.from('ID3 fake audio'));
  const sub = (await subscriptionOf(ctx, parent.user.id))!;
  return {
    ...parent,
    conversationId,
    stripeId: sub.stripe_subscription_id!,
    number: (await agentNumber(ctx, parent.user.id))!,
  };
}

/** Every text/uuid/json column of every table, searched for the id and the email. */
async function tablesMentioning(needles: string[]): Promise<string[]> {
  const { rows: columns } = await ctx.db.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
       and c.data_type in ('uuid', 'text', 'character varying', 'jsonb', 'json')`,
  );
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    for (const needle of needles) {
      const { rows } = await ctx.db.query(
        `select 1 from "${table}" where position(lower($1) in lower("${column}"::text)) > 0 limit 1`,
        [needle],
      );
      if (rows.length > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

describe('DELETE /api/admin/users/:id', () => {
  test('removes the account and leaves nothing of the user in any table but the audit log', async () => {
    const parent = await fullyUsedAccount();
    const before = await tablesMentioning([parent.user.id, parent.user.email]);
    expect(before).toEqual(
      expect.arrayContaining([
        'users.id',
        'calls.user_id',
        'kid_profiles.user_id',
        'sandbox_voice_conversations.dynamic_variables',
      ]),
    );
    const res = await admin.delete(`/api/admin/users/${parent.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User deleted successfully' });

    const leftovers = (await tablesMentioning([parent.user.id, parent.user.email])).filter(
      // The Stripe sandbox plays Stripe's own account, which keeps its customer records; the
      // sandbox mailbox plays the parent's inbox, where emails already delivered stay. Both audit
      // logs keep the account id and the action, never a name or words.
      (place) =>
        !place.startsWith('admin_audit_log.') &&
        !place.startsWith('privacy_audit_log.') &&
        !place.startsWith('sandbox_stripe_') &&
        !place.startsWith('sandbox_emails.'),
    );
    expect(leftovers).toEqual([]);
    const kid = await ctx.db.query(`select 1 from kid_profiles where kid_name = 'Tilly'`);
    expect(kid.rows).toHaveLength(0);
  });

  test('cancels the Stripe subscription now, releases the number, deletes the recording and the provider conversation', async () => {
    const parent = await fullyUsedAccount();
    expect(await ctx.providers.recordings.size(`${parent.conversationId}.mp3`)).toBeGreaterThan(0);
    await admin.delete(`/api/admin/users/${parent.user.id}`);
    expect(await ctx.providers.recordings.size(`${parent.conversationId}.mp3`)).toBeNull();
    expect((await stripeSubscription(ctx, parent.stripeId))!.status).toBe('canceled');
    expect(await sandboxNumberExists(ctx, parent.number)).toBe(false);
    const conv = await ctx.db.query('select 1 from sandbox_voice_conversations where conversation_id = $1', [
      parent.conversationId,
    ]);
    expect(conv.rows).toHaveLength(0);
  });

  test('the deleted parent is signed out and cannot sign in again', async () => {
    const parent = await fullyUsedAccount();
    await admin.delete(`/api/admin/users/${parent.user.id}`);
    expect((await parent.client.get('/api/auth/me')).status).toBe(401);
    const login = await parent.client
      .post('/api/auth/login')
      .send({ email: parent.user.email, password: parent.password });
    expect(login.status).toBe(401);
  });

  test('writes an audit row that survives the deletion', async () => {
    const parent = await fullyUsedAccount();
    await admin.delete(`/api/admin/users/${parent.user.id}`);
    expect(await auditRows(ctx, 'delete_user', parent.user.id)).toEqual([
      {
        admin_email: ADMIN_EMAIL,
        action: 'delete_user',
        target_user_id: parent.user.id,
        details: {
          stripe_subscription_cancelled: true,
          number_released: true,
          recordings_deleted: 1,
          conversations_deleted: 1,
        },
      },
    ]);
  });

  test('the admin cannot delete their own account (400)', async () => {
    const me = (await admin.get('/api/auth/me')).body.user.id as string;
    const res = await admin.delete(`/api/admin/users/${me}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('You cannot delete your own admin account');
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });

  test('an unknown user answers 404', async () => {
    expect((await admin.delete('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
