import type { CountryCode } from 'libphonenumber-js';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { SantaPersonality } from '@santa/shared/constants';
import {
  INVALID_PHONE_MESSAGE,
  kidProfileRequestSchema,
  type KidProfile,
  type KidProfileRequest,
  type KidProfileTextField,
} from '@santa/shared/santa';
import { isPossiblePhone, phoneForDisplay } from '@/lib/phone';

/** The profile as the form and the guided first run hold it: every field as typed. */
export type ProfileValues = Record<Exclude<keyof KidProfileRequest, 'santa_personality'>, string> & {
  santa_personality: SantaPersonality;
};
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export const REQUIRED_MESSAGES = {
  parent_phone: 'Enter the phone your child will call Santa from',
  kid_name: "Enter your child's name so Santa can greet them",
} as const;

export function profileValues(profile: KidProfile | null, defaultCountry: CountryCode): ProfileValues {
  const stored = profile ? parsePhoneNumberFromString(profile.parent_phone) : undefined;
  const country = stored?.country ?? defaultCountry;
  return {
    parent_phone: profile ? phoneForDisplay(profile.parent_phone, country) : '',
    parent_phone_country: country,
    kid_name: profile?.kid_name ?? '',
    age: profile?.age === null || profile?.age === undefined ? '' : String(profile.age),
    gifts_giving: profile?.gifts_giving ?? '',
    wish_list: profile?.wish_list ?? '',
    accomplishments: profile?.accomplishments ?? '',
    behavior_notes: profile?.behavior_notes ?? '',
    siblings: profile?.siblings ?? '',
    custom_notes: profile?.custom_notes ?? '',
    santa_personality: profile?.santa_personality ?? 'traditional',
    avoid_topics: (profile?.avoid_topics ?? []).join('\n'),
    name_pronunciation: profile?.name_pronunciation ?? '',
  };
}

/**
 * Each of the given fields' first problem, by the server's own schema (so the form never lets
 * through what the server refuses), and the phone by the same rule the server stores it with.
 */
export function profileErrors(values: ProfileValues, fields: readonly ProfileField[]): ProfileErrors {
  const errors: ProfileErrors = {};
  const result = kidProfileRequestSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as ProfileField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  for (const field of ['parent_phone', 'kid_name'] as const) {
    if (!values[field].trim()) errors[field] = REQUIRED_MESSAGES[field];
  }
  if (
    values.parent_phone.trim() &&
    !errors.parent_phone &&
    !isPossiblePhone(values.parent_phone, values.parent_phone_country as CountryCode)
  ) {
    errors.parent_phone = INVALID_PHONE_MESSAGE;
  }
  return Object.fromEntries(fields.filter((field) => errors[field]).map((field) => [field, errors[field]]));
}

export const TEXT_FIELDS: { name: KidProfileTextField; label: string; placeholder: string; hint?: string }[] =
  [
    {
      name: 'wish_list',
      label: 'Wish list',
      placeholder: 'e.g. A puppy, a telescope, snow on Christmas Day',
    },
    {
      name: 'gifts_giving',
      label: 'Gifts you are giving',
      placeholder: 'e.g. A red bike and a dinosaur book',
      hint: 'Santa can hint at these without spoiling the surprise.',
    },
    {
      name: 'accomplishments',
      label: 'Accomplishments',
      placeholder: 'e.g. Learned to ride a bike, read a whole chapter book',
      hint: 'Santa will praise these.',
    },
    {
      name: 'behavior_notes',
      label: 'Behavior notes',
      placeholder: 'e.g. Could be a little kinder to her brother at bedtime',
      hint: 'Gentle things Santa can encourage.',
    },
    { name: 'siblings', label: 'Siblings', placeholder: 'e.g. Big brother Leo (9), baby sister Mia' },
    {
      name: 'custom_notes',
      label: 'Custom notes',
      placeholder: "e.g. Our dog is called Biscuit and we're visiting Grandma for Christmas",
      hint: 'Anything else that would make the call magical.',
    },
  ];
