import { describe, expect, test } from 'vitest';
import { attributeChild } from './attribution.ts';

const emma = { id: 'e', kid_name: 'Emma Rose' };
const noah = { id: 'n', kid_name: 'Noah' };
const zoe = { id: 'z', kid_name: 'Zoë' };
const family = [emma, noah, zoe];

describe('which child spoke', () => {
  test('with one child, every call is theirs, whatever was said', () => {
    expect(attributeChild([noah], null, ['hello'])).toBe('n');
  });

  test('takes the child the voice engine names', () => {
    expect(attributeChild(family, 'Noah', ['It is Emma'])).toBe('n');
  });

  test('matches the engine’s name by first name, in any case and accent', () => {
    expect(attributeChild(family, 'emma', [])).toBe('e');
    expect(attributeChild(family, 'ZOE', [])).toBe('z');
  });

  test('finds the one child named in the engine’s sentence', () => {
    expect(attributeChild(family, "It's Noah speaking", [])).toBe('n');
  });

  test('falls back to the name the child says when the engine has none', () => {
    expect(attributeChild(family, null, ['Hi Santa!', "It's Zoe, I'm six"])).toBe('z');
  });

  test('falls back to the transcript when the engine names nobody in the family', () => {
    expect(attributeChild(family, 'Oliver', ['This is Emma'])).toBe('e');
  });

  test('takes the first name said when siblings call together', () => {
    expect(attributeChild(family, 'Noah and Emma', ['I am Emma and this is Noah'])).toBe('e');
  });

  test('attributes to nobody when no child is named', () => {
    expect(attributeChild(family, null, ['Hello Santa', 'I want a bike'])).toBeNull();
  });

  test('does not take a name inside another word', () => {
    expect(attributeChild(family, null, ['Noahs ark is big'])).toBeNull();
  });
});
