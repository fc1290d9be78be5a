import { expect, test } from 'vitest';
import {
  countryOfTypedPhone,
  defaultPhoneCountry,
  formatPhoneAsTyped,
  isPossiblePhone,
  phoneE164,
} from './phone';

/** Types the text one character at a time, as the field's change events would deliver it. */
function typeInto(text: string, country: 'US' | 'GB'): string {
  let shown = '';
  for (const character of text) shown = formatPhoneAsTyped(shown, shown + character, country);
  return shown;
}

test('a US number typed digit by digit is formatted as the parent types', () => {
  expect(typeInto('4155550142', 'US')).toBe('(415) 555-0142');
});

test('a number typed with its + is formatted for its own country whatever country is selected', () => {
  expect(typeInto('+447700900123', 'US')).toBe('+44 7700 900123');
});

test('deleting keeps what the parent left, so a bracket or dash can be removed', () => {
  expect(formatPhoneAsTyped('(415) 555-0142', '(415) 555-014', 'US')).toBe('(415) 555-014');
  expect(formatPhoneAsTyped('(415', '(41', 'US')).toBe('(41');
});

test('a paste with letters is left as pasted, for the parent to see and fix', () => {
  expect(formatPhoneAsTyped('', 'call 415 555 0142', 'US')).toBe('call 415 555 0142');
});

test('national and international formats are accepted, wrong lengths are not', () => {
  expect(isPossiblePhone('(415) 555-0142', 'US')).toBe(true);
  expect(isPossiblePhone('+44 7700 900123', 'US')).toBe(true);
  expect(isPossiblePhone('07700 900123', 'GB')).toBe(true);
  expect(isPossiblePhone('555-014', 'US')).toBe(false);
  expect(isPossiblePhone('', 'US')).toBe(false);
  expect(phoneE164('(415) 555-0142', 'US')).toBe('+14155550142');
});

test('the selector follows the country of a number typed with its +', () => {
  expect(countryOfTypedPhone('+44 7700 900123', 'US')).toBe('GB');
  expect(countryOfTypedPhone('+1 415 555 0142', 'GB')).toBe('US');
  expect(countryOfTypedPhone('+1 415 555 0142', 'US')).toBeNull();
  expect(countryOfTypedPhone('(415) 555-0142', 'GB')).toBeNull();
});

test("the country defaults from the browser's locale, else the United States", () => {
  expect(defaultPhoneCountry(['en-GB', 'en'])).toBe('GB');
  expect(defaultPhoneCountry(['fr-CA'])).toBe('CA');
  expect(defaultPhoneCountry(['de'])).toBe('DE');
  expect(defaultPhoneCountry(['not a tag'])).toBe('US');
  expect(defaultPhoneCountry([])).toBe('US');
});
