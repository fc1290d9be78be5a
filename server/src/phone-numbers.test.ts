import fc from 'fast-check';
import { expect, test } from 'vitest';
import { phoneForRecognition, phoneForStorage, possiblePhone } from './phone-numbers.ts';

test('a typed number is stored as E.164 however it is written', () => {
  for (const typed of ['+1 (415) 555-2671', '+1 415 555 2671', ' +14155552671 ', '+1-415-555-2671']) {
    expect(phoneForStorage(typed)).toBe('+14155552671');
  }
  expect(phoneForStorage('+44 20 7946 0958')).toBe('+442079460958');
});

test('a national number is stored as E.164 in the country chosen for it', () => {
  expect(phoneForStorage('(415) 555-0142', 'US')).toBe('+14155550142');
  expect(phoneForStorage('07700 900123', 'GB')).toBe('+447700900123');
  expect(phoneForStorage('+44 7700 900123', 'US')).toBe('+447700900123');
  expect(phoneForStorage('(415) 555-0142', 'ZZ')).toBeUndefined();
});

test('a number in a range kept for films and tests is stored, since its code proves it', () => {
  expect(phoneForStorage('+44 7700 900123')).toBe('+447700900123');
});

test('a number that is not a real international number is not stored', () => {
  for (const typed of ['4155552671', '+1 555', 'call me', '', '+0 123 456 789']) {
    expect(phoneForStorage(typed)).toBeUndefined();
  }
});

test('a number Twilio sends in E.164 is recognised as it is', () => {
  expect(phoneForRecognition('+14155552671')).toBe('+14155552671');
  expect(phoneForRecognition('+1 (415) 555-2671')).toBe('+14155552671');
  expect(phoneForRecognition('anonymous')).toBe('anonymous');
});

test('every stored number is recognised as the same number when Twilio sends it back', () => {
  const national = fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/);
  fc.assert(
    fc.property(national, fc.constantFrom('+1 ', '+1', '+1-', '+1 ('), (digits, prefix) => {
      const stored = phoneForStorage(`${prefix}${digits}`);
      if (stored === undefined) return;
      expect(phoneForRecognition(stored)).toBe(stored);
      expect(phoneForRecognition(`${prefix}${digits}`)).toBe(stored);
    }),
  );
});

test('the sandbox phone accepts any number of a possible length, fictional ones included', () => {
  expect(possiblePhone('+1 555 0123 456')).toBe('+15550123456');
  expect(possiblePhone('+1 55')).toBeUndefined();
});
