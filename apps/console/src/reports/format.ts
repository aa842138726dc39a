/** Hours as a person reads them: `< 1 min`, `25 min`, `3.5 h`, `2.1 d`; `—` when there is no figure. */
export const formatHours = (hours: number | null | undefined): string => {
  if (hours == null || !Number.isFinite(hours)) return '—';
  if (hours < 0) return '—';
  const minutes = Math.round(hours * 60);
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${minutes} min`;
  const rounded = Math.round(hours * 10) / 10;
  if (rounded < 24) return `${rounded.toFixed(1).replace(/\.0$/, '')} h`;
  const days = Math.round((hours / 24) * 10) / 10;
  return `${days.toFixed(1).replace(/\.0$/, '')} d`;
};

export const formatPercent = (rate: number | null | undefined): string =>
  rate == null || !Number.isFinite(rate) ? '—' : `${Math.round(rate * 100)}%`;

/** The spec's report ranges. */
export const PERIODS = [
  { id: '7d', name: 'Last 7 days', days: 7 },
  { id: '28d', name: 'Last 28 days', days: 28 },
  { id: '3m', name: 'Last 3 months', months: 3 },
  { id: '6m', name: 'Last 6 months', months: 6 },
  { id: '12m', name: 'Last 12 months', months: 12 },
  { id: 'all', name: 'All time' },
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
  if (!from || !to) return 'Since the first post';
  const day = (text: string) => new Date(`${text}T00:00:00`);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const first = day(from).toLocaleDateString(undefined, { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) });
  const last = day(to).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return `${first} – ${last}`;
};
