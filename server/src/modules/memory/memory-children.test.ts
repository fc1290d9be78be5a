/** Santa remembers each child: a family of several children keeps each child's words apart (decision 0024). */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SantaMemory } from '@santa/shared/memory';
import { childDetails } from '../../../test/fixtures/santa.ts';
import { uniqueConversationId } from '../../../test/fixtures/unique.ts';
import {
  createFamily,
  createVoiceTestContext,
  HOTLINE,
  inboundCall,
  postElevenLabs,
  postTwilio,
  transcriptionPayload,
  type VoiceTestContext,
} from '../../../test/fixtures/voice.ts';

let ctx: VoiceTestContext;
beforeAll(async () => {
  ctx = await createVoiceTestContext();
});
afterAll(() => ctx.close());

/** Emma (the first child) and Noah, on a pass. */
async function emmaAndNoah() {
  const family = await createFamily(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Emma' } });
  const { children } = await ctx.services.children.add(family.user.id, childDetails('Noah'));
  return { ...family, emmaId: children[0]!.id, noahId: children[1]!.id };
}

/** A call on the family's phone in which `name` (as the voice engine collected it) says `line`. */
async function callSaying(family: { parentPhone: string; user: { id: string } }, name: string, line: string) {
  const call = inboundCall(family.parentPhone, HOTLINE);
  expect((await postTwilio(ctx, 'inbound', call)).text).toContain('<Connect>');
  const payload = transcriptionPayload({
    conversationId: uniqueConversationId('conv_kids'),
    callSid: call.CallSid,
  });
  payload.data.transcript = [
    { role: 'agent', message: 'Ho ho ho! Who am I speaking with today?', time_in_call_secs: 0 },
    { role: 'user', message: line, time_in_call_secs: 4 },
  ];
  (payload.data.analysis as Record<string, unknown>).data_collection_results = {
    child_name: { data_collection_id: 'child_name', value: name },
  };
  expect((await postElevenLabs(ctx, payload)).status).toBe(200);
  expect(await ctx.jobs.drained()).toBe(true);
}

async function nextCallPrompt(parentPhone: string): Promise<string> {
  expect((await postTwilio(ctx, 'inbound', inboundCall(parentPhone, HOTLINE))).text).toContain('<Connect>');
  return ctx.voice.registered.at(-1)!.prompt;
}

test('what Noah told Santa comes back on the next call under Noah, not under his sister', async () => {
  const family = await emmaAndNoah();
  await callSaying(family, 'Noah', 'I learned to ride my bike without training wheels!');

  const prompt = await nextCallPrompt(family.parentPhone);
  const noah = prompt.indexOf('- "Noah":');
  const remembered = prompt.indexOf('"I learned to ride my bike without training wheels!"');
  expect(noah).toBeGreaterThan(prompt.indexOf('- "Emma":'));
  expect(remembered).toBeGreaterThan(noah);
  expect(prompt).toContain('told you on earlier calls:');
  // Not the single-child wording, which would hand Noah's words to whoever Santa greets.
  expect(prompt).not.toContain('What Emma told you on earlier calls');
});

test('the parent sees which child said each thing Santa remembers', async () => {
  const family = await emmaAndNoah();
  await callSaying(family, 'Noah', 'I lost my first tooth!');
  await callSaying(family, 'Emma', 'Our puppy Biscuit learned to sit!');
  const { items } = (await family.client.get('/api/memory')).body as SantaMemory;
  expect(items.map(({ text, child_id }) => ({ text, child_id }))).toEqual(
    expect.arrayContaining([
      { text: 'I lost my first tooth!', child_id: family.noahId },
      { text: 'Our puppy Biscuit learned to sit!', child_id: family.emmaId },
    ]),
  );
});

test('clearing what Noah told Santa keeps what Emma told him', async () => {
  const family = await emmaAndNoah();
  await callSaying(family, 'Noah', 'I lost my first tooth!');
  await callSaying(family, 'Emma', 'Our puppy Biscuit learned to sit!');

  const cleared = await family.client.delete(`/api/memory?child=${family.noahId}`);
  expect(cleared.status).toBe(200);
  expect(cleared.body.message).toBe(
    'Santa has forgotten what that child told him. He will start afresh with them.',
  );
  const { items } = (await family.client.get('/api/memory')).body as SantaMemory;
  expect(items.map((item) => item.text)).toEqual(['Our puppy Biscuit learned to sit!']);
  const prompt = await nextCallPrompt(family.parentPhone);
  expect(prompt).not.toContain('first tooth');
  expect(prompt).toContain('Biscuit learned to sit');
});

test('clearing one child’s memories with an id that names no child is a 404 and clears nothing', async () => {
  const family = await emmaAndNoah();
  await callSaying(family, 'Noah', 'I lost my first tooth!');
  const res = await family.client.delete('/api/memory?child=not-a-child');
  expect(res.status).toBe(404);
  expect(res.body.detail).toBe('Child not found');
  expect(((await family.client.get('/api/memory')).body as SantaMemory).items).toHaveLength(1);
});
