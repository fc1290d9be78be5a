import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  conversation,
  createFamily,
  createVoiceTestContext,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** A readable conversation of this family's, with or without audio. */
function conversationOf(id: string, userId: string, hasAudio = false) {
  return conversation(id, { dynamicVariables: { user_id: userId, kid_name: 'Emma' }, hasAudio });
}

async function storedConversations(userId: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ conversation_id: string }>(
    'select conversation_id from calls where user_id = $1 order by conversation_id',
    [userId],
  );
  return rows.map((row) => row.conversation_id);
}

test('Sync stores the readable conversations and reports the one it could not read', async () => {
  const { user, client } = await createFamily(ctx, { plan: 'subscription_3month' });
  for (const id of ['conv_ok_1', 'conv_broken', 'conv_ok_2'])
    ctx.voice.conversations.set(id, conversationOf(id, user.id));
  ctx.voice.unreadable.add('conv_broken');

  const res = await client.post('/api/calls/sync-from-elevenlabs');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    message:
      'Synced 2 calls. 1 call could not be read right now; sync again later and it should come through.',
    stored: 2,
    unreadable: 1,
  });
  expect(await storedConversations(user.id)).toEqual(['conv_ok_1', 'conv_ok_2']);

  // Once the provider hands it over, the next sync brings it in.
  ctx.voice.unreadable.delete('conv_broken');
  const again = await client.post('/api/calls/sync-from-elevenlabs');
  expect(again.body).toEqual({ message: 'Synced 1 call', stored: 1, unreadable: 0 });
  expect(await storedConversations(user.id)).toEqual(['conv_broken', 'conv_ok_1', 'conv_ok_2']);
});

test('a conversation whose recording cannot be fetched is skipped, not stored without it', async () => {
  const { user, client } = await createFamily(ctx, { plan: 'subscription_3month' });
  ctx.voice.conversations.set('conv_audio_ok', conversationOf('conv_audio_ok', user.id));
  ctx.voice.conversations.set('conv_audio_broken', conversationOf('conv_audio_broken', user.id, true));
  ctx.voice.unreadableAudio.add('conv_audio_broken');

  const res = await client.post('/api/calls/sync-from-elevenlabs');
  expect(res.body).toMatchObject({ stored: 1, unreadable: 1 });
  expect(await storedConversations(user.id)).toEqual(['conv_audio_ok']);
});
