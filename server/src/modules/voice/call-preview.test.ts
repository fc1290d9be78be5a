import pino from 'pino';
import { expect, test } from 'vitest';
import type { KidProfileRow } from '../santa/profile.repository.ts';
import { createCallPreview, type CallPreviewDeps } from './call-preview.ts';

const emma: KidProfileRow = {
  user_id: 'u1',
  parent_phone: '+14155550100',
  kid_name: 'Emma',
  age: 7,
  gifts_giving: null,
  wish_list: 'a red bicycle',
  accomplishments: null,
  behavior_notes: null,
  siblings: 'Leo (4)',
  custom_notes: null,
  santa_personality: 'traditional',
  avoid_topics: [],
  name_pronunciation: null,
  language: 'en',
  created_at: new Date(),
  updated_at: new Date(),
};

/** The preview's reads, without a database: an ElevenLabs server with a family on a pass. */
function deps(overrides: Partial<CallPreviewDeps> = {}): CallPreviewDeps {
  return {
    logger: pino({ level: 'silent' }),
    voice: { isSandbox: false },
    profiles: { findProfileByUserId: async () => emma },
    subscriptions: {
      find: async () => ({
        plan: 'subscription_3month',
        status: 'active',
        seconds_limit: 600,
        seconds_used: 0,
      }),
    } as unknown as CallPreviewDeps['subscriptions'],
    prompts: {
      scriptForCall: async () => ({
        prompt: 'Santa with {kid_name}. Siblings: {siblings}.',
        last_updated: '',
        updated_by: null,
      }),
    },
    consents: { hasCurrent: async () => true },
    memory: { forCall: async () => [] },
    ...overrides,
  };
}

test('with the ElevenLabs agent taking real calls, the test call is still the sandbox Santa and says so', async () => {
  const call = await createCallPreview(deps()).testCall('u1', ['I want a puppy']);
  expect(call.engine).toBe('sandbox');
  expect(call.live_engine).toBe('elevenlabs');
  expect(call.turns[0]!.message).toContain('Emma');
});

test("the preview holds what is left when it is under the plan's cap, and hides the siblings' names", async () => {
  const preview = await createCallPreview(deps()).preview('u1');
  expect(preview.allowed_seconds).toBe(600);
  expect(preview.prompt).toContain('at most 10 minutes');
  expect(preview.prompt).toContain('[siblings · 7 characters]');
  expect(preview.prompt).not.toContain('Leo');
});

test('a family that has not agreed to the current notice would hear the consent message', async () => {
  const preview = await createCallPreview(deps({ consents: { hasCurrent: async () => false } })).preview(
    'u1',
  );
  expect(preview.next_call).toBe('no_consent');
});
