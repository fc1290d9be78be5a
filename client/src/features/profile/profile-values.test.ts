import { describe, expect, it } from 'vitest';
import { AGE_MESSAGE, INVALID_PHONE_MESSAGE } from '@santa/shared/santa';
import { childFormSchema, profileFormSchema, profileValues, REQUIRED_MESSAGES } from './profile-values';

const blank = profileValues(null, 'US');
const problems = (values: typeof blank) =>
  Object.fromEntries(
    (profileFormSchema.safeParse(values).error?.issues ?? []).map((issue) => [issue.path[0], issue.message]),
  );

describe('profileFormSchema', () => {
  it('asks for the name in its own words, and not for a phone: a family may talk only in the browser', () => {
    expect(problems(blank)).toEqual({ kid_name: REQUIRED_MESSAGES.kid_name });
    expect(problems({ ...blank, kid_name: 'Olivia' })).toEqual({});
  });

  it('refuses a phone that cannot be one in its country, beside the other problems', () => {
    expect(problems({ ...blank, parent_phone: '41555', kid_name: 'Olivia', age: '30' })).toEqual({
      parent_phone: INVALID_PHONE_MESSAGE,
      age: AGE_MESSAGE,
    });
  });

  it('passes a national number read in its country, and a number with its own country code', () => {
    expect(problems({ ...blank, parent_phone: '(415) 555-0142', kid_name: 'Olivia' })).toEqual({});
    expect(problems({ ...blank, parent_phone: '+44 7700 900123', kid_name: 'Theo' })).toEqual({});
  });
});

describe('childFormSchema', () => {
  it('asks for the name in its own words', () => {
    const { parent_phone: _phone, parent_phone_country: _country, siblings: _siblings, ...child } = blank;
    expect(childFormSchema.safeParse(child).error?.issues.map((issue) => issue.message)).toEqual([
      REQUIRED_MESSAGES.kid_name,
    ]);
  });
});
