import { useEffect, useState } from 'react';
import { formatPhoneNumber } from '@/lib/format';

/**
 * Santa's number as its own country writes it ("+1 415 555 0100", "+44 20 7946 0958"), with the
 * country code so it works from any phone; the sandbox's fictional numbers keep the app's format.
 * libphonenumber's metadata loads on its own, after the card shows, so no page waits for it.
 */
export function useSantaNumberDisplay(e164: string): string {
  const [display, setDisplay] = useState(() => formatPhoneNumber(e164));
  useEffect(() => {
    let current = true;
    void import('libphonenumber-js/min').then(({ parsePhoneNumberFromString }) => {
      const parsed = parsePhoneNumberFromString(e164);
      if (current) setDisplay(parsed?.isValid() ? parsed.formatInternational() : formatPhoneNumber(e164));
    });
    return () => {
      current = false;
    };
  }, [e164]);
  return display;
}
