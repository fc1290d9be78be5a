import { expect, test } from 'vitest';
import { registerRequestSchema } from './auth.ts';
import { kidProfileRequestSchema } from './santa.ts';

test('the kid profile schema refuses a NUL or other control character with a clear detail', () => {
  const result = kidProfileRequestSchema.safeParse({
    parent_phone: '+14155550142',
    kid_name: 'Emma',
    wish_list: 'a\u0007bike',
  });
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toBe('Wish list contains a control character');
});

test('line breaks and tabs in free text are kept', () => {
  const result = kidProfileRequestSchema.safeParse({
    parent_phone: '+14155550142',
    kid_name: 'Emma',
    wish_list: 'a bike\nand\ta kite',
  });
  expect(result.success).toBe(true);
});

test('a name with a NUL byte is refused at sign-up', () => {
  const result = registerRequestSchema.safeParse({
    email: 'a@b.co',
    password: 'long-enough-1',
    name: 'Pat\u0000',
  });
  expect(result.error?.issues[0]?.message).toBe('Name contains a control character');
});
