import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { dayStart, websiteTimeZone } from '#libs/cro/src/projections/tracking.js';
import { matchPageRules, type PageRulesInput } from '#libs/cro/src/domain/page-rules.js';
import { urlListRules } from '#libs/cro/src/projections/queries.js';
import { attribute, incrementality, type AttributionModel, type Conversion } from '../domain/attribution.js';
import {
  MIN_CONVERSIONS_PER_ARM,
  MIN_VISITORS_PER_ARM,
  experimentResults,
  type ExperimentResults,
} from '../domain/experiment-stats.js';
import { funnelResults, type FunnelResults, type FunnelStep } from '../domain/funnel.js';
import {
  allConversions,
  conversionsInRange,
  countedAttempts,
  ctaTotals,
  experimentCounts,
  goalSeries,
  incrementalityGroups,
  metricSeries,
  pageTotals,
  pageVisitors,
  type Bounds,
  type Interval,
} from './reports.js';
import { pendingVisitors } from './visitor-store.js';
import {
  AGGREGATED_LOOKBACK_DAYS,
  aggregatesReady,
  creditsOfDays,
  ctaTotalsOfDays,
  funnelOfDays,
  pageTotalsOfDays,
  periodSeries,
  websiteTotalsOfDays,
} from './aggregates.js';

/**
 * The reports of DESIGN.md "Report endpoints", computed from the analytics read models
 * (libs/analytics/src/read/reports.ts) with the pure definitions of libs/analytics/src/domain.
 * Callers have checked that the viewer may read the website.
 */

export const RANGES = [
  'last_7_days',
  'last_28_days',
  'last_3_months',
  'last_6_months',
  'last_12_months',
  'last_16_months',
  'all_time',
] as const;
export type RangeName = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangeName = 'last_28_days';
/** "All time" starts here: before any tracker could have sent an event (400 days back is the oldest accepted). */
const ALL_TIME_FROM = '2000-01-01';

/** Today in a timezone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * The days a report covers (inclusive, the website's timezone): `from`/`to` when given (either may
 * be left out: from the start of all time, up to today), else the named range ending today
 * (last 7 days = today and the 6 before).
 */
export function reportDays(
  asked: { from?: string; to?: string; range?: RangeName },
  today: string,
): { from: string; to: string } {
  if (asked.from || asked.to) return { from: asked.from ?? ALL_TIME_FROM, to: asked.to ?? today };
  switch (asked.range ?? DEFAULT_RANGE) {
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_28_days':
      return { from: addDays(today, -27), to: today };
    case 'last_3_months':
      return { from: addDays(addMonths(today, -3), 1), to: today };
    case 'last_6_months':
      return { from: addDays(addMonths(today, -6), 1), to: today };
    case 'last_12_months':
      return { from: addDays(addMonths(today, -12), 1), to: today };
    case 'last_16_months':
      return { from: addDays(addMonths(today, -16), 1), to: today };
    case 'all_time':
      return { from: ALL_TIME_FROM, to: today };
  }
}

export interface ReportScope {
  websiteId: string;
  timeZone: string;
  days: { from: string; to: string };
  bounds: Bounds;
}

export async function reportScope(
  db: SqlExecutor,
  websiteId: string,
  asked: { from?: string; to?: string; range?: RangeName },
): Promise<ReportScope> {
  const timeZone = await websiteTimeZone(db, websiteId);
  const days = reportDays(asked, todayIn(timeZone));
  return {
    websiteId,
    timeZone,
    days,
    bounds: { start: dayStart(days.from, timeZone), end: dayStart(days.to, timeZone, 1) },
  };
}

const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/** An experiment as the results need it. */
export interface ExperimentForResults {
  id: string;
  websiteId: string;
  variants: { key: string; weight: number }[];
  significanceThreshold: number;
}

/**
 * What the results were called by, answered with them so that the console says why no winner is
 * called yet without keeping copies: the experiment's significance threshold and the minimum sample
 * of every arm (experiment-stats.ts).
 */
export interface ExperimentCriteria {
  significanceThreshold: number;
  minimumSample: { visitors: number; conversions: number };
}

export async function experimentReport(
  db: SqlExecutor,
  experiment: ExperimentForResults,
): Promise<ExperimentResults & ExperimentCriteria & { pendingVisitors: number }> {
  const counts = await experimentCounts(db, experiment.websiteId, experiment.id);
  const arms = experiment.variants.map((v) => ({
    key: v.key,
    weight: v.weight,
    visitors: counts.get(v.key)?.visitors ?? 0,
    conversions: counts.get(v.key)?.conversions ?? 0,
  }));
  if (arms.length === 0) arms.push({ key: 'control', weight: 100, visitors: 0, conversions: 0 });
  return {
    ...experimentResults(arms, { threshold: experiment.significanceThreshold }),
    significanceThreshold: experiment.significanceThreshold,
    minimumSample: { visitors: MIN_VISITORS_PER_ARM, conversions: MIN_CONVERSIONS_PER_ARM },
    pendingVisitors: await pendingVisitors(db, experiment.websiteId),
  };
}

const toConversion = (c: { time: number; value: number; touchpoints: [string, number, 'i' | 'c'][] }): Conversion => ({
  time: c.time,
  value: c.value,
  touchpoints: c.touchpoints.map(([ctaId, time, kind]) => ({
    ctaId,
    time,
    kind: kind === 'c' ? 'click' : 'impression',
  })),
});

export interface AttributionRow {
  ctaId: string;
  conversions: number;
  revenue: number;
  assistedConversions: number;
  assistedRevenue: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  conversionRate: number | null;
  revenuePerVisitor: number | null;
}

/** One row per CTA with credit or traffic in the range (most credited first). */
export async function attributionReport(
  db: SqlExecutor,
  scope: ReportScope,
  goalId: string,
  model: AttributionModel,
  lookbackDays: number,
): Promise<AttributionRow[]> {
  const ready = await aggregatesReady(db, scope.websiteId, scope.timeZone);
  const credits =
    ready && lookbackDays === AGGREGATED_LOOKBACK_DAYS
      ? await creditsOfDays(db, scope.websiteId, goalId, model, scope.days)
      : attribute((await conversionsInRange(db, scope.websiteId, goalId, scope.bounds)).map(toConversion), {
          model,
          lookbackDays,
        });
  const traffic = ready
    ? await ctaTotalsOfDays(db, scope.websiteId, scope.days)
    : await ctaTotals(db, scope.websiteId, scope.bounds);
  const ids = [...new Set([...credits.keys(), ...traffic.keys()])];
  const rows = ids.map((ctaId): AttributionRow => {
    const credit = credits.get(ctaId) ?? { conversions: 0, revenue: 0, assistedConversions: 0, assistedRevenue: 0 };
    const t = traffic.get(ctaId) ?? { impressions: 0, clicks: 0, visitors: 0 };
    return {
      ctaId,
      ...credit,
      impressions: t.impressions,
      clicks: t.clicks,
      ctr: ratio(t.clicks, t.impressions),
      conversionRate: ratio(credit.conversions, t.visitors),
      revenuePerVisitor: ratio(credit.revenue, t.visitors),
    };
  });
  return rows.sort(
    (a, b) =>
      b.conversions - a.conversions ||
      b.revenue - a.revenue ||
      b.impressions - a.impressions ||
      (a.ctaId < b.ctaId ? -1 : 1),
  );
}

export async function incrementalityReport(db: SqlExecutor, scope: ReportScope, ctaId: string, goalId: string) {
  const groups = await incrementalityGroups(db, scope.websiteId, ctaId, goalId, scope.bounds);
  return incrementality(groups.exposed, groups.holdout);
}

export async function funnelReport(
  db: SqlExecutor,
  scope: ReportScope,
  funnel: { id: string; steps: FunnelStep[]; breakdown: string | null },
): Promise<FunnelResults & { pendingVisitors: number }> {
  if (await aggregatesReady(db, scope.websiteId, scope.timeZone)) {
    const fast = await funnelOfDays(db, scope.websiteId, funnel, scope.days);
    if (fast) return { ...fast, pendingVisitors: await pendingVisitors(db, scope.websiteId) };
  }
  const attempts = await countedAttempts(db, funnel.id, scope.bounds);
  return {
    ...funnelResults(attempts, funnel.steps, { breakdown: funnel.breakdown !== null }),
    pendingVisitors: await pendingVisitors(db, scope.websiteId),
  };
}

/** Periods of an interval between two days (inclusive), as the keys the SQL answers ("YYYY-MM-DDTHH:MI" wall clock). */
export function periods(days: { from: string; to: string }, interval: Interval, limit = 2000): string[] {
  const keys: string[] = [];
  if (interval === 'hour') {
    for (let day = days.from; day <= days.to && keys.length < limit; day = addDays(day, 1)) {
      for (let h = 0; h < 24; h++) keys.push(`${day}T${String(h).padStart(2, '0')}:00`);
    }
    return keys.slice(0, limit);
  }
  let day = days.from;
  if (interval === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    day = addDays(day, -weekday);
  } else if (interval === 'month') day = `${day.slice(0, 7)}-01`;
  for (
    ;
    day <= days.to && keys.length < limit;
    day = interval === 'day' ? addDays(day, 1) : interval === 'week' ? addDays(day, 7) : addMonths(day, 1)
  ) {
    keys.push(`${day}T00:00`);
  }
  return keys;
}

const periodLabel = (key: string, interval: Interval) => (interval === 'hour' ? key : key.slice(0, 10));

export async function goalCompletionsReport(
  db: SqlExecutor,
  scope: ReportScope,
  goal: { id: string; type: string; currency: string | null },
  interval: Interval,
) {
  const rows = await goalSeries(db, scope.websiteId, goal.id, scope.bounds, interval, scope.timeZone);
  const byPeriod = new Map(rows.map((r) => [r.period, r]));
  const all =
    scope.days.from === ALL_TIME_FROM && rows.length > 0
      ? { from: rows[0]!.period.slice(0, 10), to: scope.days.to }
      : scope.days;
  const points = periods(all, interval).map((key) => ({
    period: periodLabel(key, interval),
    conversions: byPeriod.get(key)?.conversions ?? 0,
    value: byPeriod.get(key)?.value ?? 0,
  }));
  return {
    goalId: goal.id,
    type: goal.type,
    currency: goal.currency,
    from: scope.days.from,
    to: scope.days.to,
    interval,
    conversions: rows.reduce((s, r) => s + r.conversions, 0),
    value: rows.reduce((s, r) => s + r.value, 0),
    points,
  };
}

export interface Metrics {
  pageViews: number;
  visitors: number;
  organicTraffic: number;
  impressions: number;
  clicks: number;
  ctr: number | null;
  conversions: number;
  revenue: number;
  revenuePerVisitor: number | null;
  conversionRate: number | null;
  coverage: number | null;
}

/**
 * The Insights and Dashboard metrics of a website, or of one campaign (seed 001 "Campaign ...
 * analytics: page views, clicks, ctr, coverage, revenue"). For a campaign: page views and visitors
 * are those of the pages its page rules match; impressions and clicks those of its CTAs shown by
 * it; coverage = the visitors who saw one of its CTAs / the visitors of its pages; revenue and
 * conversions are the conversions whose last touchpoint is one of its CTAs (last touch).
 * For the website: every page; coverage = visitors with a CTA impression / visitors.
 * conversion rate = converting visitors / visitors; revenue per visitor = revenue / visitors.
 */
export async function metricsReport(
  db: SqlExecutor,
  scope: ReportScope,
  interval: Interval,
  campaign?: { id: string; pageRules: PageRulesInput | null },
) {
  if (!campaign && interval !== 'hour' && (await aggregatesReady(db, scope.websiteId, scope.timeZone)))
    return websiteMetrics(db, scope, interval);
  const pages = await pageTotals(db, scope.websiteId, scope.bounds);
  let matched = pages;
  if (campaign) {
    const lists = campaign.pageRules ? await urlListRules(db, scope.websiteId) : new Map();
    matched = pages.filter((p) => matchPageRules(campaign.pageRules, p.page, lists).matches);
  }
  const visitors = campaign
    ? matched.length > 0
      ? await pageVisitors(
          db,
          scope.websiteId,
          scope.bounds,
          matched.map((p) => p.page),
        )
      : 0
    : await pageVisitors(db, scope.websiteId, scope.bounds);
  const ctas = await ctaTotals(db, scope.websiteId, scope.bounds, campaign?.id);
  const impressions = [...ctas.values()].reduce((s, c) => s + c.impressions, 0);
  const clicks = [...ctas.values()].reduce((s, c) => s + c.clicks, 0);
  const exposed = campaign ? await exposedVisitors(db, scope, campaign.id) : await exposedVisitors(db, scope);
  const conversions = await allConversions(db, scope.websiteId, scope.bounds);
  const counted = campaign
    ? conversions.filter((c) => {
        const last = c.touchpoints.at(-1);
        return last !== undefined && ctas.has(last[0]);
      })
    : conversions;
  const revenue = counted.reduce((s, c) => s + c.value, 0);
  const converting = new Set(counted.map((c) => c.distinctId)).size;
  const totals: Metrics = {
    pageViews: matched.reduce((s, p) => s + p.views, 0),
    visitors,
    organicTraffic: matched.reduce((s, p) => s + p.organic, 0),
    impressions,
    clicks,
    ctr: ratio(clicks, impressions),
    conversions: counted.length,
    revenue,
    revenuePerVisitor: ratio(revenue, visitors),
    conversionRate: ratio(converting, visitors),
    coverage: ratio(exposed, visitors),
  };
  const series = await metricSeries(db, scope.websiteId, scope.bounds, interval, scope.timeZone, campaign?.id);
  const byPeriod = new Map<
    string,
    {
      pageViews: number;
      organicTraffic: number;
      visitors: number;
      impressions: number;
      clicks: number;
      conversions: number;
      revenue: number;
    }
  >();
  for (const row of series) {
    const point = byPeriod.get(row.period) ?? {
      pageViews: 0,
      organicTraffic: 0,
      visitors: 0,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      revenue: 0,
    };
    if (row.kind === 'pages' && !campaign)
      Object.assign(point, { pageViews: row.a, organicTraffic: row.b, visitors: row.c });
    if (row.kind === 'ctas') Object.assign(point, { impressions: row.a, clicks: row.b });
    if (row.kind === 'goals' && !campaign) Object.assign(point, { conversions: row.a, revenue: row.b });
    byPeriod.set(row.period, point);
  }
  const first = series[0]?.period.slice(0, 10);
  const all = scope.days.from === ALL_TIME_FROM && first ? { from: first, to: scope.days.to } : scope.days;
  const points = periods(all, interval).map((key) => ({
    period: periodLabel(key, interval),
    ...(byPeriod.get(key) ?? {
      pageViews: 0,
      organicTraffic: 0,
      visitors: 0,
      impressions: 0,
      clicks: 0,
      conversions: 0,
      revenue: 0,
    }),
  }));
  return {
    from: scope.days.from,
    to: scope.days.to,
    interval,
    totals,
    points,
    topPages: matched.slice(0, 20),
    pendingVisitors: await pendingVisitors(db, scope.websiteId),
  };
}

type Point = {
  pageViews: number;
  organicTraffic: number;
  visitors: number;
  impressions: number;
  clicks: number;
  conversions: number;
  revenue: number;
};
const emptyPoint = (): Point => ({
  pageViews: 0,
  organicTraffic: 0,
  visitors: 0,
  impressions: 0,
  clicks: 0,
  conversions: 0,
  revenue: 0,
});

/**
 * `metricsReport` of a whole website by day, week or month, from the aggregates
 * (./aggregates.ts): the same figures as from the per-visitor rows, at a cost that follows the
 * days and pages of the range rather than its visitors.
 */
async function websiteMetrics(db: SqlExecutor, scope: ReportScope, interval: Exclude<Interval, 'hour'>) {
  const pages = await pageTotalsOfDays(db, scope.websiteId, scope.days);
  const ctas = await ctaTotalsOfDays(db, scope.websiteId, scope.days);
  const sums = await websiteTotalsOfDays(db, scope.websiteId, scope.days);
  const impressions = [...ctas.values()].reduce((s, c) => s + c.impressions, 0);
  const clicks = [...ctas.values()].reduce((s, c) => s + c.clicks, 0);
  const totals: Metrics = {
    pageViews: pages.reduce((s, p) => s + p.views, 0),
    visitors: sums.visitors,
    organicTraffic: pages.reduce((s, p) => s + p.organic, 0),
    impressions,
    clicks,
    ctr: ratio(clicks, impressions),
    conversions: sums.conversions,
    revenue: sums.value,
    revenuePerVisitor: ratio(sums.value, sums.visitors),
    conversionRate: ratio(sums.converting, sums.visitors),
    coverage: ratio(sums.exposed, sums.visitors),
  };
  const series = await periodSeries(db, scope.websiteId, scope.days, interval);
  const byPeriod = new Map<string, Point>();
  for (const row of series) {
    const point = byPeriod.get(row.period) ?? emptyPoint();
    if (row.kind === 'pages') Object.assign(point, { pageViews: row.a, organicTraffic: row.b });
    if (row.kind === 'visitors') point.visitors = row.c;
    if (row.kind === 'ctas') Object.assign(point, { impressions: row.a, clicks: row.b });
    if (row.kind === 'goals') Object.assign(point, { conversions: row.a, revenue: row.b });
    byPeriod.set(row.period, point);
  }
  const first = series[0]?.period.slice(0, 10);
  const all = scope.days.from === ALL_TIME_FROM && first ? { from: first, to: scope.days.to } : scope.days;
  const points = periods(all, interval).map((key) => ({
    period: periodLabel(key, interval),
    ...(byPeriod.get(key) ?? emptyPoint()),
  }));
  return {
    from: scope.days.from,
    to: scope.days.to,
    interval,
    totals,
    points,
    topPages: pages.slice(0, 20),
    pendingVisitors: await pendingVisitors(db, scope.websiteId),
  };
}

async function exposedVisitors(db: SqlExecutor, scope: ReportScope, campaignId?: string): Promise<number> {
  const found = await db.query<{ n: string | number }>(
    `SELECT count(DISTINCT distinct_id) AS n FROM an_cta_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3 AND impressions > 0${campaignId !== undefined ? ' AND campaign_id = $4' : ''}`,
    campaignId !== undefined
      ? [scope.websiteId, scope.bounds.start, scope.bounds.end, campaignId]
      : [scope.websiteId, scope.bounds.start, scope.bounds.end],
  );
  return Number(found.rows[0]?.n ?? 0);
}
