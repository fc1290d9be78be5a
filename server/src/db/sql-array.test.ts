import { expect, test } from 'vitest';
import { placeholders, SPELLED_OUT_UP_TO, sqlArray } from './sql-array.ts';

test('a short list is spelled out, one typed placeholder per value', () => {
  const { values, param } = placeholders();
  expect(sqlArray(['a', 'b'], 'text', param)).toBe('array[$1::text, $2::text]');
  expect(values).toEqual(['a', 'b']);
});

test('a list longer than the spelled-out ones, or an empty one, is one parameter', () => {
  const long = Array.from({ length: SPELLED_OUT_UP_TO + 1 }, (_, i) => `id-${i}`);
  const { values, param } = placeholders();
  expect(sqlArray(long, 'uuid', param)).toBe('$1::uuid[]');
  expect(sqlArray([], 'text', param)).toBe('$2::text[]');
  expect(values).toEqual([long, []]);
});

test('placeholders continue after the values a statement already names $1, $2 …', () => {
  const { values, param } = placeholders(['conversation', 'summary']);
  expect(param('child')).toBe('$3');
  expect(values).toEqual(['conversation', 'summary', 'child']);
});
