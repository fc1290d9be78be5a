/** The parent's wall-clock time, turned into the instant Santa dials (decision 0025). */
import { expect, test } from 'vitest';
import { instantIn, isOutsideQuietHours, slotTimes } from './local-time.ts';

test('10:00 in London is 10:00 UTC the day before summer time and 09:00 UTC the day it starts', () => {
  expect(instantIn('2026-03-28', '10:00', 'Europe/London').toISOString()).toBe('2026-03-28T10:00:00.000Z');
  expect(instantIn('2026-03-29', '10:00', 'Europe/London').toISOString()).toBe('2026-03-29T09:00:00.000Z');
});

test('a zone ahead of UTC dials the evening before in UTC terms', () => {
  expect(instantIn('2026-12-24', '08:00', 'Australia/Sydney').toISOString()).toBe('2026-12-23T21:00:00.000Z');
});

test('Christmas Eve runs to 21:00; other days stop at 20:30; nobody is called before 08:00', () => {
  expect(slotTimes('2026-12-24').at(-1)).toBe('21:00');
  expect(slotTimes('2026-12-23').at(-1)).toBe('20:30');
  expect(isOutsideQuietHours('2026-12-23', '07:45')).toBe(false);
  expect(isOutsideQuietHours('2026-12-23', '08:00')).toBe(true);
});
