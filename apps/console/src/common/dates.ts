/**
 * The console's date formats: one for days, one for moments, in the person's locale (the
 * browser's) and, where a record belongs to a website, that website's timezone (`timezone` of the
 * website record; otherwise the browser's). Days (YYYY-MM-DD, a website's calendar day) are shown
 * as that day, never shifted by the viewer's timezone. `locale` is for tests; the console leaves it
 * to the browser.
 */
const DAY_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const MOMENT_PARTS = { ...DAY_PARTS, hour: '2-digit', minute: '2-digit' } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A cached formatter; an unknown timezone falls back to the browser's. */
const formatter = (
  parts: Intl.DateTimeFormatOptions,
  timeZone: string | undefined,
  locale: string | undefined,
  zoneName = false,
) => {
  const key = `${JSON.stringify(parts)}|${timeZone ?? ''}|${locale ?? ''}|${zoneName}`;
  let found = formatters.get(key);
  if (!found) {
    const options = { ...parts, ...(zoneName ? { timeZoneName: 'short' as const } : {}) };
    try {
      found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      found = new Intl.DateTimeFormat(locale, options);
    }
    formatters.set(key, found);
  }
  return found;
};

/** The browser's timezone (where the person is). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const isCalendarDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A day as "28 Nov 2026" (in the person's locale): a calendar day (`2026-11-28`) as itself; a
 * moment (ISO 8601) as its day in `timeZone` (a website's), else in the browser's.
 */
export const formatDay = (value: string, timeZone?: string | null, locale?: string): string => {
  if (isCalendarDay(value.slice(0, 10)) && value.length === 10) {
    return formatter(DAY_PARTS, 'UTC', locale).format(new Date(`${value}T00:00:00Z`));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatter(DAY_PARTS, timeZone ?? undefined, locale).format(date);
};

/**
 * A moment (ISO 8601) as "28 Nov 2026, 14:05" in the person's locale and in `timeZone` (a
 * website's) or the browser's. A website's timezone other than the browser's is named ("GMT+1").
 */
export const formatMoment = (iso: string, timeZone?: string | null, locale?: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = timeZone ?? undefined;
  return formatter(MOMENT_PARTS, zone, locale, zone !== undefined && zone !== viewerTimeZone()).format(date);
};

/** Whole days from `today` to a calendar day: negative when it has passed. */
export const daysUntil = (day: string, today = new Date()): number => {
  const target = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / 86_400_000);
};

/** Whole days since a moment (0 today). */
export const daysSince = (iso: string, now = new Date()): number =>
  Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 86_400_000));
