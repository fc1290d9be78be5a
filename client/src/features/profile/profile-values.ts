import type { CountryCode } from 'libphonenumber-js';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { childRequestSchema } from '@santa/shared/children';
import type { SantaPersonality } from '@santa/shared/constants';
import type { SantaLanguage } from '@santa/shared/languages';
import {
  INVALID_PHONE_MESSAGE,
  kidProfileRequestSchema,
  parentPhoneText,
  type KidProfile,
  type KidProfileRequest,
  type KidProfileTextField,
} from '@santa/shared/santa';
import { unlessInvalid } from '@/components/form/schema-rules';
import { formSchema } from '@/components/form/use-zod-form';
import { isPossiblePhone, phoneForDisplay } from '@/lib/phone';

/** The profile as the form and the guided first run hold it: every field as typed. */
export type ProfileValues = Record<
  Exclude<keyof KidProfileRequest, 'santa_personality' | 'language'>,
  string
> & {
  santa_personality: SantaPersonality;
  language: SantaLanguage;
};
export type ProfileField = keyof ProfileValues;

export const REQUIRED_MESSAGES = {
  parent_phone: 'Enter the phone your child will call Santa from',
  kid_name: "Enter your child's name so Santa can greet them",
} as const;

export function profileValues(profile: KidProfile | null, defaultCountry: CountryCode): ProfileValues {
  const phone = profile?.parent_phone;
  const stored = phone ? parsePhoneNumberFromString(phone) : undefined;
  const country = stored?.country ?? defaultCountry;
  return {
    parent_phone: phone ? phoneForDisplay(phone, country) : '',
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
    language: profile?.language ?? 'en',
  };
}

/** The field's own "required" message, then the server's rule for it. */
const required = (field: 'kid_name') =>
  z.string().trim().min(1, REQUIRED_MESSAGES[field]).pipe(kidProfileRequestSchema.shape[field]);

/**
 * The profile form's schema: the server's own (so the form never lets through what it refuses),
 * the name with its own message, and the phone (optional: a family may talk to Santa only in the
 * browser) by the rule the server stores it with.
 */
export const profileFormSchema = formSchema<ProfileValues>()(
  kidProfileRequestSchema
    .extend({
      parent_phone: parentPhoneText,
      kid_name: required('kid_name'),
    })
    .refine(
      (profile) =>
        !profile.parent_phone ||
        isPossiblePhone(profile.parent_phone, profile.parent_phone_country as CountryCode),
      {
        path: ['parent_phone'],
        message: INVALID_PHONE_MESSAGE,
        when: unlessInvalid('parent_phone'),
      },
    ),
);

/** The first child's profile form (the profile page, and the first run's steps). */
export type ProfileForm = UseFormReturn<ProfileValues, unknown, z.output<typeof profileFormSchema>>;

/** A child's details as the form holds them: every field as typed. */
export type ChildValues = Omit<ProfileValues, 'parent_phone' | 'parent_phone_country' | 'siblings'>;

/** One more child's details: the server's own schema, and the name's own "required" message. */
export const childFormSchema = formSchema<ChildValues>()(
  childRequestSchema.extend({ kid_name: required('kid_name') }),
);

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
