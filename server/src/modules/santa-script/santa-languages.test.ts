import { expect, test } from 'vitest';
import { SANTA_LANGUAGES } from '@santa/shared/languages';
import { renderFirstMessage, renderPrompt, SAFETY_RULES, type PromptProfile } from './render-prompt.ts';
import { renderFamilyCall } from './family-prompt.ts';
import { SANTA_WORDS } from './santa-languages.ts';

const lucia: PromptProfile = {
  kid_name: 'Lucía',
  age: 6,
  siblings: null,
  gifts_giving: null,
  wish_list: 'una bicicleta roja',
  accomplishments: null,
  behavior_notes: null,
  custom_notes: null,
  santa_personality: 'traditional',
  language: 'es',
};

test('every language Santa speaks has every fixed rule, translated', () => {
  for (const language of SANTA_LANGUAGES.filter((code) => code !== 'en')) {
    expect(SANTA_WORDS[language].rules, language).toHaveLength(SAFETY_RULES.length);
    for (const rule of SANTA_WORDS[language].rules) expect(SAFETY_RULES, language).not.toContain(rule);
  }
});

test("a Spanish child's prompt tells Santa to speak Spanish and holds him to the rules in Spanish", () => {
  const prompt = renderPrompt('You are Santa talking with {kid_name}.', lucia, 300);
  expect(prompt.split('\n')[0]).toBe(
    'Language: speak only Spanish (Español) for the whole call, even if these instructions are in English; the child speaks Spanish.',
  );
  expect(prompt).toContain(SANTA_WORDS.es.rulesHeading);
  for (const rule of SANTA_WORDS.es.rules) expect(prompt).toContain(`- ${rule}`);
  for (const rule of SAFETY_RULES) expect(prompt).not.toContain(rule);
});

test('a Spanish child is greeted in Spanish, by name', () => {
  expect(renderFirstMessage(lucia)).toBe(
    '¡Jo, jo, jo! ¡Feliz Navidad, Lucía! Soy Papá Noel, desde el Polo Norte. ¡Qué alegría oírte!',
  );
});

test('an English child keeps the English prompt, with no language line', () => {
  const prompt = renderPrompt('You are Santa talking with {kid_name}.', { ...lucia, language: 'en' }, 300);
  expect(prompt.startsWith('You are Santa talking with Lucía.')).toBe(true);
  expect(prompt).toContain('Rules you must always follow:');
});

test("the call is in the greeted child's language; with nobody greeted, the first child's", () => {
  const first = { ...lucia, id: 'c1', language: 'fr' as const };
  const second = { ...lucia, id: 'c2', kid_name: 'Hans', language: 'de' as const };
  const greetingHans = renderFamilyCall('Hi {kid_name}', lucia, [first, second], 'c2', 300);
  expect(greetingHans.language).toBe('de');
  expect(greetingHans.firstMessage).toContain('Frohe Weihnachten, Hans');
  const nobody = renderFamilyCall('Hi {kid_name}', lucia, [first, second], null, 300);
  expect(nobody.language).toBe('fr');
  expect(nobody.firstMessage).toBe(SANTA_WORDS.fr.whoIsSpeaking);
});
