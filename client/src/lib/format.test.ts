import { expect, test } from 'vitest';
import {
  formatCallDuration,
  formatLongDateTime,
  formatMinutes,
  formatMinutesSeconds,
  formatPhoneNumber,
  telHref,
} from './format';

test('the sandbox hotline reads +1 555 0100', () => {
  expect(formatPhoneNumber('+15550100')).toBe('+1 555 0100');
});

test('a US number reads +1 (415) 555-2671 and dials as E.164', () => {
  expect(formatPhoneNumber('+14155552671')).toBe('+1 (415) 555-2671');
  expect(telHref('+1 (415) 555-2671')).toBe('tel:+14155552671');
});

test('a number of another country is shown as stored', () => {
  expect(formatPhoneNumber('+447700900123')).toBe('+447700900123');
});

test('call dates are long-form with the time', () => {
  const iso = new Date(2025, 11, 1, 18, 30).toISOString();
  expect(formatLongDateTime(iso)).toBe('Monday, December 1, 2025 at 6:30 PM');
});

test('durations over 0 read as minutes and seconds, 0 reads as nothing', () => {
  expect(formatMinutesSeconds(125)).toBe('2m 5s');
  expect(formatMinutesSeconds(45)).toBe('0m 45s');
  expect(formatMinutesSeconds(0)).toBeNull();
});

test('one minute is singular, every other count plural', () => {
  expect(formatMinutes(1)).toBe('1 minute');
  expect(formatMinutes(0)).toBe('0 minutes');
  expect(formatMinutes(30)).toBe('30 minutes');
});

test('a call reads its length the same everywhere: seconds under a minute, then minutes and seconds', () => {
  expect(formatCallDuration(1)).toBe('1 second');
  expect(formatCallDuration(45)).toBe('45 seconds');
  expect(formatCallDuration(120)).toBe('2 min');
  expect(formatCallDuration(125)).toBe('2 min 5 sec');
  expect(formatCallDuration(0)).toBe('0 seconds');
});
