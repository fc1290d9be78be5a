import { expect, test } from 'vitest';
import { formatLocalTime } from './local-day';

test('a US browser reads Santa’s times on a 12-hour clock', () => {
  expect(formatLocalTime('17:00', 'en-US')).toBe('5:00 PM');
  expect(formatLocalTime('09:30', 'en-US')).toBe('9:30 AM');
});

test('a British or German browser reads them on a 24-hour clock', () => {
  expect(formatLocalTime('17:00', 'en-GB')).toBe('17:00');
  expect(formatLocalTime('21:30', 'de-DE')).toBe('21:30');
});
