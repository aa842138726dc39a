import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { runToEnd, type Steps } from '#libs/platform/src/steps.js';
import { runSliced, TimeSlice } from '#libs/platform/src/yielding.js';
import { websiteTimeZone } from '#libs/cro/src/projections/tracking.js';
import { ATTRIBUTION_MODELS, attribute, type AttributionModel, type CtaCredit } from '../domain/attribution.js';
import type { FunnelStepResult } from '../domain/funnel.js';
import type { StoredTouchpoint, VisitorRows } from '../domain/visitor-rows.js';

/**
 * The aggregates of the per-visitor read models (libs/analytics/src/read/analytics-schema.ts:
 * `an_experiment_counts`, `an_day_totals`, `an_day_visitors`, `an_aggregate_zones`). The projector
 * replaces a visitor's rows in one transaction; `replaceVisitorRows` (./visitor-store.ts) hands the
 * rows it deleted and the rows it inserts to `applyVisitorChange`, which adds the difference to the
 * aggregates in the same transaction: they always equal what the per-visitor rows add up to.
 *
 * Days are days of the website's timezone, as the reports cut them: an hour row belongs to the day
 * its first instant falls on (DESIGN's day ranges cut at hour rows), a conversion to the day of its
 * own instant. `an_aggregate_zones` records the timezone the days were taken in and the version; when
 * the website's timezone is another one, the version another (or none is recorded: a website whose
 * aggregates were never built), the next change rebuilds the website's aggregates from its per-visitor rows, and until then the
 * reports read the per-visitor rows (`aggregatesReady`).
 *
 * Distinct visitors over a range of days, without a row per visitor (`an_day_visitors`): for each
 * kind and key, a visitor adds 1 to the row (day, prev_day) for each day it was active, prev_day
 * being the day it was last active before (`-infinity` for its first). Those active in [d1, d2] are
 * counted once each by the rows with d1 <= day <= d2 and prev_day < d1: their first active day in
 * the range. The rows a range reads grow with its days and with how far back visitors return, not
 * with the number of visitors.
 */

/** What one visitor's rows add to the aggregates (from its new rows, or from the rows deleted). */
export interface VisitorFacts {
  exposures: { experimentId: string; variant: string; converted: boolean }[];
  conversions: { goalId: string; time: number; value: number; touchpoints: StoredTouchpoint[] }[];
  ctaHours: { ctaId: string; hour: number; impressions: number; clicks: number; holdouts: number }[];
  pageHours: { page: string; hour: number; views: number; organic: number; landings: number }[];
  funnelAttempts: { funnelId: string; start: number; reached: number; stepTimes: number[]; breakdown: string | null }[];
}

export const factsOf = (rows: VisitorRows): VisitorFacts => ({
  exposures: rows.exposures.map((x) => ({
    experimentId: x.experimentId,
    variant: x.variant,
    converted: x.convertedAt !== null,
  })),
  conversions: rows.conversions.map((x) => ({
    goalId: x.goalId,
    time: x.time,
    value: x.value,
    touchpoints: x.touchpoints,
  })),
  ctaHours: rows.ctaHours,
  pageHours: rows.pageHours,
  funnelAttempts: rows.funnelAttempts,
});

const NO_DAY = '-infinity';

/**
 * What the aggregates hold; a website whose aggregates were built by another version has them
 * rebuilt by its next change (until then the reports read the per-visitor rows).
 * 1: experiment counters, day totals, distinct visitors, attribution credits, funnels.
 */
export const AGGREGATES_VERSION = 1;

type Attempt = { start: number; reached: number; stepTimes: number[]; breakdown: string | null };
/** `countedAttempt`'s order (libs/analytics/src/domain/funnel.ts): further, then reached sooner, then started later. */
function better(a: Attempt, b: Attempt): boolean {
  if (a.reached !== b.reached) return a.reached > b.reached;
  const aReachedAt = a.stepTimes[a.reached - 1]!;
  const bReachedAt = b.stepTimes[b.reached - 1]!;
  if (aReachedAt !== bReachedAt) return aReachedAt < bReachedAt;
  return a.start > b.start;
}

/**
 * The lookback (days) whose attribution credits are kept per day (`an_day_totals` kinds
 * `credit:{model}` and `assist`, key "{goalId} {ctaId}"): the reports' default. Other lookbacks are
 * computed from the conversions in the range.
 */
export const AGGREGATED_LOOKBACK_DAYS = 30;
const CREDIT_MODELS = ATTRIBUTION_MODELS.filter((m): m is Exclude<AttributionModel, 'assist'> => m !== 'assist');
/** Offsets of every time zone are whole quarter hours: the local date changes only on a quarter hour (UTC). */
const QUARTER_MS = 15 * 60_000;

/** The local date (YYYY-MM-DD) of instants in one time zone, cached per quarter hour. */
export class LocalDays {
  private readonly format: Intl.DateTimeFormat;
  private readonly cache = new Map<number, string>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  }

  of(time: number): string {
    const quarter = Math.floor(time / QUARTER_MS);
    let day = this.cache.get(quarter);
    if (day === undefined) {
      day = this.format.format(new Date(quarter * QUARTER_MS));
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(quarter, day);
    }
    return day;
  }
}

/** Conversions whose credits are computed between two pauses of `addSteps` (each: seven models over up to 200 touchpoints). */
const CREDITS_BETWEEN_PAUSES = 25;

/** Differences to add to the aggregates (keys are JSON arrays). */
export class AggregateDelta {
  readonly totals = new Map<string, [number, number, number]>();
  readonly visitors = new Map<string, number>();
  readonly experiments = new Map<string, [number, number]>();
  readonly funnelDays = new Map<string, number>();
  readonly funnelTimes = new Map<string, number>();

  constructor(private readonly days: LocalDays) {}

  /**
   * One person's funnel attempts (of any funnels), added or taken away: per funnel and day it
   * started attempts, the best attempt starting that day or later (`better`), with the day before.
   */
  addFunnels(attempts: VisitorFacts['funnelAttempts'], sign: 1 | -1): void {
    const byFunnel = new Map<string, Map<string, Attempt>>();
    for (const attempt of attempts) {
      let days = byFunnel.get(attempt.funnelId);
      if (!days) byFunnel.set(attempt.funnelId, (days = new Map()));
      const day = this.days.of(attempt.start);
      const kept = days.get(day);
      if (!kept || better(attempt, kept)) days.set(day, attempt);
    }
    for (const [funnelId, days] of byFunnel) {
      const sorted = [...days.keys()].sort();
      let best: Attempt | null = null;
      const bests: Attempt[] = [];
      for (let i = sorted.length - 1; i >= 0; i--) {
        const attempt = days.get(sorted[i]!)!;
        if (best === null || better(attempt, best)) best = attempt;
        bests[i] = best;
      }
      sorted.forEach((day, i) => {
        const a = bests[i]!;
        const prev = i === 0 ? NO_DAY : sorted[i - 1]!;
        const bkey = a.breakdown === null ? '' : `v${a.breakdown}`;
        const key = JSON.stringify([funnelId, day, prev, bkey, a.reached]);
        this.funnelDays.set(key, (this.funnelDays.get(key) ?? 0) + sign);
        for (let k = 1; k < a.reached; k++) {
          const time = JSON.stringify([funnelId, day, prev, bkey, k + 1, a.stepTimes[k]! - a.stepTimes[k - 1]!]);
          this.funnelTimes.set(time, (this.funnelTimes.get(time) ?? 0) + sign);
        }
      });
    }
  }

  /** The attribution credits of conversions (creditsOf), added or taken away; a pause every few conversions. */
  *addCredits(conversions: VisitorFacts['conversions'], sign: 1 | -1): Steps<void> {
    let n = 0;
    for (const x of conversions) {
      if (x.touchpoints.length === 0) continue;
      if (++n % CREDITS_BETWEEN_PAUSES === 0) yield;
      const day = this.days.of(x.time);
      for (const { kind, ctaId, credit } of creditsOf(x)) {
        const id = JSON.stringify([kind, `${x.goalId} ${ctaId}`, day]);
        const entry = this.totals.get(id) ?? [0, 0, 0];
        if (kind === 'assist') {
          entry[0] += sign * credit.assistedConversions;
          entry[1] += sign * credit.assistedRevenue;
          entry[2] += sign;
        } else {
          entry[0] += sign * credit.conversions;
          entry[1] += sign * credit.revenue;
        }
        this.totals.set(id, entry);
      }
    }
  }

  /** Adds (sign 1) or takes away (sign -1) what one visitor's rows contribute. */
  add(facts: VisitorFacts, sign: 1 | -1): void {
    runToEnd(this.addSteps(facts, sign));
  }

  /** `add` as steps (libs/platform/src/steps.ts): the projector runs it sliced. */
  *addSteps(facts: VisitorFacts, sign: 1 | -1): Steps<void> {
    for (const x of facts.exposures) {
      const key = JSON.stringify([x.experimentId, x.variant]);
      const entry = this.experiments.get(key) ?? [0, 0];
      entry[0] += sign;
      entry[1] += x.converted ? sign : 0;
      this.experiments.set(key, entry);
    }
    const active = new Map<string, Set<string>>();
    const mark = (kind: string, key: string, day: string) => {
      const id = JSON.stringify([kind, key]);
      let set = active.get(id);
      if (!set) active.set(id, (set = new Set()));
      set.add(day);
    };
    const total = (kind: string, key: string, day: string, a: number, b: number, c: number) => {
      const id = JSON.stringify([kind, key, day]);
      const entry = this.totals.get(id) ?? [0, 0, 0];
      entry[0] += sign * a;
      entry[1] += sign * b;
      entry[2] += sign * c;
      this.totals.set(id, entry);
    };
    for (const x of facts.pageHours) {
      const day = this.days.of(x.hour);
      total('page', x.page, day, x.views, x.organic, x.landings);
      mark('page', x.page, day);
      mark('pages', '', day);
    }
    for (const x of facts.ctaHours) {
      const day = this.days.of(x.hour);
      total('cta', x.ctaId, day, x.impressions, x.clicks, x.holdouts);
      if (x.impressions > 0) {
        mark('cta', x.ctaId, day);
        mark('ctas', '', day);
      }
    }
    for (const x of facts.conversions) {
      const day = this.days.of(x.time);
      total('goal', x.goalId, day, 1, x.value, 0);
      mark('goals', '', day);
    }
    yield* this.addCredits(facts.conversions, sign);
    this.addFunnels(facts.funnelAttempts, sign);
    yield;
    for (const [id, set] of active) {
      const [kind, key] = JSON.parse(id) as [string, string];
      const sorted = [...set].sort();
      sorted.forEach((day, i) => {
        const pair = JSON.stringify([kind, key, day, i === 0 ? NO_DAY : sorted[i - 1]]);
        this.visitors.set(pair, (this.visitors.get(pair) ?? 0) + sign);
      });
    }
  }
}

/**
 * What each conversion credits each CTA on its path (the lookback AGGREGATED_LOOKBACK_DAYS), per
 * model, and its assists: `credit:{model}` (n1 conversions, n2 revenue) and `assist` (n1 assisted
 * conversions, n2 assisted revenue, n3 1: the CTA is on the path, so it has a row in the report).
 */
export function creditsOf(
  conversion: VisitorFacts['conversions'][number],
): { kind: string; ctaId: string; credit: CtaCredit }[] {
  const input = [
    {
      time: conversion.time,
      value: conversion.value,
      touchpoints: conversion.touchpoints.map(([ctaId, time, kind]) => ({
        ctaId,
        time,
        kind: kind === 'c' ? ('click' as const) : ('impression' as const),
      })),
    },
  ];
  const out: { kind: string; ctaId: string; credit: CtaCredit }[] = [];
  for (const [ctaId, credit] of attribute(input, { model: 'assist', lookbackDays: AGGREGATED_LOOKBACK_DAYS }))
    out.push({ kind: 'assist', ctaId, credit });
  if (out.length === 0) return out;
  for (const model of CREDIT_MODELS) {
    for (const [ctaId, credit] of attribute(input, { model, lookbackDays: AGGREGATED_LOOKBACK_DAYS })) {
      if (credit.conversions !== 0 || credit.revenue !== 0) out.push({ kind: `credit:${model}`, ctaId, credit });
    }
  }
  return out;
}

/**
 * The timezone the website's aggregates are kept in, after rebuilding them when it is not the
 * website's timezone. Locks the website's row of `an_aggregate_zones` for the transaction: shared
 * to change the aggregates, exclusive to rebuild them (so a rebuild never interleaves with a change).
 */
export async function lockAggregates(tx: SqlExecutor, websiteId: string): Promise<LocalDays> {
  const zone = await websiteTimeZone(tx, websiteId);
  type Kept = { timezone: string; version: number };
  const current = (row: Kept | undefined) => row?.timezone === zone && Number(row.version) === AGGREGATES_VERSION;
  const kept = await tx.query<Kept>('SELECT timezone, version FROM an_aggregate_zones WHERE website_id = $1', [
    websiteId,
  ]);
  if (current(kept.rows[0])) {
    const locked = await tx.query<Kept>(
      'SELECT timezone, version FROM an_aggregate_zones WHERE website_id = $1 FOR SHARE',
      [websiteId],
    );
    if (current(locked.rows[0])) return new LocalDays(zone);
  }
  await tx.query(
    `INSERT INTO an_aggregate_zones (website_id, timezone) VALUES ($1, '') ON CONFLICT (website_id) DO NOTHING`,
    [websiteId],
  );
  const locked = await tx.query<Kept>(
    'SELECT timezone, version FROM an_aggregate_zones WHERE website_id = $1 FOR UPDATE',
    [websiteId],
  );
  if (!current(locked.rows[0])) {
    await rebuildAggregates(tx, websiteId, zone);
    await tx.query('UPDATE an_aggregate_zones SET timezone = $2, version = $3 WHERE website_id = $1', [
      websiteId,
      zone,
      AGGREGATES_VERSION,
    ]);
  }
  return new LocalDays(zone);
}

/** The website's aggregates computed afresh from its per-visitor rows (days in `zone`). */
export async function rebuildAggregates(tx: SqlExecutor, websiteId: string, zone: string): Promise<void> {
  for (const table of ['an_experiment_counts', 'an_day_totals', 'an_day_visitors', 'an_funnel_days', 'an_funnel_times'])
    await tx.query(`DELETE FROM ${table} WHERE website_id = $1`, [websiteId]);
  await tx.query(
    `INSERT INTO an_experiment_counts (website_id, experiment_id, variant, visitors, conversions)
     SELECT website_id, experiment_id, variant, count(*), count(converted_at) FROM an_exposures WHERE website_id = $1 GROUP BY website_id, experiment_id, variant`,
    [websiteId],
  );
  const day = (column: string) => `(${column} AT TIME ZONE $2)::date`;
  await tx.query(
    `INSERT INTO an_day_totals (website_id, kind, key, day, n1, n2, n3)
     SELECT $1, 'page', page, ${day('hour')}, sum(views), sum(organic), sum(landings) FROM an_page_hours WHERE website_id = $1 GROUP BY page, ${day('hour')}
     UNION ALL
     SELECT $1, 'cta', cta_id, ${day('hour')}, sum(impressions), sum(clicks), sum(holdouts) FROM an_cta_hours WHERE website_id = $1 GROUP BY cta_id, ${day('hour')}
     UNION ALL
     SELECT $1, 'goal', goal_id, ${day('time')}, count(*), sum(value::text::numeric), 0 FROM an_conversions WHERE website_id = $1 GROUP BY goal_id, ${day('time')}`,
    [websiteId, zone],
  );
  const conversions = await tx.query<{
    goal_id: string;
    time: Date | string;
    value: number;
    touchpoints: StoredTouchpoint[];
  }>(
    `SELECT goal_id, time, value, touchpoints FROM an_conversions WHERE website_id = $1 AND jsonb_array_length(touchpoints) > 0`,
    [websiteId],
  );
  const credits = new AggregateDelta(new LocalDays(zone));
  await runSliced(
    credits.addCredits(
      conversions.rows.map((r) => ({
        goalId: r.goal_id,
        time: new Date(r.time).getTime(),
        value: Number(r.value),
        touchpoints: r.touchpoints,
      })),
      1,
    ),
    new TimeSlice(),
  );
  await applyDelta(tx, websiteId, credits);
  // The funnels' best attempts, person by person (pages of visitors: the attempts of a large website do not fit in memory at once).
  for (let after = ''; ;) {
    const page = await tx.query<{ distinct_id: string }>(
      'SELECT distinct_id FROM an_visitors WHERE website_id = $1 AND distinct_id > $2 ORDER BY distinct_id LIMIT 2000',
      [websiteId, after],
    );
    if (page.rows.length === 0) break;
    after = page.rows[page.rows.length - 1]!.distinct_id;
    const attempts = await tx.query<{
      distinct_id: string;
      funnel_id: string;
      start_at: Date | string;
      reached: number;
      step_times: number[];
      breakdown: string | null;
    }>(
      'SELECT distinct_id, funnel_id, start_at, reached, step_times, breakdown FROM an_funnel_attempts WHERE website_id = $1 AND distinct_id = ANY($2::text[])',
      [websiteId, page.rows.map((r) => r.distinct_id)],
    );
    const byPerson = new Map<string, VisitorFacts['funnelAttempts']>();
    for (const r of attempts.rows) {
      const list = byPerson.get(r.distinct_id) ?? [];
      list.push({
        funnelId: r.funnel_id,
        start: new Date(r.start_at).getTime(),
        reached: Number(r.reached),
        stepTimes: r.step_times.map(Number),
        breakdown: r.breakdown,
      });
      byPerson.set(r.distinct_id, list);
    }
    const funnels = new AggregateDelta(new LocalDays(zone));
    for (const list of byPerson.values()) funnels.addFunnels(list, 1);
    await applyDelta(tx, websiteId, funnels);
  }
  await tx.query(
    `WITH active AS (
       SELECT DISTINCT 'page' AS kind, page AS key, distinct_id, ${day('hour')} AS day FROM an_page_hours WHERE website_id = $1
       UNION ALL SELECT DISTINCT 'pages', '', distinct_id, ${day('hour')} FROM an_page_hours WHERE website_id = $1
       UNION ALL SELECT DISTINCT 'cta', cta_id, distinct_id, ${day('hour')} FROM an_cta_hours WHERE website_id = $1 AND impressions > 0
       UNION ALL SELECT DISTINCT 'ctas', '', distinct_id, ${day('hour')} FROM an_cta_hours WHERE website_id = $1 AND impressions > 0
       UNION ALL SELECT DISTINCT 'goals', '', distinct_id, ${day('time')} FROM an_conversions WHERE website_id = $1
     ), paired AS (
       SELECT kind, key, day, coalesce(lag(day) OVER (PARTITION BY kind, key, distinct_id ORDER BY day), '-infinity'::date) AS prev_day FROM active
     )
     INSERT INTO an_day_visitors (website_id, kind, key, day, prev_day, visitors)
     SELECT $1, kind, key, day, prev_day, count(*) FROM paired GROUP BY kind, key, day, prev_day`,
    [websiteId, zone],
  );
}

/**
 * Adds the delta to the website's aggregates. Rows go in key order (a function scan keeps the
 * array's order), so concurrent writers lock the rows they share in the same order.
 */
export async function applyDelta(tx: SqlExecutor, websiteId: string, delta: AggregateDelta): Promise<void> {
  const experiments = [...delta.experiments]
    .filter(([, [v, c]]) => v !== 0 || c !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (experiments.length > 0) {
    await tx.query(
      `INSERT INTO an_experiment_counts AS t (website_id, experiment_id, variant, visitors, conversions)
       SELECT $1, r.e, r.v, r.n, r.c FROM jsonb_to_recordset($2::jsonb) AS r(e text, v text, n integer, c integer)
       ON CONFLICT (website_id, experiment_id, variant) DO UPDATE SET visitors = t.visitors + excluded.visitors, conversions = t.conversions + excluded.conversions`,
      [
        websiteId,
        JSON.stringify(
          experiments.map(([key, [n, c]]) => {
            const [e, v] = JSON.parse(key) as [string, string];
            return { e, v, n, c };
          }),
        ),
      ],
    );
  }
  const totals = [...delta.totals]
    .filter(([, v]) => v.some((x) => x !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (totals.length > 0) {
    await tx.query(
      `INSERT INTO an_day_totals AS t (website_id, kind, key, day, n1, n2, n3)
       SELECT $1, r.k, r.y, r.d, r.a, r.b, r.c FROM jsonb_to_recordset($2::jsonb) AS r(k text, y text, d date, a numeric, b numeric, c numeric)
       ON CONFLICT (website_id, kind, key, day) DO UPDATE SET n1 = t.n1 + excluded.n1, n2 = t.n2 + excluded.n2, n3 = t.n3 + excluded.n3`,
      [
        websiteId,
        JSON.stringify(
          totals.map(([key, [a, b, c]]) => {
            const [k, y, d] = JSON.parse(key) as [string, string, string];
            return { k, y, d, a, b, c };
          }),
        ),
      ],
    );
  }
  const funnelDays = [...delta.funnelDays].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (funnelDays.length > 0) {
    await tx.query(
      `INSERT INTO an_funnel_days AS t (website_id, funnel_id, day, prev_day, bkey, reached, persons)
       SELECT $1, r.f, r.d, r.p, r.b, r.r, r.n FROM jsonb_to_recordset($2::jsonb) AS r(f text, d date, p date, b text, r integer, n integer)
       ON CONFLICT (website_id, funnel_id, day, prev_day, bkey, reached) DO UPDATE SET persons = t.persons + excluded.persons`,
      [
        websiteId,
        JSON.stringify(
          funnelDays.map(([key, n]) => {
            const [f, d, p, b, r] = JSON.parse(key) as [string, string, string, string, number];
            return { f, d, p, b, r, n };
          }),
        ),
      ],
    );
  }
  const funnelTimes = [...delta.funnelTimes]
    .filter(([, n]) => n !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (funnelTimes.length > 0) {
    await tx.query(
      `INSERT INTO an_funnel_times AS t (website_id, funnel_id, day, prev_day, bkey, step, ms, persons)
       SELECT $1, r.f, r.d, r.p, r.b, r.s, r.m, r.n FROM jsonb_to_recordset($2::jsonb) AS r(f text, d date, p date, b text, s integer, m double precision, n integer)
       ON CONFLICT (website_id, funnel_id, day, prev_day, bkey, step, ms) DO UPDATE SET persons = t.persons + excluded.persons`,
      [
        websiteId,
        JSON.stringify(
          funnelTimes.map(([key, n]) => {
            const [f, d, p, b, st, m] = JSON.parse(key) as [string, string, string, string, number, number];
            return { f, d, p, b, s: st, m, n };
          }),
        ),
      ],
    );
  }
  const visitors = [...delta.visitors].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (visitors.length > 0) {
    await tx.query(
      `INSERT INTO an_day_visitors AS t (website_id, kind, key, day, prev_day, visitors)
       SELECT $1, r.k, r.y, r.d, r.p, r.n FROM jsonb_to_recordset($2::jsonb) AS r(k text, y text, d date, p date, n integer)
       ON CONFLICT (website_id, kind, key, day, prev_day) DO UPDATE SET visitors = t.visitors + excluded.visitors`,
      [
        websiteId,
        JSON.stringify(
          visitors.map(([key, n]) => {
            const [k, y, d, p] = JSON.parse(key) as [string, string, string, string];
            return { k, y, d, p, n };
          }),
        ),
      ],
    );
  }
}

/** Whether the website's aggregates are kept in its current timezone (else the reports read the per-visitor rows). */
export async function aggregatesReady(db: SqlExecutor, websiteId: string, timeZone: string): Promise<boolean> {
  const found = await db.query<{ timezone: string; version: number }>(
    'SELECT timezone, version FROM an_aggregate_zones WHERE website_id = $1',
    [websiteId],
  );
  return found.rows[0]?.timezone === timeZone && Number(found.rows[0].version) === AGGREGATES_VERSION;
}

/** Days as the reports take them (inclusive, YYYY-MM-DD of the website's timezone). */
export interface DayRange {
  from: string;
  to: string;
}

/** Per key of a kind: the sums over the days. */
export async function dayTotals(
  db: SqlExecutor,
  websiteId: string,
  kind: 'page' | 'cta' | 'goal',
  days: DayRange,
): Promise<Map<string, [number, number, number]>> {
  const found = await db.query<{ key: string; n1: string | number; n2: string | number; n3: string | number }>(
    `SELECT key, sum(n1) AS n1, sum(n2) AS n2, sum(n3) AS n3 FROM an_day_totals
      WHERE website_id = $1 AND kind = $2 AND day >= $3::date AND day <= $4::date GROUP BY key`,
    [websiteId, kind, days.from, days.to],
  );
  return new Map(found.rows.map((r) => [r.key, [Number(r.n1), Number(r.n2), Number(r.n3)]]));
}

/** Per key of a kind: the distinct visitors active in the days. */
export async function dayVisitors(
  db: SqlExecutor,
  websiteId: string,
  kind: 'page' | 'pages' | 'cta' | 'ctas' | 'goals',
  days: DayRange,
): Promise<Map<string, number>> {
  const found = await db.query<{ key: string; n: string | number }>(
    `SELECT key, sum(visitors) AS n FROM an_day_visitors
      WHERE website_id = $1 AND kind = $2 AND day >= $3::date AND day <= $4::date AND prev_day < $3::date GROUP BY key`,
    [websiteId, kind, days.from, days.to],
  );
  return new Map(found.rows.map((r) => [r.key, Number(r.n)]));
}

/**
 * Per period (day, week or month of the days; the first and last cut by the range) as the
 * "YYYY-MM-DDT00:00" keys of the reports: page views, organic views and visitors (`pages`), CTA
 * impressions and clicks (`ctas`), conversions and their value (`goals`).
 */
export async function periodSeries(
  db: SqlExecutor,
  websiteId: string,
  days: DayRange,
  interval: 'day' | 'week' | 'month',
) {
  const period = `date_trunc($4, day::timestamp)`;
  const found = await db.query<{
    period: string;
    kind: string;
    a: string | number;
    b: string | number;
    c: string | number;
  }>(
    `SELECT to_char(${period}, 'YYYY-MM-DD"T"HH24:MI') AS period, 'pages' AS kind, sum(n1) AS a, sum(n2) AS b, 0 AS c
       FROM an_day_totals WHERE website_id = $1 AND kind = 'page' AND day >= $2::date AND day <= $3::date GROUP BY 1 HAVING sum(n1) > 0
     UNION ALL
     SELECT to_char(${period}, 'YYYY-MM-DD"T"HH24:MI'), 'visitors', 0, 0, sum(visitors)
       FROM an_day_visitors WHERE website_id = $1 AND kind = 'pages' AND key = '' AND day >= $2::date AND day <= $3::date
        AND prev_day < greatest(${period}::date, $2::date) GROUP BY 1 HAVING sum(visitors) > 0
     UNION ALL
     SELECT to_char(${period}, 'YYYY-MM-DD"T"HH24:MI'), 'ctas', sum(n1), sum(n2), 0
       FROM an_day_totals WHERE website_id = $1 AND kind = 'cta' AND day >= $2::date AND day <= $3::date GROUP BY 1 HAVING sum(n1) + sum(n2) + sum(n3) > 0
     UNION ALL
     SELECT to_char(${period}, 'YYYY-MM-DD"T"HH24:MI'), 'goals', sum(n1), sum(n2), 0
       FROM an_day_totals WHERE website_id = $1 AND kind = 'goal' AND day >= $2::date AND day <= $3::date GROUP BY 1 HAVING sum(n1) > 0
     ORDER BY 1`,
    [websiteId, days.from, days.to, interval],
  );
  return found.rows.map((r) => ({ period: r.period, kind: r.kind, a: Number(r.a), b: Number(r.b), c: Number(r.c) }));
}

/** `pageTotals` (./reports.ts) from the aggregates: per page with views in the days, most viewed first. */
export async function pageTotalsOfDays(db: SqlExecutor, websiteId: string, days: DayRange) {
  const found = await db.query<{
    page: string;
    views: string | number;
    organic: string | number;
    landings: string | number;
    visitors: string | number;
  }>(
    `SELECT t.key AS page, t.views, t.organic, t.landings, coalesce(v.n, 0) AS visitors
       FROM (SELECT key, sum(n1) AS views, sum(n2) AS organic, sum(n3) AS landings FROM an_day_totals
              WHERE website_id = $1 AND kind = 'page' AND day >= $2::date AND day <= $3::date GROUP BY key HAVING sum(n1) > 0) t
       LEFT JOIN (SELECT key, sum(visitors) AS n FROM an_day_visitors
                   WHERE website_id = $1 AND kind = 'page' AND day >= $2::date AND day <= $3::date AND prev_day < $2::date GROUP BY key) v ON v.key = t.key
      ORDER BY t.views DESC, t.key LIMIT 5000`,
    [websiteId, days.from, days.to],
  );
  return found.rows.map((r) => ({
    page: r.page,
    views: Number(r.views),
    organic: Number(r.organic),
    landings: Number(r.landings),
    visitors: Number(r.visitors),
  }));
}

/** `ctaTotals` (./reports.ts, without a campaign) from the aggregates: per CTA with rows in the days. */
export async function ctaTotalsOfDays(
  db: SqlExecutor,
  websiteId: string,
  days: DayRange,
): Promise<Map<string, { impressions: number; clicks: number; visitors: number }>> {
  const found = await db.query<{
    cta_id: string;
    impressions: string | number;
    clicks: string | number;
    visitors: string | number;
  }>(
    `SELECT t.key AS cta_id, t.impressions, t.clicks, coalesce(v.n, 0) AS visitors
       FROM (SELECT key, sum(n1) AS impressions, sum(n2) AS clicks FROM an_day_totals
              WHERE website_id = $1 AND kind = 'cta' AND day >= $2::date AND day <= $3::date GROUP BY key HAVING sum(n1) + sum(n2) + sum(n3) > 0) t
       LEFT JOIN (SELECT key, sum(visitors) AS n FROM an_day_visitors
                   WHERE website_id = $1 AND kind = 'cta' AND day >= $2::date AND day <= $3::date AND prev_day < $2::date GROUP BY key) v ON v.key = t.key`,
    [websiteId, days.from, days.to],
  );
  return new Map(
    found.rows.map((r) => [
      r.cta_id,
      { impressions: Number(r.impressions), clicks: Number(r.clicks), visitors: Number(r.visitors) },
    ]),
  );
}

/** The website's totals over the days: visitors with page views, with a CTA impression, with a conversion; conversions and their value. */
export async function websiteTotalsOfDays(db: SqlExecutor, websiteId: string, days: DayRange) {
  const found = await db.query<{
    visitors: string | number | null;
    exposed: string | number | null;
    converting: string | number | null;
    conversions: string | number | null;
    value: string | number | null;
  }>(
    `SELECT (SELECT sum(visitors) FROM an_day_visitors WHERE website_id = $1 AND kind = 'pages' AND key = '' AND day >= $2::date AND day <= $3::date AND prev_day < $2::date) AS visitors,
            (SELECT sum(visitors) FROM an_day_visitors WHERE website_id = $1 AND kind = 'ctas' AND key = '' AND day >= $2::date AND day <= $3::date AND prev_day < $2::date) AS exposed,
            (SELECT sum(visitors) FROM an_day_visitors WHERE website_id = $1 AND kind = 'goals' AND key = '' AND day >= $2::date AND day <= $3::date AND prev_day < $2::date) AS converting,
            (SELECT sum(n1) FROM an_day_totals WHERE website_id = $1 AND kind = 'goal' AND day >= $2::date AND day <= $3::date) AS conversions,
            (SELECT sum(n2) FROM an_day_totals WHERE website_id = $1 AND kind = 'goal' AND day >= $2::date AND day <= $3::date) AS value`,
    [websiteId, days.from, days.to],
  );
  const r = found.rows[0];
  return {
    visitors: Number(r?.visitors ?? 0),
    exposed: Number(r?.exposed ?? 0),
    converting: Number(r?.converting ?? 0),
    conversions: Number(r?.conversions ?? 0),
    value: Number(r?.value ?? 0),
  };
}

/**
 * The attribution credits (lookback AGGREGATED_LOOKBACK_DAYS) of a goal's conversions in the days,
 * per CTA on their paths: what `attribute` answers for those conversions.
 */
export async function creditsOfDays(
  db: SqlExecutor,
  websiteId: string,
  goalId: string,
  model: AttributionModel,
  days: DayRange,
): Promise<Map<string, CtaCredit>> {
  const found = await db.query<{
    kind: string;
    key: string;
    n1: string | number;
    n2: string | number;
    n3: string | number;
  }>(
    `SELECT kind, key, sum(n1) AS n1, sum(n2) AS n2, sum(n3) AS n3 FROM an_day_totals
      WHERE website_id = $1 AND kind IN ('assist', $2) AND starts_with(key, $3) AND day >= $4::date AND day <= $5::date GROUP BY kind, key`,
    [websiteId, `credit:${model}`, `${goalId} `, days.from, days.to],
  );
  const credits = new Map<string, CtaCredit>();
  const prefix = goalId.length + 1;
  for (const r of found.rows) {
    if (r.kind !== 'assist' || !(Number(r.n3) > 0)) continue;
    credits.set(r.key.slice(prefix), {
      conversions: 0,
      revenue: 0,
      assistedConversions: Number(r.n1),
      assistedRevenue: Number(r.n2),
    });
  }
  for (const r of found.rows) {
    const credit = credits.get(r.key.slice(prefix));
    if (!credit) continue;
    if (model === 'assist' && r.kind === 'assist')
      Object.assign(credit, { conversions: credit.assistedConversions, revenue: credit.assistedRevenue });
    if (r.kind === `credit:${model}`) Object.assign(credit, { conversions: Number(r.n1), revenue: Number(r.n2) });
  }
  return credits;
}

/**
 * A funnel's results from `an_funnel_days` and `an_funnel_times`, for a range whose last day is on
 * or after the funnel's last attempt (null otherwise: the caller reads the attempts): what
 * `funnelResults` answers for the counted attempts of the range.
 */
export async function funnelOfDays(
  db: SqlExecutor,
  websiteId: string,
  funnel: { id: string; steps: readonly { event: string }[]; breakdown: string | null },
  days: DayRange,
) {
  const last = await db.query<{ day: string | null }>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM an_funnel_days WHERE website_id = $1 AND funnel_id = $2 AND persons <> 0`,
    [websiteId, funnel.id],
  );
  const lastDay = last.rows[0]?.day ?? null;
  if (lastDay !== null && lastDay > days.to) return null;
  const reached = await db.query<{ bkey: string; reached: number; n: string | number }>(
    `SELECT bkey, reached, sum(persons) AS n FROM an_funnel_days
      WHERE website_id = $1 AND funnel_id = $2 AND day >= $3::date AND day <= $4::date AND prev_day < $3::date GROUP BY bkey, reached`,
    [websiteId, funnel.id, days.from, days.to],
  );
  const times = await db.query<{ bkey: string; step: number; ms: number; n: string | number }>(
    `SELECT bkey, step, ms, sum(persons) AS n FROM an_funnel_times
      WHERE website_id = $1 AND funnel_id = $2 AND day >= $3::date AND day <= $4::date AND prev_day < $3::date
      GROUP BY bkey, step, ms HAVING sum(persons) <> 0 ORDER BY bkey, step, ms`,
    [websiteId, funnel.id, days.from, days.to],
  );
  type Group = { reached: number[]; times: Map<number, [number, number][]> };
  const groups = new Map<string, Group>();
  const group = (bkey: string) => {
    let g = groups.get(bkey);
    if (!g) groups.set(bkey, (g = { reached: funnel.steps.map(() => 0), times: new Map() }));
    return g;
  };
  for (const r of reached.rows) {
    const n = Number(r.n);
    if (n === 0) continue;
    const g = group(r.bkey);
    for (let k = 0; k < Number(r.reached) && k < funnel.steps.length; k++) g.reached[k]! += n;
  }
  for (const r of times.rows) {
    const g = group(r.bkey);
    const list = g.times.get(Number(r.step)) ?? [];
    list.push([Number(r.ms), Number(r.n)]);
    g.times.set(Number(r.step), list);
  }
  const stepsOf = (list: Group[]): FunnelStepResult[] => {
    const counts = funnel.steps.map((_, k) => list.reduce((s, g) => s + g.reached[k]!, 0));
    return funnel.steps.map((step, k) => {
      const count = counts[k]!;
      if (k === 0)
        return {
          event: step.event,
          count,
          conversionFromFirst: share(count, counts[0]!),
          conversionFromPrevious: null,
          dropOff: null,
          meanSecondsFromPrevious: null,
          medianSecondsFromPrevious: null,
        };
      // The times of the persons who reached step k+1, by value (ms), across the groups.
      const merged = new Map<number, number>();
      for (const g of list) for (const [ms, n] of g.times.get(k + 1) ?? []) merged.set(ms, (merged.get(ms) ?? 0) + n);
      const values = [...merged].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
      const total = values.reduce((s, [, n]) => s + n, 0);
      const sum = values.reduce((s, [ms, n]) => s + (ms / 1000) * n, 0);
      return {
        event: step.event,
        count,
        conversionFromFirst: share(count, counts[0]!),
        conversionFromPrevious: share(count, counts[k - 1]!),
        dropOff: counts[k - 1]! - count,
        meanSecondsFromPrevious: total === 0 ? null : sum / total,
        medianSecondsFromPrevious: total === 0 ? null : middle(values, total),
      };
    });
  };
  const all = [...groups.values()];
  const results: { steps: FunnelStepResult[]; breakdown?: { value: string | null; steps: FunnelStepResult[] }[] } = {
    steps: stepsOf(all),
  };
  if (funnel.breakdown !== null) {
    results.breakdown = [...groups]
      .filter(([, g]) => g.reached[0]! > 0)
      .map(([bkey, g]) => ({ value: bkey === '' ? null : bkey.slice(1), steps: stepsOf([g]) }))
      .sort((a, b) => b.steps[0]!.count - a.steps[0]!.count || compareValues(a.value, b.value));
  }
  return results;
}

const share = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** The median (seconds) of values given as [ms, how many] in order: the middle one, or the mean of the two middle ones. */
function middle(values: readonly [number, number][], total: number): number {
  const at = (rank: number) => {
    let seen = 0;
    for (const [ms, n] of values) {
      seen += n;
      if (rank < seen) return ms / 1000;
    }
    return values[values.length - 1]![0] / 1000;
  };
  const mid = total >>> 1;
  return total % 2 === 1 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function compareValues(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
