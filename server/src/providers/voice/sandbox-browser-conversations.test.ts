import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, PUBLIC_URL, type TestContext } from '../../../test/test-app.ts';
import { claimSignedConversation, SANDBOX_CONVERSATION_PATH } from './sandbox-browser-conversations.ts';
import { SandboxVoiceEngine } from './sandbox-voice-engine.ts';
import type { BrowserConversation } from './voice-engine.ts';

let ctx: TestContext;
let engine: SandboxVoiceEngine;
beforeAll(async () => {
  ctx = await createTestContext();
  if (!(ctx.providers.voice instanceof SandboxVoiceEngine))
    throw new Error('expected the sandbox voice engine');
  engine = ctx.providers.voice;
});
afterAll(() => ctx.close());

const mint = () =>
  engine.startBrowserConversation({
    dynamicVariables: { kid_name: 'Mia', allowed_seconds: 120, user_id: 'u-1' },
    prompt: 'You are Santa Claus talking with Mia.',
    firstMessage: 'Ho ho ho! Hello Mia!',
    maxDurationSeconds: 180,
  });

const signatureOf = (minted: BrowserConversation) =>
  new URL(minted.signedUrl).searchParams.get('conversation_signature')!;

test("the sandbox agent's signed URL is shaped like ElevenLabs', on the app's own address", async () => {
  const minted = await mint();
  const url = new URL(minted.signedUrl);
  expect(url.protocol).toBe(new URL(PUBLIC_URL).protocol === 'https:' ? 'wss:' : 'ws:');
  expect(url.host).toBe(new URL(PUBLIC_URL).host);
  expect(url.pathname).toBe(SANDBOX_CONVERSATION_PATH);
  expect(url.searchParams.get('conversation_id')).toBe(minted.conversationId);
  expect(signatureOf(minted)).toMatch(/^[\w-]{32}$/);
});

test('the conversation keeps the prompt our server gave it, not what a browser might send', async () => {
  const minted = await mint();
  expect(await engine.getConversation(minted.conversationId)).toMatchObject({
    status: 'initiated',
    dynamicVariables: { kid_name: 'Mia', call_sid: minted.conversationId, max_duration_seconds: 180 },
  });
});

test('a signed URL starts its conversation once: a second connection is refused', async () => {
  const minted = await mint();
  expect(await claimSignedConversation(ctx.db, minted.conversationId, signatureOf(minted))).toEqual({
    maxDurationSeconds: 180,
  });
  expect(await claimSignedConversation(ctx.db, minted.conversationId, signatureOf(minted))).toBeNull();
  expect((await engine.getConversation(minted.conversationId)).status).toBe('in-progress');
});

test('a wrong signature or an expired URL starts nothing', async () => {
  const minted = await mint();
  expect(await claimSignedConversation(ctx.db, minted.conversationId, 'forged')).toBeNull();
  await ctx.db.query(
    `update sandbox_voice_conversations set signature_expires_at = now() - interval '1 second'
      where conversation_id = $1`,
    [minted.conversationId],
  );
  expect(await claimSignedConversation(ctx.db, minted.conversationId, signatureOf(minted))).toBeNull();
  expect((await engine.getConversation(minted.conversationId)).status).toBe('initiated');
});
