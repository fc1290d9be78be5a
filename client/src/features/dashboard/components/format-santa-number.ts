import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { formatPhoneNumber } from '@/lib/format';

/**
 * Santa's number as its own country writes it ("+1 415 555 0100", "+44 20 7946 0958"), with the
 * country code so it works from any phone; the sandbox's fictional numbers keep the app's format.
 */
export function formatSantaNumber(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed?.isValid() ? parsed.formatInternational() : formatPhoneNumber(e164);
}
