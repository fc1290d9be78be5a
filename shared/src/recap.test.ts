import { expect, test } from 'vitest';
import { EMPTY_RECAP, recapHeadline } from './recap.ts';

test("a call's headline is the child's fullest wish, in their own words", () => {
  const recap = {
    ...EMPTY_RECAP,
    wishes: ['A bike.', 'I really want a red bike with a bell and a basket.'],
    news: ['I lost my front tooth and the tooth fairy came!'],
  };
  expect(recapHeadline(recap)).toEqual({
    kind: 'wishes',
    text: 'I really want a red bike with a bell and a basket.',
  });
});

test('without a wish the headline is the news the child told', () => {
  const recap = { ...EMPTY_RECAP, news: ['I lost my front tooth!'], questions: ['Is Rudolph real?'] };
  expect(recapHeadline(recap)).toEqual({ kind: 'news', text: 'I lost my front tooth!' });
});

test('a call where the child said nothing to quote has no headline', () => {
  expect(recapHeadline(EMPTY_RECAP)).toBeNull();
  expect(recapHeadline(null)).toBeNull();
});

test('a long line is shortened at a word for the headline', () => {
  const long = `I want ${'a shiny snowboard and '.repeat(8)}snowshoes`;
  const headline = recapHeadline({ ...EMPTY_RECAP, wishes: [long] });
  expect(headline!.text.length).toBeLessThanOrEqual(120);
  expect(headline!.text.endsWith('…')).toBe(true);
});
