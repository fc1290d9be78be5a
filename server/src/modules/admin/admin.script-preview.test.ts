/**
 * The Santa's Script tab's preview for a family and its test call (decision 0038): rendered by the
 * call's own prepareCall, the family's own words hidden as the privacy notice promises, and a test
 * call that is never dialled, billed or kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { PROMPT_MISSING_KID_NAME_MESSAGE } from '@santa/shared/santa-script';
import type { PlanId } from '@santa/shared/plans';
import { AVOID_TOPICS_HEADING, SAFETY_RULES } from '../santa-script/render-prompt.ts';
import { PREVIEW_NO_CHILD } from '../voice/call-preview.ts';
import {
  type TestClient,
  createTestContext,
  signInAsAdmin,
  signUp,
  type TestContext,
} from '../../../test/test-app.ts';
import { childDetails, uniquePhone } from '../../../test/fixtures/santa.ts';

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAsAdmin(ctx.app);
});
afterAll(() => ctx.close());

const PRIVATE = {
  wish_list: 'a red bicycle',
  behavior_notes: 'PRIVATE-BEHAVIOUR shouts at bedtime',
  custom_notes: 'PRIVATE-NOTE mum is expecting',
  avoid_topics: ['the new baby', 'grandpa'],
  memory: 'PRIVATE-MEMORY I lost my first tooth',
};

/** A parent who told Santa about Emma (and agreed to the notice), with a plan and a memory. */
async function family(options: { plan?: PlanId; notes?: boolean } = {}) {
  const { user, client } = await signUp(ctx.app);
  const notes = options.notes ?? true;
  await ctx.services.profile.saveProfile(
    user.id,
    {
      parent_phone: uniquePhone(),
      kid_name: 'Emma',
      age: 7,
      gifts_giving: null,
      wish_list: notes ? PRIVATE.wish_list : null,
      accomplishments: null,
      behavior_notes: notes ? PRIVATE.behavior_notes : null,
      siblings: null,
      custom_notes: notes ? PRIVATE.custom_notes : null,
      santa_personality: 'traditional',
      avoid_topics: notes ? PRIVATE.avoid_topics : [],
      name_pronunciation: null,
      language: 'en',
    },
    PRIVACY_NOTICE_VERSION,
  );
  if (options.plan)
    await ctx.db.transaction((tx) =>
      ctx.services.subscription.activatePlan(tx, user.id, { plan: options.plan!, amountCents: 0 }),
    );
  if (notes) {
    const call = await ctx.db.query<{ id: string }>(
      'insert into calls (user_id, duration) values ($1, 60) returning id',
      [user.id],
    );
    await ctx.db.query(
      `insert into santa_memories (user_id, call_id, kind, text) values ($1, $2, 'news', $3)`,
      [user.id, call.rows[0]!.id, PRIVATE.memory],
    );
  }
  return { user, client };
}

const preview = (userId: string) => admin.get(`/api/admin/santa-prompt/preview?user_id=${userId}`);

/** What the family's billing and history hold: a test call must leave every count as it was. */
async function footprint(userId: string) {
  const count = async (sql: string) => Number((await ctx.db.query<{ n: string }>(sql, [userId])).rows[0]!.n);
  return {
    seconds_used: (await ctx.services.subscription.find(userId))?.seconds_used ?? null,
    reservations: await count('select count(*) as n from call_reservations where user_id = $1'),
    calls: await count('select count(*) as n from calls where user_id = $1'),
    conversations: await count(
      `select count(*) as n from sandbox_voice_conversations where dynamic_variables ->> 'user_id' = $1::text`,
    ),
  };
}

describe('the preview for a family', () => {
  test("shows the child's name, the boundaries' place and every fixed safety rule, never the family's words", async () => {
    const { user } = await family({ plan: 'subscription_3month' });
    const res = await preview(user.id);
    expect(res.status).toBe(200);
    expect(res.body.first_message).toContain('Emma');
    expect(res.body.prompt).toContain('Emma');
    for (const rule of SAFETY_RULES) expect(res.body.prompt).toContain(`- ${rule}`);
    expect(res.body.prompt).toContain(AVOID_TOPICS_HEADING);
    expect(res.body.prompt).toContain('- "[no-go topic 1 · 12 characters]"');
    expect(res.body.prompt).toContain('- "[no-go topic 2 · 7 characters]"');
    expect(res.body.prompt).toContain('[what the child said · 36 characters]');
    const everything = JSON.stringify(res.body);
    for (const words of ['bicycle', 'PRIVATE', 'new baby', 'grandpa'])
      expect(everything).not.toContain(words);
    expect(res.body).toMatchObject({ language: 'en', children: 1, next_call: 'santa', from_draft: false });
    expect(res.body.allowed_seconds).toBe(60 * 60);
  });

  test("is what the family's own call is told, word for word, when the family wrote nothing to hide", async () => {
    const { user, client } = await family({ plan: 'subscription_3month', notes: false });
    const shown = await preview(user.id);
    const call = await client.post('/api/calls/browser');
    expect(call.status).toBe(201);
    expect(shown.body.prompt).toBe(call.body.conversation.prompt);
    expect(shown.body.first_message).toBe(call.body.conversation.first_message);
  });

  test('lists every child of the family, and says a family without call time would not reach Santa', async () => {
    const { user } = await family();
    await ctx.services.children.add(user.id, childDetails('Leo', { wish_list: 'PRIVATE-LEO a drum' }));
    const res = await preview(user.id);
    expect(res.status).toBe(200);
    expect(res.body.children).toBe(2);
    expect(res.body.prompt).toContain('"Leo"');
    expect(res.body.prompt).toContain('[wish list · 18 characters]');
    expect(res.body.prompt).not.toContain('drum');
    expect(res.body.next_call).toBe('no_call_time');
  });

  test('renders an unsaved draft without saving it, and refuses a draft that could not be saved', async () => {
    const { user } = await family();
    const draft = await admin
      .post('/api/admin/santa-prompt/preview')
      .send({ user_id: user.id, prompt: 'DRAFT-MARK: you are Santa, talking with {kid_name}.' });
    expect(draft.status).toBe(200);
    expect(draft.body.prompt).toContain('DRAFT-MARK: you are Santa, talking with Emma.');
    expect(draft.body.from_draft).toBe(true);
    expect((await admin.get('/api/admin/santa-prompt')).body.prompt).not.toContain('DRAFT-MARK');

    const refused = await admin
      .post('/api/admin/santa-prompt/preview')
      .send({ user_id: user.id, prompt: 'No name here' });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PROMPT_MISSING_KID_NAME_MESSAGE);
  });

  test('answers 404 for an unknown user and 409 for a family with no child yet', async () => {
    const unknown = await preview('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('User not found');

    const { user } = await signUp(ctx.app);
    const empty = await preview(user.id);
    expect(empty.status).toBe(409);
    expect(empty.body.detail).toBe(PREVIEW_NO_CHILD);

    expect((await preview('not-a-uuid')).status).toBe(400);
  });

  test("is refused to a parent, even for their own family, and leaves an audit row without the child's data", async () => {
    const { user, client } = await family();
    const refused = await client.get(`/api/admin/santa-prompt/preview?user_id=${user.id}`);
    expect(refused.status).toBe(403);

    await preview(user.id);
    const { rows } = await ctx.db.query<{ action: string; details: unknown }>(
      'select action, details from admin_audit_log where target_user_id = $1',
      [user.id],
    );
    expect(rows).toEqual([{ action: 'preview_santa_prompt', details: { draft: false } }]);
  });
});

describe('the test call', () => {
  const testCall = (userId: string, childSays: string[]) =>
    admin.post('/api/admin/santa-prompt/test-call').send({ user_id: userId, child_says: childSays });

  test("plays Santa's opening and his answer with the sandbox Santa, and costs the family nothing", async () => {
    const { user } = await family({ plan: 'subscription_3month' });
    const before = await footprint(user.id);
    const res = await testCall(user.id, ['Hi Santa! I want a puppy for Christmas.']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ engine: 'sandbox', live_engine: 'sandbox', ended: false });
    const shown = await preview(user.id);
    expect(res.body.turns[0]).toEqual({ role: 'agent', message: shown.body.first_message });
    expect(res.body.turns[1]).toEqual({ role: 'user', message: 'Hi Santa! I want a puppy for Christmas.' });
    expect(res.body.turns[2].role).toBe('agent');
    expect(res.body.turns[2].message).toContain('wonderful wish');
    expect(JSON.stringify(res.body)).not.toContain('bicycle');
    expect(await footprint(user.id)).toEqual(before);
  });

  test('ends when Santa says goodbye, and refuses an empty line or an unknown family', async () => {
    const { user } = await family({ plan: 'subscription_3month' });
    const bye = await testCall(user.id, ['Goodbye Santa!', 'Are you still there?']);
    expect(bye.body.ended).toBe(true);
    expect(bye.body.turns).toHaveLength(3);

    expect((await testCall(user.id, [])).status).toBe(400);
    expect((await testCall(user.id, ['  '])).status).toBe(400);
    expect((await testCall('00000000-0000-4000-8000-000000000000', ['Hi'])).status).toBe(404);
  });
});
