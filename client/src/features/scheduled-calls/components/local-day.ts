/** YYYY-MM-DD of today plus `days` on the parent's own clock (not UTC). */
export function localDay(days: number): string {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return day.toLocaleDateString('en-CA');
}
