import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/**
 * The one place phone numbers are read. Every module stores, recognises and compares numbers as
 * E.164 written by this file, so a parent's phone saved from the dashboard and the same phone in
 * Twilio's webhook always match. One metadata set (libphonenumber's "max") for all of them.
 */

/** '+' and 7 to 15 digits, the first not 0: how Twilio writes every phone number it sends. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * E.164 of a number a parent types, or undefined: a known country code and a length that country's
 * numbers can have. A national number ("(415) 555-0142") is read in the country the parent chose
 * beside it; a number written with its "+" needs none. Whether the number is really theirs is
 * proven by the code texted to it (family phones), so the film and drama ranges parents test
 * with ("+44 7700 900123") are not refused here.
 */
export function phoneForStorage(text: string, country?: string): string | undefined {
  const region = country && isSupportedCountry(country) ? (country as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(text.trim(), region);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * E.164 whenever the text parses, else the text as it came: for numbers Twilio sends, to be
 * recognised. Twilio already sends E.164, which skips the parser: it cost a twentieth of the
 * server's time per answered call (npm run bench).
 */
export function phoneForRecognition(text: string): string {
  if (E164.test(text)) return text;
  const trimmed = text.trim();
  return parsePhoneNumberFromString(trimmed)?.number ?? trimmed;
}

/** E.164 of a number that has a possible length for its country (the sandbox phone's caller ID). */
export function possiblePhone(text: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text.trim());
  return parsed?.isPossible() ? parsed.number : undefined;
}

/** Numbers a person answers: ordinary mobiles and landlines (NANP numbers are often both). */
const TEXTABLE_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Whether we may text or call this E.164 number at all: a country we sell in, and an ordinary
 * mobile or landline (never premium-rate, shared-cost, satellite, UAN or a number libphonenumber
 * cannot place), so a stranger cannot turn our codes into a bill on a number they earn from.
 */
export function isTextable(e164: string, countries: readonly string[]): boolean {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country || !countries.includes(parsed.country)) return false;
  const type = parsed.getType();
  return type !== undefined && TEXTABLE_TYPES.has(type);
}

/** A number libphonenumber knows to be a landline only, which cannot receive a text. */
export function isLandlineOnly(e164: string): boolean {
  return parsePhoneNumberFromString(e164)?.getType() === 'FIXED_LINE';
}
