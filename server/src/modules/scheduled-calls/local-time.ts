import {
  CHRISTMAS_EVE_LAST_SLOT_MINUTE,
  FIRST_SLOT_MINUTE,
  LAST_SLOT_MINUTE,
  SLOT_MINUTES,
} from '@santa/shared/scheduled-calls';

/** Whether the runtime knows `zone` as an IANA time zone (Europe/London, America/New_York …). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes `zone` is ahead of UTC at `instant` (DST included, which a browser's offset is not). */
function offsetMinutes(instant: Date, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * The instant a wall-clock `date` `time` happens in `zone`. Corrected twice so a time next to a
 * DST change lands on the offset in force then, not the one of midnight UTC.
 */
export function instantIn(date: string, time: string, zone: string): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall - offsetMinutes(new Date(wall), zone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), zone) * 60_000;
  return new Date(guess);
}

export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const asTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The last start time of `date`: 20:30, or 21:00 on Christmas Eve. */
export function lastSlotMinute(date: string): number {
  return date.slice(5) === '12-24' ? CHRISTMAS_EVE_LAST_SLOT_MINUTE : LAST_SLOT_MINUTE;
}

/** The calendar day `days` after `date` (YYYY-MM-DD), whatever the zone. */
export function dayAfter(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Every start time Santa calls on `date`, outside quiet hours. */
export function slotTimes(date: string): string[] {
  const times: string[] = [];
  for (let minute = FIRST_SLOT_MINUTE; minute <= lastSlotMinute(date); minute += SLOT_MINUTES)
    times.push(asTime(minute));
  return times;
}

export const isOnSlot = (time: string) => minuteOfDay(time) % SLOT_MINUTES === 0;
export const isOutsideQuietHours = (date: string, time: string) =>
  minuteOfDay(time) >= FIRST_SLOT_MINUTE && minuteOfDay(time) <= lastSlotMinute(date);

/** The wall-clock day and minute `instant` shows in `zone`, as YYYY-MM-DD and HH:MM. */
export function wallClockIn(instant: Date, zone: string): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + offsetMinutes(instant, zone) * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Whether two zones keep the same clock all year (Europe/London and Europe/Guernsey). */
export function sameClock(a: string, b: string, around: Date): boolean {
  const year = around.getUTCFullYear();
  const instants = [around, new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  return instants.every((instant) => offsetMinutes(instant, a) === offsetMinutes(instant, b));
}
