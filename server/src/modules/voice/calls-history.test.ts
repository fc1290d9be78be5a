import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TestClient, createTestContext, signUp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function insertCall(
  userId: string,
  call: {
    createdAt: string;
    summary?: string;
    audioKey?: string | null;
    purchased?: boolean;
    duration?: number;
  },
): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `insert into calls (user_id, phone_number, duration, transcript, summary, audio_key, recording_purchased, created_at)
     values ($1, '+14155552671', $2, 'Santa: Ho ho ho!', $3, $4, $5, $6) returning id`,
    [
      userId,
      call.duration ?? 65,
      call.summary ?? 'A call',
      call.audioKey ?? null,
      call.purchased ?? false,
      call.createdAt,
    ],
  );
  return rows[0]!.id;
}

describe('GET /api/calls/history', () => {
  test('needs sign-in (401)', async () => {
    expect((await new TestClient(ctx.app).get('/api/calls/history')).status).toBe(401);
  });

  test('answers an empty list before any call, with no-store', async () => {
    const { client } = await signUp(ctx.app);
    const res = await client.get('/api/calls/history');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ calls: [] });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('lists the parent’s calls newest first with every field', async () => {
    const { client, user } = await signUp(ctx.app);
    const older = await insertCall(user.id, { createdAt: '2024-12-20T18:00:00Z', summary: 'First call' });
    const newer = await insertCall(user.id, {
      createdAt: '2024-12-24T19:30:00Z',
      summary: 'Christmas Eve',
      duration: 125,
    });
    const middle = await insertCall(user.id, { createdAt: '2024-12-22T08:00:00Z', summary: 'Second call' });
    const res = await client.get('/api/calls/history');
    expect(res.body.calls.map((c: { id: string }) => c.id)).toEqual([newer, middle, older]);
    expect(res.body.calls[0]).toEqual({
      id: newer,
      created_at: '2024-12-24T19:30:00.000Z',
      duration: 125,
      summary: 'Christmas Eve',
      transcript: 'Santa: Ho ho ho!',
      audio_url: null,
      recording_purchased: false,
      phone_number: '+14155552671',
      // Not read for safety yet (the call was inserted directly): no banner either way.
      safety: null,
      // Not summarised yet: no recap.
      recap: null,
      // Billed as usual.
      not_charged: null,
      // A family with no children on record: no child to name.
      child_id: null,
      child_name: null,
      channel: 'phone',
    });
  });

  test("a call's recap comes back in the shared shape; a stored recap that no longer fits shows none", async () => {
    const { client, user } = await signUp(ctx.app);
    const recapped = await insertCall(user.id, { createdAt: '2024-12-24T10:00:00Z' });
    const broken = await insertCall(user.id, { createdAt: '2024-12-23T10:00:00Z' });
    const recap = { wishes: ['A kitten'], news: [], questions: ['Is Rudolph real?'], promises: [] };
    await ctx.db.query('update calls set recap = $2::jsonb where id = $1', [recapped, JSON.stringify(recap)]);
    await ctx.db.query('update calls set recap = $2::jsonb where id = $1', [broken, '{"wishes": "a bike"}']);
    const res = await client.get('/api/calls/history');
    const byId = new Map(res.body.calls.map((c: { id: string; recap: unknown }) => [c.id, c.recap]));
    expect(byId.get(recapped)).toEqual(recap);
    expect(byId.get(broken)).toBeNull();
  });

  test('audio_url is the recording path only when the call has audio', async () => {
    const { client, user } = await signUp(ctx.app);
    const withAudio = await insertCall(user.id, {
      createdAt: '2024-12-21T10:00:00Z',
      audioKey: 'recordings/a.mp3',
      purchased: true,
    });
    const withoutAudio = await insertCall(user.id, { createdAt: '2024-12-20T10:00:00Z' });
    const res = await client.get('/api/calls/history');
    const byId = new Map(res.body.calls.map((c: { id: string }) => [c.id, c]));
    expect(byId.get(withAudio)).toMatchObject({
      audio_url: `/api/calls/${withAudio}/recording`,
      recording_purchased: true,
    });
    expect(byId.get(withoutAudio)).toMatchObject({ audio_url: null });
  });

  test("another user never sees a parent's calls", async () => {
    const owner = await signUp(ctx.app);
    await insertCall(owner.user.id, { createdAt: '2024-12-24T19:30:00Z', summary: 'Private' });
    const other = await signUp(ctx.app);
    const mine = await insertCall(other.user.id, { createdAt: '2024-12-23T19:30:00Z' });
    const res = await other.client.get('/api/calls/history');
    expect(res.body.calls.map((c: { id: string }) => c.id)).toEqual([mine]);
  });
});
