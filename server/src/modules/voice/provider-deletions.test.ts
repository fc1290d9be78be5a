import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { countingDb } from '../../../test/fixtures/counting-db.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import { createProviderDeletions } from './provider-deletions.ts';
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

const nextConversationId = () => uniqueConversationId('conv_deletion');

/** A pay-per-call call whose transcription has been stored. */
async function storedPayPerCall(options: { audioFirst?: boolean } = {}) {
  const { call } = await connectedCall(ctx, { plan: 'pay_per_call' });
  const conversationId = nextConversationId();
  if (options.audioFirst) {
    await postElevenLabs(ctx, {
      type: 'post_call_audio',
      data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: 'SUQz' },
    });
  }
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid }));
  return conversationId;
}

const runDue = () =>
  createProviderDeletions({ db: ctx.db, logger: ctx.deps.logger, voice: ctx.voice }).runDue();

async function makeDue(conversationId: string) {
  await ctx.db.query(
    "update provider_conversation_deletions set due_at = now() - interval '1 second' where conversation_id = $1",
    [conversationId],
  );
}

test('audio that came before the transcription lets the provider conversation go at once', async () => {
  const conversationId = await storedPayPerCall({ audioFirst: true });
  expect(ctx.voice.deleted).toContain(conversationId);
});

test('a pay-per-call conversation whose audio has not come is kept at the provider, however long it waits', async () => {
  const conversationId = await storedPayPerCall();
  await runDue();
  expect(ctx.voice.deleted).not.toContain(conversationId);
});

test('a deletion released by call recovery (the audio is lost) goes at the next run', async () => {
  const conversationId = await storedPayPerCall();
  await createProviderDeletions({ db: ctx.db, logger: ctx.deps.logger, voice: ctx.voice }).release(
    conversationId,
  );
  await runDue();
  expect(ctx.voice.deleted).toContain(conversationId);
});

test('a deletion the provider refuses is retried until it is confirmed', async () => {
  ctx.voice.failDelete = true;
  let conversationId: string;
  try {
    conversationId = await storedPayPerCall({ audioFirst: true });
    expect(ctx.voice.deleted).not.toContain(conversationId);
  } finally {
    ctx.voice.failDelete = false;
  }
  await makeDue(conversationId);
  await runDue();
  expect(ctx.voice.deleted).toContain(conversationId);
  const { rows } = await ctx.db.query(
    'select 1 from provider_conversation_deletions where conversation_id = $1',
    [conversationId],
  );
  expect(rows).toHaveLength(0);
});

test("a pass call's provider copy is deleted too, once its audio is stored (RETENTION_DELETE_PROVIDER_COPIES)", async () => {
  const { call } = await connectedCall(ctx, { plan: 'subscription_3month' });
  const conversationId = nextConversationId();
  await postElevenLabs(ctx, transcriptionPayload({ conversationId, callSid: call.CallSid }));
  expect(ctx.voice.deleted).not.toContain(conversationId);
  await postElevenLabs(ctx, {
    type: 'post_call_audio',
    data: { agent_id: 'agent_test', conversation_id: conversationId, full_audio: 'SUQz' },
  });
  expect(ctx.voice.deleted).toContain(conversationId);
});

test('the audio of calls that ended together confirms their deletions in one statement', async () => {
  const conversations = [await storedPayPerCall(), await storedPayPerCall(), await storedPayPerCall()];
  const counting = countingDb(ctx.db);
  // A provider that confirms at once, so the three confirmations come back together.
  const voice: VoiceEngine = Object.assign(Object.create(ctx.voice) as VoiceEngine, {
    deleteConversation: async () => undefined,
  });
  const deletions = createProviderDeletions({ db: counting.db, logger: ctx.deps.logger, voice });
  await Promise.all(conversations.map((id) => deletions.audioStored(id, { deletionWaiting: true })));
  expect(
    counting.statements.filter((sql) => sql.includes('delete from provider_conversation_deletions')),
  ).toHaveLength(1);
  const { rows } = await ctx.db.query(
    'select 1 from provider_conversation_deletions where conversation_id = any($1::text[])',
    [conversations],
  );
  expect(rows).toEqual([]);
});
