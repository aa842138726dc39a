/**
 * The one check of dates from requests (DESIGN.md "Trust boundary": dates must be real calendar
 * dates). JavaScript's `Date.parse` takes 2024-02-30 (as 1 March) and year 0, which PostgreSQL
 * refuses; these answer false instead.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days of each month in a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
/** A leap year of the proleptic Gregorian calendar (the one `Date` and PostgreSQL use). */
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** A real calendar date YYYY-MM-DD between years 1 and 9999 (not 2024-02-30, not 0000-01-01). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Arithmetic, not a Date: ingestion checks every tracking event's time with it.
  return day <= (month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!);
}

/** Epoch milliseconds of an ISO 8601 date and time whose date part is a real calendar date in years 1 to 9999; null otherwise. */
export function timestampMs(text: string): number | null {
  if (text.length > 40 || !isCalendarDate(text.slice(0, 10))) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** An ISO 8601 date and time whose date part is a real calendar date in years 1 to 9999. */
export function isTimestamp(text: string): boolean {
  return timestampMs(text) !== null;
}

/**
 * The days a report or a list may be asked for (DESIGN.md "Trust boundary": dates are bounded):
 * from 2000-01-01 to a year after today (UTC). Reports turn days into series and time-zone
 * bounds, and a range from year 1 or to year 9999 is no question anybody asks: it is refused with
 * 400 here, the one check of a requested day, rather than failing deep in a report.
 */
export const EARLIEST_QUERY_DAY = '2000-01-01';

/** The last day a query may name: today (UTC) a year on, as YYYY-MM-DD. */
export function latestQueryDay(now: number = Date.now()): string {
  const today = new Date(now);
  const next = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth(), today.getUTCDate()));
  return next.toISOString().slice(0, 10);
}

/**
 * Why `value` is not a day a query may name, in the words of the refusal (`{label} must be a
 * date as YYYY-MM-DD`, `{label} must be a day from 2000-01-01 to {a year from today}`); null
 * when it is one.
 */
export function queryDayProblem(value: unknown, label: string, now: number = Date.now()): string | null {
  if (typeof value !== 'string' || !isCalendarDate(value)) return `${label} must be a date as YYYY-MM-DD`;
  const latest = latestQueryDay(now);
  // YYYY-MM-DD with four-digit years: text order is date order.
  if (value < EARLIEST_QUERY_DAY || value > latest)
    return `${label} must be a day from ${EARLIEST_QUERY_DAY} to ${latest}`;
  return null;
}
