/** Dates as the forms send them: YYYY-MM-DD, compared as text (same width, so text order is date order). */

/** YYYY-MM-DD with a 4-digit year (the date mask caps the year at 4 digits). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) =>
  [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;

/** A date that is on the calendar: no 2020-99-99, 2021-02-29 or 0000-00-00. */
export function isCalendarDate(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const [y = 0, m = 0, d = 0] = s.split('-').map(Number);
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Today in UTC, YYYY-MM-DD. */
export const todayIso = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The date `years` before today (29 February becomes the 28th in a common year): for age limits. */
export function yearsBefore(years: number, now: Date = new Date()): string {
  const y = now.getUTCFullYear() - years;
  const m = now.getUTCMonth() + 1;
  return iso(y, m, Math.min(now.getUTCDate(), daysIn(y, m)));
}
