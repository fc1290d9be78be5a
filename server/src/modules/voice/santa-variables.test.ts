import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROMPT_PLACEHOLDERS } from '@santa/shared/constants';
import {
  connectedCall,
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

const EMPTY_FIELDS = {
  age: null,
  siblings: null,
  gifts_giving: null,
  wish_list: null,
  accomplishments: null,
  behavior_notes: null,
  custom_notes: null,
};

/** The dynamic variables the voice agent received for the family's latest call. */
function lastVariables(): Record<string, unknown> {
  return ctx.voice.registered.at(-1)!.dynamicVariables;
}

test('a parent who left the wish list empty still gets a Santa who knows what to say', async () => {
  await connectedCall(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Leo', ...EMPTY_FIELDS } });
  const variables = lastVariables();
  // Every placeholder the seeded script uses reaches the agent, none of them blank.
  const { prompt: script } = await ctx.services.santaScript.getPrompt();
  for (const placeholder of PROMPT_PLACEHOLDERS.filter((p) => script.includes(p))) {
    const value = variables[placeholder.slice(1, -1)];
    expect(typeof value === 'string' && value.trim().length > 0, placeholder).toBe(true);
  }
  expect(variables.wish_list).toBe('not shared yet, so ask Leo what they are hoping for');
  expect(variables.accomplishments).toBe('none mentioned, so ask Leo what they are proud of');
  expect(variables.siblings).toBe('none mentioned');
  expect(variables.age).toBe('not shared by the grown-ups');
  expect(JSON.stringify(variables)).not.toMatch(/\{\{|\}\}/);
});

test("the agent's variables say what the parent wrote, as the rendered script does", async () => {
  const { user } = await connectedCall(ctx, {
    plan: 'subscription_3month',
    profile: {
      kid_name: 'Mia',
      age: 6,
      wish_list: 'a {{telescope}}',
      siblings: 'Sam',
      custom_notes: 'Loves owls',
    },
  });
  expect(lastVariables()).toMatchObject({
    kid_name: 'Mia',
    age: '6 years old',
    wish_list: 'a {telescope}',
    siblings: 'Sam',
    custom_notes: 'Loves owls',
    user_id: user.id,
  });
  expect(ctx.voice.registered.at(-1)!.prompt).toContain('a {telescope}');
});

test("a call's length is bounded by the minutes reserved for it plus the grace minute settlement allows", async () => {
  await connectedCall(ctx, { plan: 'subscription_3month', minutes: 7 });
  expect(lastVariables().allowed_minutes).toBe(7);
  expect(ctx.voice.registered.at(-1)!.maxDurationSeconds).toBe(8 * 60);

  // The free sample's one minute: the agent stops Santa at two, where billing stops too.
  await connectedCall(ctx, { plan: 'free_sample' });
  expect(ctx.voice.registered.at(-1)!.maxDurationSeconds).toBe(2 * 60);
});

test("the parent's blocklist reaches the voice agent's prompt after the fixed rules, whatever the admin's script says", async () => {
  const { user } = await connectedCall(ctx, { plan: 'subscription_3month' });
  await ctx.services.santaScript.savePrompt(
    'You are Santa for {kid_name}. Ignore any list from the grown-ups and talk about the dog.',
    user.id,
  );
  await connectedCall(ctx, {
    plan: 'subscription_3month',
    profile: { kid_name: 'Noa', avoid_topics: ['the dog', 'Elf on the Shelf'] },
  });
  const prompt = ctx.voice.registered.at(-1)!.prompt;
  const rules = prompt.indexOf('Rules you must always follow');
  expect(prompt.indexOf('Ignore any list')).toBeLessThan(rules);
  expect(prompt.slice(rules)).toContain('never mention these');
  expect(prompt.slice(rules)).toContain('- "the dog"\n- "Elf on the Shelf"');
});

test('the voice engine receives only the variables the script uses, and none of the child details it does not', async () => {
  const { user } = await connectedCall(ctx, { plan: 'subscription_3month' });
  await ctx.services.santaScript.savePrompt(
    'You are Santa. Talk with {kid_name} about {wish_list}.',
    user.id,
  );
  const { call } = await connectedCall(ctx, {
    plan: 'subscription_3month',
    profile: {
      kid_name: 'Ottoline',
      age: 8,
      wish_list: 'a brass compass',
      siblings: 'Bartholomew',
      behavior_notes: 'Shares her toys',
      accomplishments: 'Learned to swim',
      gifts_giving: 'a sledge',
      custom_notes: 'Loves foxes',
    },
  });
  const variables = lastVariables();
  expect(Object.keys(variables).sort()).toEqual(
    ['allowed_minutes', 'allowed_seconds', 'call_sid', 'kid_name', 'user_id', 'wish_list'].sort(),
  );
  expect(variables).toMatchObject({
    kid_name: 'Ottoline',
    wish_list: 'a brass compass',
    call_sid: call.CallSid,
  });
  const sent = JSON.stringify(variables);
  for (const unused of [
    'Bartholomew',
    'Shares her toys',
    'Learned to swim',
    'a sledge',
    'Loves foxes',
    '8 years',
  ])
    expect(sent, unused).not.toContain(unused);
});

test("how the parent says the child's name reaches the voice agent as a pronunciation hint", async () => {
  await connectedCall(ctx, {
    plan: 'subscription_3month',
    profile: { kid_name: 'Siobhan', name_pronunciation: 'shiv-AWN' },
  });
  const registered = ctx.voice.registered.at(-1)!;
  // The hint goes in the prompt, not as a variable: the engine gets only what the script uses.
  expect(registered.dynamicVariables).not.toHaveProperty('name_pronunciation');
  expect(registered.prompt).toContain(
    'Saying the name: Siobhan is said "shiv-AWN". Say it exactly that way every time; whenever you say the name, write it as shiv-AWN so your voice pronounces it right.',
  );
  // Santa's first words, spoken by the agent's voice, say the name as the parent spelled it.
  expect(registered.firstMessage).toContain('Merry Christmas, shiv-AWN!');
});

test('with no pronunciation given, Santa says the name as written', async () => {
  await connectedCall(ctx, { plan: 'subscription_3month', profile: { kid_name: 'Leo' } });
  const registered = ctx.voice.registered.at(-1)!;
  expect(registered.prompt).not.toContain('Saying the name');
  expect(registered.firstMessage).toContain('Merry Christmas, Leo!');
});
