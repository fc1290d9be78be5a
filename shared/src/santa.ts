import { z } from 'zod';
import { languageField, SANTA_LANGUAGES } from './languages.ts';
import { SANTA_PERSONALITIES } from './constants.ts';
import { subscriptionSchema } from './subscription.ts';
import { controlCharacterMessage, noControlCharacters } from './text.ts';

/** Shared by the form (maxLength, counters) and the server's checks. */
export const KID_PROFILE_LIMITS = {
  parent_phone: 32,
  kid_name: 100,
  gifts_giving: 1000,
  wish_list: 1000,
  accomplishments: 1000,
  behavior_notes: 1000,
  siblings: 500,
  custom_notes: 1000,
} as const;

export const KID_AGE_MIN = 0;
export const KID_AGE_MAX = 17;

export const PROFILE_REQUIRED_MESSAGE = 'Please fill in kid name';
export const INVALID_PHONE_MESSAGE =
  'Please enter a valid phone number, e.g. (415) 555-0142 or +44 7700 900123';
export const AGE_MESSAGE = `Age must be a whole number from ${KID_AGE_MIN} to ${KID_AGE_MAX}`;
export const PERSONALITY_MESSAGE = 'Please choose a Santa personality: traditional, modern or mixed';

export const KID_PROFILE_TEXT_FIELDS = [
  'gifts_giving',
  'wish_list',
  'accomplishments',
  'behavior_notes',
  'siblings',
  'custom_notes',
] as const;
export type KidProfileTextField = (typeof KID_PROFILE_TEXT_FIELDS)[number];

export const KID_PROFILE_FIELD_LABELS: Record<keyof typeof KID_PROFILE_LIMITS, string> = {
  parent_phone: 'Parent phone',
  kid_name: 'Kid name',
  gifts_giving: 'Gifts you are giving',
  wish_list: 'Wish list',
  accomplishments: 'Accomplishments',
  behavior_notes: 'Behavior notes',
  siblings: 'Siblings',
  custom_notes: 'Custom notes',
};

function tooLong(field: keyof typeof KID_PROFILE_LIMITS): string {
  return `${KID_PROFILE_FIELD_LABELS[field]} must be at most ${KID_PROFILE_LIMITS[field]} characters`;
}

export const requiredText = (field: 'parent_phone' | 'kid_name') =>
  z
    .string({ error: PROFILE_REQUIRED_MESSAGE })
    .trim()
    .min(1, PROFILE_REQUIRED_MESSAGE)
    .max(KID_PROFILE_LIMITS[field], tooLong(field))
    .refine(noControlCharacters, controlCharacterMessage(KID_PROFILE_FIELD_LABELS[field]));

/** Optional free text: trimmed, and empty (or not sent) becomes null. */
export const optionalText = (field: KidProfileTextField) =>
  z
    .string()
    .trim()
    .max(KID_PROFILE_LIMITS[field], tooLong(field))
    .refine(noControlCharacters, controlCharacterMessage(KID_PROFILE_FIELD_LABELS[field]))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** The parent's phone as typed (the form checks it as the server does). */
export const parentPhoneText = z
  .string()
  .trim()
  .max(KID_PROFILE_LIMITS.parent_phone, tooLong('parent_phone'))
  .refine(noControlCharacters, controlCharacterMessage(KID_PROFILE_FIELD_LABELS.parent_phone));

/** The parent's phone, or nothing (a family that talks to Santa only in the browser). */
const optionalPhoneField = parentPhoneText
  .optional()
  .nullable()
  .transform((value) => (value ? value : null));

export const ageField = z
  .union([z.string(), z.number()], { error: AGE_MESSAGE })
  .optional()
  .nullable()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const text = String(value).trim();
    if (text === '') return null;
    if (!/^\d{1,2}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: AGE_MESSAGE });
      return z.NEVER;
    }
    const age = Number(text);
    if (age < KID_AGE_MIN || age > KID_AGE_MAX) {
      ctx.addIssue({ code: 'custom', message: AGE_MESSAGE });
      return z.NEVER;
    }
    return age;
  });

/**
 * "Things Santa should not mention": a short list the parent keeps (the dog, Elf on the Shelf).
 * The form sends one item per line; a repeated multipart field arrives as an array.
 */
export const AVOID_TOPICS_LIMITS = { items: 10, itemLength: 60 } as const;
export const AVOID_TOPICS_LABEL = 'Things Santa should not mention';
export const AVOID_TOPICS_MESSAGES = {
  tooMany: `${AVOID_TOPICS_LABEL}: at most ${AVOID_TOPICS_LIMITS.items} things, one per line`,
  tooLong: `${AVOID_TOPICS_LABEL}: each thing must be at most ${AVOID_TOPICS_LIMITS.itemLength} characters`,
  invalid: `${AVOID_TOPICS_LABEL} must be text, one thing per line`,
} as const;

/** Splits the form's lines into items: trimmed, blank lines dropped, repeats (any case) once. */
export function avoidTopicItems(value: string | string[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const line of (Array.isArray(value) ? value : [value]).flatMap((text) => text.split(/\r?\n/))) {
    const item = line.trim().replace(/\s+/g, ' ');
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
}

export const avoidTopicsField = z
  .union([z.string(), z.array(z.string())], { error: AVOID_TOPICS_MESSAGES.invalid })
  .optional()
  .nullable()
  .refine(
    (value) => value === undefined || value === null || [value].flat().every(noControlCharacters),
    controlCharacterMessage(AVOID_TOPICS_LABEL),
  )
  .transform((value) => (value === undefined || value === null ? [] : avoidTopicItems(value)))
  .refine((items) => items.length <= AVOID_TOPICS_LIMITS.items, AVOID_TOPICS_MESSAGES.tooMany)
  .refine(
    (items) => items.every((item) => item.length <= AVOID_TOPICS_LIMITS.itemLength),
    AVOID_TOPICS_MESSAGES.tooLong,
  );

/**
 * "How do you say it?": the child's name spelled as it sounds ("oh-LIV-ee-uh"), handed to the
 * voice agent so Santa says it right, and spoken by the "hear how Santa says it" preview.
 */
export const NAME_PRONUNCIATION_LIMIT = 60;
export const NAME_PRONUNCIATION_LABEL = 'How do you say it?';
export const NAME_PRONUNCIATION_MESSAGES = {
  tooLong: `${NAME_PRONUNCIATION_LABEL} must be at most ${NAME_PRONUNCIATION_LIMIT} characters`,
  invalid: `${NAME_PRONUNCIATION_LABEL}: use letters, spaces, hyphens and apostrophes, e.g. oh-LIV-ee-uh`,
} as const;
/** Letters of any script, marks, spaces, hyphens, apostrophes and dots: a spelling, not a sentence. */
const PRONUNCIATION_TEXT = /^[\p{L}\p{M}' .\u2019-]+$/u;

export const namePronunciationField = z
  .string({ error: NAME_PRONUNCIATION_MESSAGES.invalid })
  .trim()
  .max(NAME_PRONUNCIATION_LIMIT, NAME_PRONUNCIATION_MESSAGES.tooLong)
  .refine((text) => text === '' || PRONUNCIATION_TEXT.test(text), NAME_PRONUNCIATION_MESSAGES.invalid)
  .optional()
  .nullable()
  .transform((value) => (value ? value.replace(/\s+/g, ' ') : null));

/**
 * The country a national number ("(415) 555-0142") is read in: ISO 3166 alpha-2, chosen beside
 * the phone field. Not stored: the phone is stored in E.164, which carries its country.
 */
export const phoneCountryField = z
  .string()
  .trim()
  .regex(/^(|[A-Za-z]{2})$/, 'Please choose the country of the phone number')
  .optional()
  .nullable()
  .transform((value) => (value ? value.toUpperCase() : undefined));

export const personalityField = z
  .union([z.literal(''), z.enum(SANTA_PERSONALITIES, { error: PERSONALITY_MESSAGE })], {
    error: PERSONALITY_MESSAGE,
  })
  .optional()
  .nullable()
  .transform((value) => (value ? value : ('traditional' as const)));

/**
 * POST /api/santa/kid-profile, sent as multipart/form-data (every value a string; empty fields
 * may be left out). The parent's phone is optional (a family may talk to Santa only in the
 * browser, decision 0040); when given, the server normalises it to E.164 and answers 400 with
 * INVALID_PHONE_MESSAGE when it is not a valid number.
 */
export const kidProfileRequestSchema = z.object({
  parent_phone: optionalPhoneField,
  parent_phone_country: phoneCountryField,
  kid_name: requiredText('kid_name'),
  age: ageField,
  gifts_giving: optionalText('gifts_giving'),
  wish_list: optionalText('wish_list'),
  accomplishments: optionalText('accomplishments'),
  behavior_notes: optionalText('behavior_notes'),
  siblings: optionalText('siblings'),
  custom_notes: optionalText('custom_notes'),
  santa_personality: personalityField,
  avoid_topics: avoidTopicsField,
  name_pronunciation: namePronunciationField,
  language: languageField,
});
/** What the form sends. */
export type KidProfileRequest = z.input<typeof kidProfileRequestSchema>;
/** What the server stores (before phone normalisation). */
export type KidProfileInput = Omit<z.output<typeof kidProfileRequestSchema>, 'parent_phone_country'> & {
  parent_phone_country?: string;
};

export const kidProfileSchema = z.object({
  /** E.164, e.g. +14155552671; null for a family that talks to Santa only in the browser. */
  parent_phone: z.string().nullable(),
  kid_name: z.string(),
  age: z.number().int().nullable(),
  gifts_giving: z.string().nullable(),
  wish_list: z.string().nullable(),
  accomplishments: z.string().nullable(),
  behavior_notes: z.string().nullable(),
  siblings: z.string().nullable(),
  custom_notes: z.string().nullable(),
  santa_personality: z.enum(SANTA_PERSONALITIES),
  /** Things Santa should not mention, in the parent's words (may be empty). */
  avoid_topics: z.array(z.string()),
  /** How the child's name is said, spelled as it sounds; null when the parent left it empty. */
  name_pronunciation: z.string().nullable(),
  language: z.enum(SANTA_LANGUAGES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type KidProfile = z.infer<typeof kidProfileSchema>;

/**
 * GET /api/santa/kid-profile answers this; POST answers it too (201 created, 200 updated) with
 * has_profile true and the stored profile.
 */
export const kidProfileResponseSchema = z.object({
  has_profile: z.boolean(),
  profile: kidProfileSchema.nullable(),
});
export type KidProfileResponse = z.infer<typeof kidProfileResponseSchema>;

/** GET /api/santa/sample-call-status */
export const sampleCallStatusSchema = z.object({
  sample_call_used: z.boolean(),
  /** Why it is not offered: this account took it, or its phone already had one elsewhere. */
  used_by: z.enum(['account', 'phone']).nullable(),
});
export type SampleCallStatus = z.infer<typeof sampleCallStatusSchema>;

export const SAMPLE_ALREADY_USED_MESSAGE = 'You have already used your free sample call';
export const SAMPLE_PHONE_USED_MESSAGE = 'This phone number has already been used for a free sample call';
/** What the parent reads where the sample would be offered, when their phone already had it. */
export const SAMPLE_WITHHELD_FOR_PHONE =
  'This phone number has already had its free call, so the free sample is not offered again.';

/** POST /api/santa/use-sample-call (no body): the activated free_sample plan. */
export const useSampleCallResponseSchema = z.object({
  sample_call_used: z.literal(true),
  subscription: subscriptionSchema,
});
export type UseSampleCallResponse = z.infer<typeof useSampleCallResponseSchema>;

export const LINE_TYPES = ['dedicated', 'common'] as const;

/** GET /api/santa/hotline-number (404 when the user has no usable plan). */
export const hotlineNumberSchema = z.object({
  /** E.164 */
  phone_number: z.string(),
  type: z.enum(LINE_TYPES),
});
export type HotlineNumber = z.infer<typeof hotlineNumberSchema>;

/** Verified family phones (parents, grandparents) from which a child's call is recognised. */
export const FAMILY_PHONE_LIMIT = 4;
export const PHONE_CODE_LENGTH = 6;
export const FAMILY_PHONE_MESSAGES = {
  codeSent: 'We texted a 6-digit code to that phone. Enter it to verify the phone.',
  codeCalling:
    'We are calling that phone now: a voice will read out a 6-digit code. Enter it to verify the phone.',
  wrongCode: 'That code is not right. Please check the code and try again.',
  codeExpired: 'That code has expired or was tried too often. Please send a new one.',
  tooManyPhones: `A family can verify up to ${FAMILY_PHONE_LIMIT} phones. Remove one first.`,
  tooManyCodes: 'Too many codes were sent from this account. Please wait an hour and try again.',
  alreadyVerified: 'This phone is already verified for your family.',
  notFound: 'This phone is not one of your family phones.',
  smsFailed: 'We could not send a code to that phone. Please check the number and try again.',
  checkFailed: 'We could not check that code just now. Please try again in a minute.',
  tooManyTries: 'Too many codes were asked for that phone. Please wait 10 minutes, then send a new one.',
  blocked: 'We cannot send a code to that phone. Please use another mobile or landline number.',
  verified: 'Phone verified. Santa will recognise calls from it.',
  tooManyFromHere: 'Too many codes were sent from this network. Please wait an hour and try again.',
  tooManyToNumber: 'Too many codes were sent to that phone today. Please try again tomorrow.',
  pausedToday: 'We cannot send codes right now. Please try again later today.',
} as const;

/** Names for the countries Santa calls and texts in, for messages. */
const COUNTRY_NAMES: Record<string, string> = { US: 'the US', CA: 'Canada', GB: 'the UK' };

/** Why a number cannot get a code: only ordinary mobile and landline numbers of our countries. */
export function notTextableMessage(countries: readonly string[]): string {
  const names = countries.map((code) => COUNTRY_NAMES[code] ?? code);
  const where = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  return `We can text and call mobile and landline numbers in ${where}. Premium-rate, shared-cost, satellite and other special numbers can't be used.`;
}

const verifyPhoneTargetSchema = z.object({
  phone: z
    .string({ error: INVALID_PHONE_MESSAGE })
    .trim()
    .min(1, INVALID_PHONE_MESSAGE)
    .max(32, INVALID_PHONE_MESSAGE),
  country: phoneCountryField,
});

/** How the code reaches the phone: a text, or a call that reads it out (a landline, or no texts). */
export const PHONE_CODE_CHANNELS = ['sms', 'call'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];

export const sendPhoneCodeRequestSchema = verifyPhoneTargetSchema.extend({
  channel: z.enum(PHONE_CODE_CHANNELS, { error: 'channel must be sms or call' }).optional(),
});
export type SendPhoneCodeRequest = z.infer<typeof sendPhoneCodeRequestSchema>;

export const verifyPhoneRequestSchema = verifyPhoneTargetSchema.extend({
  code: z
    .string({ error: 'Enter the 6-digit code we sent' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code we sent'),
});
export type VerifyPhoneRequest = z.infer<typeof verifyPhoneRequestSchema>;

export const familyPhonesResponseSchema = z.object({
  phones: z.array(z.object({ phone: z.string(), verified_at: z.string() })),
  limit: z.number(),
});
export type FamilyPhonesResponse = z.infer<typeof familyPhonesResponseSchema>;

/** Who may reach Santa on the family's own line (a pass's dedicated number). */
export const LINE_ACCESS = ['family_phones', 'code', 'anyone'] as const;
export type LineAccess = (typeof LINE_ACCESS)[number];
export const FAMILY_CODE_MESSAGE = 'The family code is 4 digits, e.g. 2512';

export const lineSettingsSchema = z.object({
  access: z.enum(LINE_ACCESS, { error: 'Choose who may call Santa’s line' }),
  family_code: z.string().regex(/^\d{4}$/, FAMILY_CODE_MESSAGE),
});
export type LineSettings = z.infer<typeof lineSettingsSchema>;

/**
 * POST /api/profile/pronunciation-preview: Santa saying the child's name. `kid_name` and
 * `name_pronunciation` are what the form holds now (saved or not).
 */
export const pronunciationPreviewRequestSchema = z.object({
  kid_name: z
    .string({ error: PROFILE_REQUIRED_MESSAGE })
    .trim()
    .min(1, 'Type the child’s name first')
    .max(KID_PROFILE_LIMITS.kid_name, tooLong('kid_name'))
    .refine(noControlCharacters, controlCharacterMessage(KID_PROFILE_FIELD_LABELS.kid_name)),
  name_pronunciation: namePronunciationField,
});
export type PronunciationPreviewRequest = z.input<typeof pronunciationPreviewRequestSchema>;

/**
 * The answer is audio/mpeg (Santa's own voice) when the voice provider is real; in the sandbox it
 * is this JSON, and the browser speaks `text` with its own speech synthesis.
 */
export const pronunciationPreviewSandboxSchema = z.object({
  mode: z.literal('browser'),
  text: z.string(),
});
export type PronunciationPreviewSandbox = z.infer<typeof pronunciationPreviewSandboxSchema>;

/** What Santa says in the preview: the greeting the call opens with, the name as it is said. */
export function pronunciationPreviewText(kidName: string, pronunciation: string | null | undefined): string {
  const spoken = pronunciation?.trim() || kidName.trim();
  return `Ho ho ho! Merry Christmas, ${spoken}!`;
}

/** GET /api/santa/contact.vcf: Santa's contact card, with his picture, for the parent's phone. */
export const SANTA_CONTACT_FILENAME = 'Santa Claus.vcf';
