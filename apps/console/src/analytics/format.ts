/*
 * Numbers as people read them (the Analytics area, the experiment results, the campaign figures):
 * thousands separators, percentages, money in its currency; a figure that is not there is "–".
 * Pure functions (no React, no i18n provider): test/unit/console-analytics.test.ts checks them.
 */

/** What a missing figure shows. */
export const NONE = '–';

const LOCALE = 'en';

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const upToTwo = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** A count: `12,345`. */
export const formatCount = (value: number | null | undefined): string => (finite(value) ? whole.format(value) : NONE);

/** A count that may be fractional (a fractional attribution model's credit): `1.33`, `12,345`. */
export const formatCredit = (value: number | null | undefined): string =>
  finite(value) ? upToTwo.format(value) : NONE;

/** A rate (0.0417) as a percentage: `4.2%`, `25%`. */
export const formatPercent = (rate: number | null | undefined): string => (finite(rate) ? percent.format(rate) : NONE);

/** A relative change (0.18) with its sign: `+18%`, `-12.5%`, `0%`. */
export const formatLift = (lift: number | null | undefined): string =>
  finite(lift) ? signedPercent.format(lift) : NONE;

/** The size of a change without its sign (for "18% better"). */
export const formatChange = (lift: number | null | undefined): string =>
  finite(lift) ? percent.format(Math.abs(lift)) : NONE;

const CURRENCY = /^[A-Z]{3}$/;

/** Money: `€1,234.50` in its currency (ISO 4217 code); without one, the amount alone (`1,234.50`). */
export const formatMoney = (value: number | null | undefined, currency?: string | null): string => {
  if (!finite(value)) return NONE;
  const code = typeof currency === 'string' ? currency.toUpperCase() : '';
  if (CURRENCY.test(code)) {
    try {
      return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: code }).format(value);
    } catch {
      // An unknown code: the amount alone, as below.
    }
  }
  return new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
};

/** A chance (0.953) in whole percents, never a certainty: `95%`, `> 99%`, `< 1%`. */
export const formatChance = (chance: number | null | undefined): string => {
  if (!finite(chance)) return NONE;
  if (chance >= 0.995) return '> 99%';
  if (chance < 0.005) return '< 1%';
  return `${Math.round(chance * 100)}%`;
};

/** A p-value: `0.006`, `< 0.001`. */
export const formatPValue = (p: number | null | undefined): string => {
  if (!finite(p)) return NONE;
  if (p < 0.001) return '< 0.001';
  return p.toFixed(3);
};

/** A duration in seconds: `45 s`, `2.5 min`, `3 h`, `1.5 d`. */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (!finite(seconds) || seconds < 0) return NONE;
  const one = (value: number) => upToTwo.format(Math.round(value * 10) / 10);
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${one(seconds / 60)} min`;
  if (seconds < 86_400) return `${one(seconds / 3600)} h`;
  return `${one(seconds / 86_400)} d`;
};

/** A report's period key (`2026-05-04`, `2026-05-04T13:00`) as a short axis label: `May 4`, `13:00`, `May 2026`. */
export const formatPeriod = (period: string, interval: string): string => {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(period);
  if (!day) return period;
  const date = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  if (interval === 'hour') {
    const hour = /T(\d{2}:\d{2})/.exec(period)?.[1] ?? '00:00';
    return hour === '00:00'
      ? `${date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' })} ${hour}`
      : hour;
  }
  if (interval === 'month')
    return date.toLocaleDateString(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return date.toLocaleDateString(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
};
