import { expect, test } from 'vitest';
import { withoutPersonalDetails } from './personal-details.ts';

test('a sentence with a personal detail goes, and the rest of its line stays with its speaker', () => {
  expect(
    withoutPersonalDetails(
      'Santa: Ho ho ho!\nChild: I live at 42 Maple Street. Do you know our dog?\nSanta: What a lovely dog!',
    ),
  ).toBe('Santa: Ho ho ho!\nChild: Do you know our dog?\nSanta: What a lovely dog!');
});

test('a line that is nothing but personal details goes whole, whoever said it', () => {
  expect(
    withoutPersonalDetails(
      'Child: My phone number is 555 867 5309!\nSanta: Oh, 42 Maple Street, how lovely.\nChild: I want a sledge.',
    ),
  ).toBe('Child: I want a sledge.');
});
