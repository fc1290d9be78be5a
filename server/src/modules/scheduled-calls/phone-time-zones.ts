import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';
import { isOutsideQuietHours, isTimeZone, sameClock, wallClockIn } from './local-time.ts';

/**
 * The time zones a phone number's range lies in (libphonenumber's time-zone map: an area code
 * names its zone), one per clock: zones that keep the same time all year are one, and the
 * alphabetically last of them is kept (Europe/London over Europe/Guernsey). Empty when the number
 * does not say.
 */
export async function phoneTimeZones(e164: string, now = new Date()): Promise<string[]> {
  const zones = ((await timezones(parsePhoneNumberFromString(e164))) ?? []).filter(isTimeZone).sort();
  const clocks: string[] = [];
  for (const zone of zones.reverse()) {
    if (!clocks.some((kept) => sameClock(kept, zone, now))) clocks.push(zone);
  }
  return clocks.sort();
}

/**
 * Where and when `at` falls in quiet hours at the phone, or undefined when it does not. The zone
 * the parent picked counts alone when it is one of the phone's clocks (they told us which of a
 * country's zones the phone is in); otherwise every zone the number may be in must be awake.
 */
export async function quietAtPhone(
  phone: string,
  at: Date,
  pickedZone: string,
): Promise<{ zone: string; time: string } | undefined> {
  const zones = await phoneTimeZones(phone, at);
  const judged = zones.length === 0 || zones.some((zone) => sameClock(zone, pickedZone, at)) ? [] : zones;
  for (const zone of judged) {
    const local = wallClockIn(at, zone);
    if (!isOutsideQuietHours(local.date, local.time)) return { zone, time: local.time };
  }
  return undefined;
}
