import { i18nProvider } from '../i18n';

const t = (key: string, options?: object) => i18nProvider.translate(key, options);

/** Hours as a person reads them: `< 1 min`, `25 min`, `3.5 h`, `2.1 d`; `—` when there is no figure. */
export const formatHours = (hours: number | null | undefined): string => {
  if (hours == null || !Number.isFinite(hours)) return '—';
  if (hours < 0) return '—';
  const minutes = Math.round(hours * 60);
  if (minutes < 1) return t('console.reports.units.lessThanMinute');
  if (minutes < 60) return t('console.reports.units.minutes', { value: minutes });
  const rounded = Math.round(hours * 10) / 10;
  if (rounded < 24) return t('console.reports.units.hours', { value: rounded.toFixed(1).replace(/\.0$/, '') });
  const days = Math.round((hours / 24) * 10) / 10;
  return t('console.reports.units.days', { value: days.toFixed(1).replace(/\.0$/, '') });
};

export const formatPercent = (rate: number | null | undefined): string =>
  rate == null || !Number.isFinite(rate) ? '—' : `${Math.round(rate * 100)}%`;

/** The spec's report ranges (named `console.reports.periods.<id>`). */
export const PERIODS = [
  { id: '7d', days: 7 },
  { id: '28d', days: 28 },
  { id: '3m', months: 3 },
  { id: '6m', months: 6 },
  { id: '12m', months: 12 },
  { id: 'all' },
] as const;

export type PeriodId = (typeof PERIODS)[number]['id'];

const ymd = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The period's first and last day (both included, YYYY-MM-DD); none for all time. */
export const periodRange = (id: PeriodId, today = new Date()): { from?: string; to?: string } => {
  const period = PERIODS.find((p) => p.id === id);
  if (!period || (!('days' in period) && !('months' in period))) return {};
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if ('days' in period) from.setDate(from.getDate() - (period.days - 1));
  else {
    from.setMonth(from.getMonth() - period.months);
    from.setDate(from.getDate() + 1);
  }
  return { from: ymd(from), to: ymd(today) };
};

/** `3 Nov – 22 Nov 2026` for the page's subtitle. */
export const describeRange = ({ from, to }: { from?: string; to?: string }): string => {
  if (!from || !to) return t('console.reports.sinceFirst');
  const day = (text: string) => new Date(`${text}T00:00:00`);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const first = day(from).toLocaleDateString(undefined, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
  const last = day(to).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${first} – ${last}`;
};
