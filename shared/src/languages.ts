import { z } from 'zod';

/** The languages Santa speaks with a child (decision 0036): his voice agent's language codes. */
export const SANTA_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;
export type SantaLanguage = (typeof SANTA_LANGUAGES)[number];

export function isSantaLanguage(value: unknown): value is SantaLanguage {
  return typeof value === 'string' && (SANTA_LANGUAGES as readonly string[]).includes(value);
}

/** Each language in its own words, as a parent who speaks it looks for it. */
export const LANGUAGE_NAMES: Record<SantaLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
};

export const LANGUAGE_MESSAGE = 'Please choose a language Santa speaks';

/** A form's language: empty or missing is English. */
export const languageField = z
  .union([z.literal(''), z.enum(SANTA_LANGUAGES, { error: LANGUAGE_MESSAGE })], { error: LANGUAGE_MESSAGE })
  .optional()
  .nullable()
  .transform((value): SantaLanguage => (value ? value : 'en'));
