import { expect, test } from 'vitest';
import { summarizeLocally } from './local-summarizer.ts';

const WISH_LIST = 'a red bicycle, a snow globe and a snowboard for the winter holidays';

/** Santa reads back the parent's wish list; the child says something else entirely. */
const TRANSCRIPT = [
  'Santa: Ho ho ho! Merry Christmas, Olivia!',
  'Child: Hi Santa!',
  `Santa: I have your list written down: ${WISH_LIST}. What would you like most?`,
  'Child: I want a kitten with white paws. And I lost my front tooth yesterday!',
  'Santa: What wonderful news!',
  'Child: Does Rudolph like carrots?',
  'Santa: He loves them!',
  "Child: I'll leave three carrots for Rudolph on Christmas Eve.",
  'Child: Bye Santa!',
].join('\n');

test("the fallback recap quotes the child's own lines by kind, never the parent's wish list", () => {
  const { recap } = summarizeLocally({ transcript: TRANSCRIPT, kidName: 'Olivia' });
  expect(recap).toEqual({
    wishes: ['I want a kitten with white paws.'],
    news: ['And I lost my front tooth yesterday!'],
    questions: ['Does Rudolph like carrots?'],
    promises: ["I'll leave three carrots for Rudolph on Christmas Eve."],
  });
  expect(JSON.stringify(recap)).not.toContain('snow');
});

test("the fallback summary leads with the child's own words, not the voice agent's retelling of the wish list", () => {
  const { summary } = summarizeLocally({
    transcript: TRANSCRIPT,
    kidName: 'Olivia',
    providerSummary: `Santa talked with Olivia about the wish list (${WISH_LIST}).`,
  });
  expect(summary).toBe(
    'Olivia told Santa “I want a kitten with white paws”, and some news, a question and a promise.',
  );
  expect(summary).not.toContain('snow');
});

test('a long line is shortened at a word, never mid-word', () => {
  const long = `Child: I want ${'a shiny snowboard and '.repeat(12)}snowshoes`;
  const { recap } = summarizeLocally({ transcript: long, kidName: 'Leo' });
  const [wish] = recap.wishes;
  expect(wish!.endsWith('…')).toBe(true);
  expect(wish!.length).toBeLessThanOrEqual(200);
  // The word before the ellipsis is whole: one of the words the child said.
  expect(wish!.slice(0, -1).split(' ').at(-1)).toMatch(/^(a|shiny|snowboard|and)$/);
});

test('a call where the child only said hello has an empty recap and a plain summary', () => {
  const { summary, recap } = summarizeLocally({
    transcript: 'Santa: Ho ho ho!\nChild: Hi!\nChild: Bye!',
    kidName: 'Mia',
  });
  expect(recap).toEqual({ wishes: [], news: [], questions: [], promises: [] });
  expect(summary).toBe('Mia said hello to Santa.');
});

test("a child's wish in Spanish, French or German is kept in the child's own words", () => {
  const transcript = [
    'Santa: ¡Jo, jo, jo! ¡Feliz Navidad, Lucía!',
    'Child: Quiero una bicicleta roja, por favor.',
    'Child: Je voudrais un petit chien.',
    'Child: Ich wünsche mir einen Schlitten.',
  ].join('\n');
  expect(summarizeLocally({ transcript, kidName: 'Lucía' }).recap.wishes).toEqual([
    'Quiero una bicicleta roja, por favor.',
    'Je voudrais un petit chien.',
    'Ich wünsche mir einen Schlitten.',
  ]);
});
