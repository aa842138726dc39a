import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import type { StoredTouchpoint } from '../domain/visitor-rows.js';
import type { Attempt } from '../domain/funnel.js';
import { AGGREGATES_VERSION } from './aggregates.js';

/** The moments a report covers: `start <= t < end`. */
export interface Bounds {
  start: Date;
  end: Date;
}

/**
 * Visitors and converted visitors per variant of an experiment: the counters of
 * `an_experiment_counts` once the website's aggregates are built (./aggregates.ts), else counted
 * from `an_exposures`.
 */
export async function experimentCounts(
  db: SqlExecutor,
  websiteId: string,
  experimentId: string,
): Promise<Map<string, { visitors: number; conversions: number }>> {
  const counted = await db.query<{ variant: string; visitors: string | number; conversions: string | number }>(
    `SELECT variant, visitors, conversions FROM an_experiment_counts
      WHERE website_id = $1 AND experiment_id = $2 AND EXISTS (SELECT 1 FROM an_aggregate_zones WHERE website_id = $1 AND timezone <> '' AND version = $3)`,
    [websiteId, experimentId, AGGREGATES_VERSION],
  );
  const found =
    counted.rows.length > 0
      ? counted
      : await db.query<{ variant: string; visitors: string | number; conversions: string | number }>(
          `SELECT variant, count(*) AS visitors, count(converted_at) AS conversions
             FROM an_exposures WHERE website_id = $1 AND experiment_id = $2 GROUP BY variant`,
          [websiteId, experimentId],
        );
  return new Map(
    found.rows.map((r) => [r.variant, { visitors: Number(r.visitors), conversions: Number(r.conversions) }]),
  );
}

/** A goal's conversions in the range, with their touchpoints. */
export async function conversionsInRange(
  db: SqlExecutor,
  websiteId: string,
  goalId: string,
  bounds: Bounds,
): Promise<{ distinctId: string; time: number; value: number; touchpoints: StoredTouchpoint[] }[]> {
  const found = await db.query<{
    distinct_id: string;
    time: Date | string;
    value: number;
    touchpoints: StoredTouchpoint[];
  }>(
    `SELECT distinct_id, time, value, touchpoints FROM an_conversions
      WHERE website_id = $1 AND goal_id = $2 AND time >= $3 AND time < $4 ORDER BY time, event_id`,
    [websiteId, goalId, bounds.start, bounds.end],
  );
  return found.rows.map((r) => ({
    distinctId: r.distinct_id,
    time: new Date(r.time).getTime(),
    value: Number(r.value),
    touchpoints: r.touchpoints,
  }));
}

/** Per CTA in the range: impressions, clicks and the visitors who saw it. */
export async function ctaTotals(
  db: SqlExecutor,
  websiteId: string,
  bounds: Bounds,
  campaignId?: string,
): Promise<Map<string, { impressions: number; clicks: number; visitors: number }>> {
  const found = await db.query<{
    cta_id: string;
    impressions: string | number;
    clicks: string | number;
    visitors: string | number;
  }>(
    `SELECT cta_id, sum(impressions) AS impressions, sum(clicks) AS clicks, count(DISTINCT distinct_id) FILTER (WHERE impressions > 0) AS visitors
       FROM an_cta_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3${campaignId !== undefined ? ' AND campaign_id = $4' : ''}
      GROUP BY cta_id`,
    campaignId !== undefined
      ? [websiteId, bounds.start, bounds.end, campaignId]
      : [websiteId, bounds.start, bounds.end],
  );
  return new Map(
    found.rows.map((r) => [
      r.cta_id,
      { impressions: Number(r.impressions), clicks: Number(r.clicks), visitors: Number(r.visitors) },
    ]),
  );
}

/**
 * Incrementality's two groups of a CTA (DESIGN.md): the visitors with an impression (exposed) or a
 * holdout (held out) of it in the range, and those of them with a conversion of the goal at or
 * after their first impression or holdout in the range, before the range's end.
 */
export async function incrementalityGroups(
  db: SqlExecutor,
  websiteId: string,
  ctaId: string,
  goalId: string,
  bounds: Bounds,
) {
  const group = async (count: 'impressions' | 'holdouts', first: 'first_impression_at' | 'first_holdout_at') => {
    const found = await db.query<{ users: string | number; conversions: string | number }>(
      `WITH g AS (
         SELECT distinct_id, min(${first}) AS first FROM an_cta_hours
          WHERE website_id = $1 AND cta_id = $2 AND hour >= $3 AND hour < $4 AND ${count} > 0 GROUP BY distinct_id
       )
       SELECT count(*) AS users,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM an_conversions c WHERE c.website_id = $1 AND c.goal_id = $5 AND c.distinct_id = g.distinct_id
                                               AND c.time >= g.first AND c.time < $4)) AS conversions
         FROM g`,
      [websiteId, ctaId, bounds.start, bounds.end, goalId],
    );
    return { users: Number(found.rows[0]?.users ?? 0), conversions: Number(found.rows[0]?.conversions ?? 0) };
  };
  return {
    exposed: await group('impressions', 'first_impression_at'),
    holdout: await group('holdouts', 'first_holdout_at'),
  };
}

/**
 * Each person's counted attempt of a funnel among the attempts starting in the range, as
 * `countedAttempt` (libs/analytics/src/domain/funnel.ts) picks it: the furthest step, then the one
 * that reached it first, then the latest start.
 */
export async function countedAttempts(db: SqlExecutor, funnelId: string, bounds: Bounds): Promise<Attempt[]> {
  const found = await db.query<{
    start_at: Date | string;
    reached: number;
    step_times: number[];
    breakdown: string | null;
  }>(
    `SELECT DISTINCT ON (distinct_id) start_at, reached, step_times, breakdown FROM an_funnel_attempts
      WHERE funnel_id = $1 AND start_at >= $2 AND start_at < $3
      ORDER BY distinct_id, reached DESC, (step_times->>(reached - 1))::double precision ASC, start_at DESC`,
    [funnelId, bounds.start, bounds.end],
  );
  return found.rows.map((r) => ({
    start: new Date(r.start_at).getTime(),
    reached: Number(r.reached),
    stepTimes: r.step_times.map(Number),
    breakdown: r.breakdown,
  }));
}

export type Interval = 'hour' | 'day' | 'week' | 'month';

/** A goal's conversions and value per interval, as wall-clock periods of the website's timezone. */
export async function goalSeries(
  db: SqlExecutor,
  websiteId: string,
  goalId: string,
  bounds: Bounds,
  interval: Interval,
  timeZone: string,
) {
  const found = await db.query<{ period: string; conversions: string | number; value: number | null }>(
    `SELECT to_char(date_trunc($5, time AT TIME ZONE $6), 'YYYY-MM-DD"T"HH24:MI') AS period, count(*) AS conversions, sum(value) AS value
       FROM an_conversions WHERE website_id = $1 AND goal_id = $2 AND time >= $3 AND time < $4
      GROUP BY 1 ORDER BY 1`,
    [websiteId, goalId, bounds.start, bounds.end, interval, timeZone],
  );
  return found.rows.map((r) => ({ period: r.period, conversions: Number(r.conversions), value: Number(r.value ?? 0) }));
}

/** Page views, organic views, landings and visitors per page in the range. */
export async function pageTotals(db: SqlExecutor, websiteId: string, bounds: Bounds) {
  const found = await db.query<{
    page: string;
    views: string | number;
    organic: string | number;
    landings: string | number;
    visitors: string | number;
  }>(
    `SELECT page, sum(views) AS views, sum(organic) AS organic, sum(landings) AS landings, count(DISTINCT distinct_id) AS visitors
       FROM an_page_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3 GROUP BY page ORDER BY sum(views) DESC, page LIMIT 5000`,
    [websiteId, bounds.start, bounds.end],
  );
  return found.rows.map((r) => ({
    page: r.page,
    views: Number(r.views),
    organic: Number(r.organic),
    landings: Number(r.landings),
    visitors: Number(r.visitors),
  }));
}

/** Distinct visitors with page views in the range, on any page or on the pages listed. */
export async function pageVisitors(
  db: SqlExecutor,
  websiteId: string,
  bounds: Bounds,
  pages?: readonly string[],
): Promise<number> {
  const found = await db.query<{ n: string | number }>(
    `SELECT count(DISTINCT distinct_id) AS n FROM an_page_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3${pages ? ' AND page = ANY($4::text[])' : ''}`,
    pages ? [websiteId, bounds.start, bounds.end, [...pages]] : [websiteId, bounds.start, bounds.end],
  );
  return Number(found.rows[0]?.n ?? 0);
}

/** Per period: page views, organic views, visitors, impressions, clicks, conversions and value (all goals). */
export async function metricSeries(
  db: SqlExecutor,
  websiteId: string,
  bounds: Bounds,
  interval: Interval,
  timeZone: string,
  campaignId?: string,
) {
  const params: unknown[] = [websiteId, bounds.start, bounds.end, interval, timeZone];
  const campaign = campaignId !== undefined ? ` AND campaign_id = $${params.push(campaignId)}` : '';
  const period = (column: string) => `to_char(date_trunc($4, ${column} AT TIME ZONE $5), 'YYYY-MM-DD"T"HH24:MI')`;
  const found = await db.query<{
    period: string;
    kind: string;
    a: string | number;
    b: string | number;
    c: string | number;
  }>(
    `SELECT ${period('hour')} AS period, 'pages' AS kind, sum(views) AS a, sum(organic) AS b, count(DISTINCT distinct_id) AS c
       FROM an_page_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3 GROUP BY 1
     UNION ALL
     SELECT ${period('hour')}, 'ctas', sum(impressions), sum(clicks), count(DISTINCT distinct_id) FILTER (WHERE impressions > 0)
       FROM an_cta_hours WHERE website_id = $1 AND hour >= $2 AND hour < $3${campaign} GROUP BY 1
     UNION ALL
     SELECT ${period('time')}, 'goals', count(*), coalesce(sum(value), 0), count(DISTINCT distinct_id)
       FROM an_conversions WHERE website_id = $1 AND time >= $2 AND time < $3 GROUP BY 1
     ORDER BY 1`,
    params,
  );
  return found.rows.map((r) => ({ period: r.period, kind: r.kind, a: Number(r.a), b: Number(r.b), c: Number(r.c) }));
}

/** The website's conversions (all goals) in the range: for revenue and conversion rates. */
export async function allConversions(db: SqlExecutor, websiteId: string, bounds: Bounds) {
  const found = await db.query<{
    distinct_id: string;
    value: number;
    currency: string | null;
    touchpoints: StoredTouchpoint[];
  }>(
    `SELECT distinct_id, value, currency, touchpoints FROM an_conversions WHERE website_id = $1 AND time >= $2 AND time < $3`,
    [websiteId, bounds.start, bounds.end],
  );
  return found.rows.map((r) => ({
    distinctId: r.distinct_id,
    value: Number(r.value),
    currency: r.currency,
    touchpoints: r.touchpoints,
  }));
}
