import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';
import metadata from 'libphonenumber-js/min/metadata';

/**
 * The parent-phone field's rules: a country chosen beside the number, national formats read in
 * it, formatting as typed. The server reads the same (number, country) pair the same way.
 */

/** The country of the browser's own locale ("en-GB" → GB), else the United States. */
export function defaultPhoneCountry(languages: readonly string[]): CountryCode {
  for (const language of languages) {
    try {
      const region = new Intl.Locale(language).maximize().region;
      if (region && isSupportedCountry(region)) return region;
    } catch {
      // A malformed language tag says nothing about the country.
    }
  }
  return 'US';
}

/**
 * What the field shows after a change: formatted as typed while the parent adds characters, and
 * left exactly as it is while they delete (reformatting then would put back the bracket or dash
 * they just removed).
 */
export function formatPhoneAsTyped(previous: string, next: string, country: CountryCode): string {
  if (next.length <= previous.length) return next;
  // Only what a phone number is written with; letters pasted by mistake stay visible to be fixed.
  if (/[^\d\s()+\-.]/.test(next)) return next;
  return new AsYouType(country).input(next);
}

/**
 * The country a number written with its "+" belongs to (the main one of its calling code), so the
 * selector follows "+44 …"; null while the number says nothing about another country.
 */
export function countryOfTypedPhone(text: string, selected: CountryCode): CountryCode | null {
  if (!text.trim().startsWith('+')) return null;
  const typed = new AsYouType();
  typed.input(text);
  const callingCode = typed.getCallingCode();
  if (!callingCode || callingCode === getCountryCallingCode(selected)) return null;
  const country = typed.getCountry() ?? metadata.country_calling_codes[callingCode]?.[0];
  return country && isSupportedCountry(country) ? country : null;
}

/** A length that country's numbers can have: the same test the server makes before storing it. */
export function isPossiblePhone(text: string, country: CountryCode): boolean {
  return parsePhoneNumberFromString(text.trim(), country)?.isPossible() ?? false;
}

/** E.164 of the number, or null: what family-phone codes are sent to. */
export function phoneE164(text: string, country: CountryCode): string | null {
  const parsed = parsePhoneNumberFromString(text.trim(), country);
  return parsed?.isPossible() ? parsed.number : null;
}

/** A stored E.164 number written for its own country: "(415) 555-0142" in the US, else "+44 7700 900123". */
export function phoneForDisplay(e164: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

export interface CountryOption {
  code: CountryCode;
  label: string;
}

/** Every country, by its name in the browser's language, with its calling code: "United Kingdom (+44)". */
export function phoneCountryOptions(locale: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((code) => ({
      code,
      label: `${names?.of(code) ?? code} (+${getCountryCallingCode(code)})`,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}
