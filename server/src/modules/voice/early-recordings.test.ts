import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deleteUnclaimedRecordings } from './early-recordings.ts';
import {
  connectedCall,
  createVoiceTestContext,
  postElevenLabs,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const nextConversationId = () => uniqueConversationId('conv_early');

function postAudio(conversationId: string) {
  return postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: {
      agent_id: 'agent_test',
      conversation_id: conversationId,
      full_audio: Buffer.from('ID3-fake-mp3-bytes').toString('base64'),
    },
  });
}

const sweep = (waitSeconds?: number) =>
  deleteUnclaimedRecordings({
    db: ctx.db,
    logger: ctx.deps.logger,
    recordings: ctx.providers.recordings,
    ...(waitSeconds === undefined ? {} : { waitSeconds }),
  });

async function notes(): Promise<string[]> {
  const { rows } = await ctx.db.query<{ conversation_id: string }>(
    'select conversation_id from early_recordings order by conversation_id',
  );
  return rows.map((row) => row.conversation_id);
}

test('a recording whose call never comes is deleted after the wait', async () => {
  const conversationId = nextConversationId();
  expect((await postAudio(conversationId)).status).toBe(200);
  expect(await ctx.providers.recordings.size(`${conversationId}.mp3`)).not.toBeNull();

  expect(await sweep()).toBe(0);
  expect(await ctx.providers.recordings.size(`${conversationId}.mp3`)).not.toBeNull();

  expect(await sweep(-1)).toBe(1);
  expect(await ctx.providers.recordings.size(`${conversationId}.mp3`)).toBeNull();
  expect(await notes()).toEqual([]);
});

test('a recording its call claimed is kept, and only its note goes', async () => {
  const { call } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  await postAudio(conversationId);
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid }));

  expect(await sweep(-1)).toBe(0);
  expect(await ctx.providers.recordings.size(`${conversationId}.mp3`)).not.toBeNull();
  expect(await notes()).toEqual([]);
});

test('audio for a call already stored leaves no note behind', async () => {
  const { call } = await connectedCall(ctx);
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid }));
  await postAudio(conversationId);
  expect(await notes()).toEqual([]);
});
