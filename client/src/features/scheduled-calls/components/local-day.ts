/** YYYY-MM-DD of today plus `days` on the parent's own clock (not UTC). */
export function localDay(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return day.toLocaleDateString('en-CA');
}

/** "Los Angeles" for America/Los_Angeles: a zone named as a parent says it. */
export function zonePlace(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

/** "Thursday, November 26" for a YYYY-MM-DD day on the parent's own calendar. */
export function formatLocalDay(day: string): string {
  // Noon UTC names the same calendar day in every zone's reading of it below.
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * A wall-clock "HH:MM" as the parent's browser writes times: "5:00 PM" in the US, "17:00" in most
 * of Europe. `locale` is for tests; the browser's own is used otherwise.
 */
export function formatLocalTime(time: string, locale?: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(Date.UTC(2000, 0, 1, hours, minutes)).toLocaleTimeString(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}
