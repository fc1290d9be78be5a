/**
 * A family with no phone to give (abroad, or simply none to prove) describes its child, takes the
 * free sample and talks to Santa in the browser (decision 0040): the signed-in parent is the proof.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { INVALID_PHONE_MESSAGE } from '@santa/shared/santa';
import { signUp } from '../../../test/test-app.ts';
import { postProfile } from '../../../test/fixtures/santa.ts';
import {
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

test('a profile saved without a phone keeps no phone, and asks no phone to be verified', async () => {
  const { client } = await signUp(ctx.voiceApp);
  const res = await postProfile(client, { kid_name: 'Lucía', parent_phone_country: 'ES' });
  expect(res.status).toBe(201);
  expect(res.body.profile.parent_phone).toBeNull();
  expect((await client.get('/api/santa/phones')).body.phones).toEqual([]);
});

test('a phone given is still checked: one that cannot be a number is refused, not dropped', async () => {
  const { client } = await signUp(ctx.voiceApp);
  const res = await postProfile(client, { kid_name: 'Lucía', parent_phone: '12' });
  expect(res.status).toBe(400);
  expect(res.body.detail).toBe(INVALID_PHONE_MESSAGE);
});

test('a family without a phone takes the free sample and Santa answers in the browser, billed by the second', async () => {
  const { user, client } = await signUp(ctx.voiceApp);
  await postProfile(client, { kid_name: 'Lucía', language: 'es', parent_phone_country: 'ES' });
  expect((await client.get('/api/santa/sample-call-status')).body.sample_call_used).toBe(false);
  expect((await client.post('/api/santa/use-sample-call')).status).toBe(200);

  const call = await client.post('/api/calls/browser');
  expect(call.status).toBe(201);
  expect(call.body.conversation.language).toBe('es');
  expect(call.body.conversation.prompt).toContain('Lucía');

  const payload = transcriptionPayload({ conversationId: call.body.call_id, durationSecs: 42 });
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  expect((await ctx.services.subscription.find(user.id))?.seconds_used).toBe(42);
  const history = await client.get('/api/calls/history');
  expect(history.body.calls).toMatchObject([{ duration: 42, channel: 'browser', phone_number: null }]);
});
