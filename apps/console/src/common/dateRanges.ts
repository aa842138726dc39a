/* The date range picker's ranges (common/DateRangePicker.tsx), apart so that they are tested without a browser. */

/**
 * The spec's date ranges (seed 000: "Date ranges: last 7 days, 28 days, 3, 6, 12, 16 months, all
 * time. Intervals: hour, day, week, month."), plus a custom range of days.
 */
export const DATE_RANGE_PRESETS = ['7d', '28d', '3m', '6m', '12m', '16m', 'all', 'custom'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
export const DATE_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type DateInterval = (typeof DATE_INTERVALS)[number];

/** A chosen range: the preset, and (for `custom`) its own days as YYYY-MM-DD (either may be empty). */
export interface DateRangeValue {
  preset: DateRangePreset;
  from?: string;
  to?: string;
}

/** The days a request sends (`from` / `to`, YYYY-MM-DD, inclusive); both undefined for all time. */
export interface DateRangeDays {
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today as YYYY-MM-DD in `timeZone` (a website's; the browser's without one). */
export const todayIn = (timeZone: string | null | undefined, now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZone ?? undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** A YYYY-MM-DD day moved by days and months (a month's end kept: 31 March minus a month is 28/29 February). */
const shift = (day: string, { days = 0, months = 0 }: { days?: number; months?: number }): string => {
  const [y, m, d] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))];
  const lastOfMonth = new Date(Date.UTC(y, m + months + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(y, m + months, Math.min(d, lastOfMonth) + days));
  return date.toISOString().slice(0, 10);
};

/**
 * The days of a range, ending today (in the website's timezone) and counting it:
 * - last 7 / 28 days: today and the 6 / 27 days before;
 * - last 3, 6, 12, 16 months: from the day after the same day that many months ago, to today;
 * - all time: no bounds; custom: its own days (left out when not a day).
 */
export const rangeDays = (value: DateRangeValue, today: string): DateRangeDays => {
  switch (value.preset) {
    case '7d':
      return { from: shift(today, { days: -6 }), to: today };
    case '28d':
      return { from: shift(today, { days: -27 }), to: today };
    case '3m':
    case '6m':
    case '12m':
    case '16m':
      return { from: shift(shift(today, { months: -Number(value.preset.slice(0, -1)) }), { days: 1 }), to: today };
    case 'custom':
      return {
        from: value.from && DAY.test(value.from) ? value.from : undefined,
        to: value.to && DAY.test(value.to) ? value.to : undefined,
      };
    default:
      return {};
  }
};
