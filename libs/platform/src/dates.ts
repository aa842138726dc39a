/**
 * The one check of dates from requests (DESIGN.md "Trust boundary": dates must be real calendar
 * dates). JavaScript's `Date.parse` takes 2024-02-30 (as 1 March) and year 0, which PostgreSQL
 * refuses; these answer false instead.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date YYYY-MM-DD between years 1 and 9999 (not 2024-02-30, not 0000-01-01). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO 8601 date and time whose date part is a real calendar date in years 1 to 9999. */
export function isTimestamp(text: string): boolean {
  if (text.length > 40 || !isCalendarDate(text.slice(0, 10))) return false;
  return !Number.isNaN(Date.parse(text));
}
