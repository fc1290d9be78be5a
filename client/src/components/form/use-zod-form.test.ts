import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRequestSchema } from '@santa/shared/auth';
import { unlessInvalid } from './schema-rules';
import { firstErrorMessage, formSchema } from './use-zod-form';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<never>;

async function errorsOf(
  schema: z.ZodType<unknown, Record<string, unknown>>,
  values: Record<string, unknown>,
) {
  return (await zodResolver(schema)(values, undefined, options as never)).errors as FieldErrors;
}

describe('firstErrorMessage', () => {
  it('is the first problem in the schema’s order, as the forms toasted it before', async () => {
    const errors = await errorsOf(registerRequestSchema, { name: '', email: 'nope', password: 'short' });
    expect(Object.keys(errors)).toEqual(['email', 'password', 'name']);
    expect(firstErrorMessage(errors)).toBe('Please enter a valid email address');
  });

  it('finds a nested field’s message', () => {
    const errors = { child: { name: { type: 'too_small', message: 'Name is required' } } };
    expect(firstErrorMessage(errors as unknown as FieldErrors)).toBe('Name is required');
    expect(firstErrorMessage({})).toBeUndefined();
  });

  it('never looks inside a field’s ref (the element react-hook-form keeps with the error)', () => {
    const ref = { name: { type: 'inside the element', message: 'not an error' } };
    const errors = { a: { type: 'custom', message: '', ref }, b: { type: 'custom', message: 'B is wrong' } };
    expect(firstErrorMessage(errors as unknown as FieldErrors)).toBe('B is wrong');
  });
});

describe('formSchema', () => {
  it('is the schema itself, typed for the values the form holds', () => {
    const schema = z.object({ age: z.union([z.string(), z.number()]) });
    expect(formSchema<{ age: string }>()(schema)).toBe(schema);
  });
});

describe('unlessInvalid', () => {
  const schema = z
    .object({ phone: z.string().min(1, 'Phone is required'), name: z.string().min(1, 'Name is required') })
    .refine((value) => value.phone.startsWith('+'), {
      path: ['phone'],
      message: 'Start with +',
      when: unlessInvalid('phone'),
    });
  const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('runs a rule across fields even when another field is wrong', () => {
    expect(messages({ phone: '555', name: '' })).toEqual(['Name is required', 'Start with +']);
  });

  it('does not run it once its own field already has a problem', () => {
    expect(messages({ phone: '', name: 'Olivia' })).toEqual(['Phone is required']);
  });
});
