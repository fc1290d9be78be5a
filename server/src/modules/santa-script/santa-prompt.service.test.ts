import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROMPT_PLACEHOLDERS } from '@santa/shared/constants';
import { unknownPlaceholder } from '@santa/shared/santa-script';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { AppError } from '../../http/errors.ts';
import { createSantaPromptService, SCRIPT_CACHE_MS } from './santa-prompt.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

test('the default script is seeded with every placeholder', async () => {
  const prompt = await createSantaPromptService(ctx.db).getPrompt();
  for (const placeholder of PROMPT_PLACEHOLDERS) expect(prompt.prompt).toContain(placeholder);
  // So the admin can save it back unchanged.
  expect(unknownPlaceholder(prompt.prompt)).toBeUndefined();
  expect(prompt.updated_by).toBe('system');
});

test('saving the script records who saved it and when', async () => {
  const service = createSantaPromptService(ctx.db);
  const saved = await service.savePrompt('You are Santa. Say hello to {kid_name}.', 'admin@santacalls.local');
  expect(saved.prompt).toBe('You are Santa. Say hello to {kid_name}.');
  expect(saved.updated_by).toBe('admin@santacalls.local');
  expect((await service.getPrompt()).prompt).toBe(saved.prompt);
});

test('a script without {kid_name} is refused', async () => {
  const service = createSantaPromptService(ctx.db);
  await expect(service.savePrompt('You are Santa.', 'admin@santacalls.local')).rejects.toThrow(AppError);
  await expect(service.savePrompt('You are Santa.', 'admin@santacalls.local')).rejects.toMatchObject({
    detail: 'The script must include {kid_name} so Santa can greet the child by name',
  });
});

test.each(['{Age}', '{ kid_name }', '{child_name}'])(
  'a script with %s, which is not a placeholder, is refused by name',
  async (token) => {
    const service = createSantaPromptService(ctx.db);
    const before = (await service.getPrompt()).prompt;
    await expect(
      service.savePrompt(`Say hello to {kid_name}, who is ${token}.`, 'admin@santacalls.local'),
    ).rejects.toMatchObject({
      detail: `The script uses ${token}, which is not a placeholder. Use ${PROMPT_PLACEHOLDERS.join(', ')}`,
    });
    expect((await service.getPrompt()).prompt).toBe(before);
  },
);

test("the voice agent's own {{variables}} are allowed in the script", async () => {
  const service = createSantaPromptService(ctx.db);
  const script = 'Say hello to {kid_name}. It is {{system__time}} at the North Pole.';
  await expect(service.savePrompt(script, 'admin@santacalls.local')).resolves.toMatchObject({
    prompt: script,
  });
});

test('a script over 8000 characters is refused', async () => {
  const service = createSantaPromptService(ctx.db);
  await expect(
    service.savePrompt(`{kid_name} ${'x'.repeat(8000)}`, 'admin@santacalls.local'),
  ).rejects.toMatchObject({
    status: 400,
  });
});

test('a call uses a script saved here at once', async () => {
  const service = createSantaPromptService(ctx.db);
  await service.scriptForCall();
  await service.savePrompt('Ho ho ho, {kid_name}!', 'admin@santacalls.local');
  expect((await service.scriptForCall()).prompt).toBe('Ho ho ho, {kid_name}!');
});

test('a call sees a script saved by another replica within a second', async () => {
  const clock = { now: 0 };
  const replica = createSantaPromptService(ctx.db, { now: () => clock.now });
  const other = createSantaPromptService(ctx.db);
  await other.savePrompt('First script for {kid_name}.', 'admin@santacalls.local');
  expect((await replica.scriptForCall()).prompt).toBe('First script for {kid_name}.');
  await other.savePrompt('Second script for {kid_name}.', 'admin@santacalls.local');
  clock.now = SCRIPT_CACHE_MS - 1;
  expect((await replica.scriptForCall()).prompt).toBe('First script for {kid_name}.');
  clock.now = SCRIPT_CACHE_MS;
  expect(SCRIPT_CACHE_MS).toBeLessThan(1_000);
  expect((await replica.scriptForCall()).prompt).toBe('Second script for {kid_name}.');
});
