import { storedEventsOfVisitors } from '#libs/cro/src/projections/tracking.js';
import {
  ANALYTICS_DEFINITION_PROJECTIONS,
  analyticsDefinitions,
  definitionFingerprints,
} from '#libs/cro/src/projections/queries.js';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import { eachSliced, TimeSlice } from '#libs/platform/src/yielding.js';
import type { EventFilter } from '../domain/event-filters.js';
import type { FunnelStep } from '../domain/funnel.js';
import type { StoredTouchpoint, VisitorEvent, VisitorRows, WebsiteConfig } from '../domain/visitor-rows.js';
import { AggregateDelta, applyDelta, factsOf, lockAggregates, type VisitorFacts } from './aggregates.js';

/** Events read per visitor when its rows are recomputed: the most recent ones beyond this are left out. */
export const EVENTS_PER_VISITOR_MAX = 5_000;

/**
 * Claims up to `limit` queued visitors (oldest first) and removes them from the queue, in the
 * caller's transaction: if it rolls back they are queued again. `SKIP LOCKED` lets several
 * processes share the queue. A visitor whose new events commit while its rows are recomputed is
 * queued again by that insert, so nothing is missed.
 */
export async function claimPending(
  tx: SqlExecutor,
  limit: number,
): Promise<{ websiteId: string; distinctId: string; queuedAt: Date }[]> {
  // A visitor set aside (`setAside`) waits in the queue until its retry time.
  const found = await tx.query<{ website_id: string; distinct_id: string; queued_at: Date | string }>(
    `DELETE FROM analytics_pending p
      USING (SELECT q.website_id, q.distinct_id FROM analytics_pending q
              WHERE NOT EXISTS (SELECT 1 FROM an_set_aside s WHERE s.website_id = q.website_id AND s.distinct_id = q.distinct_id AND s.retry_at > now())
              ORDER BY q.queued_at LIMIT $1 FOR UPDATE OF q SKIP LOCKED) c
      WHERE p.website_id = c.website_id AND p.distinct_id = c.distinct_id
      RETURNING p.website_id, p.distinct_id, p.queued_at`,
    [limit],
  );
  return found.rows.map((r) => ({
    websiteId: r.website_id,
    distinctId: r.distinct_id,
    queuedAt: new Date(r.queued_at),
  }));
}

/**
 * Claims one queued visitor (the projector's failure isolation: a batch that failed is done again
 * one visitor at a time). False when it is no longer queued or another transaction holds it.
 */
export async function claimVisitor(tx: SqlExecutor, websiteId: string, distinctId: string): Promise<boolean> {
  const found = await tx.query(
    `DELETE FROM analytics_pending p
      USING (SELECT website_id, distinct_id FROM analytics_pending WHERE website_id = $1 AND distinct_id = $2 FOR UPDATE SKIP LOCKED) c
      WHERE p.website_id = c.website_id AND p.distinct_id = c.distinct_id
      RETURNING p.distinct_id`,
    [websiteId, distinctId],
  );
  return found.rows.length > 0;
}

/** The first wait before a set-aside visitor is tried again; it doubles with each failure, up to SET_ASIDE_MAX_MS. */
export const SET_ASIDE_FIRST_MS = 60_000;
export const SET_ASIDE_MAX_MS = 6 * 3_600_000;
/** The error kept for operators: its first characters. */
const ERROR_KEPT = 500;

/**
 * Sets a visitor aside after its rows failed: recorded with the error, the attempts so far and the
 * time of the next try (back-off); its queue entry stays and is claimed again from then on.
 */
export async function setAside(db: SqlExecutor, websiteId: string, distinctId: string, error: string): Promise<void> {
  await db.query(
    `INSERT INTO analytics_pending (website_id, distinct_id, queued_at) VALUES ($1, $2, now()) ON CONFLICT (website_id, distinct_id) DO NOTHING`,
    [websiteId, distinctId],
  );
  await db.query(
    `INSERT INTO an_set_aside AS s (website_id, distinct_id, attempts, error, failed_at, retry_at)
     VALUES ($1, $2, 1, $3, now(), now() + $4 * interval '1 millisecond')
     ON CONFLICT (website_id, distinct_id) DO UPDATE
       SET attempts = s.attempts + 1, error = $3, failed_at = now(),
           retry_at = now() + least($5::double precision, $4 * power(2, s.attempts)) * interval '1 millisecond'`,
    [websiteId, distinctId, error.slice(0, ERROR_KEPT), SET_ASIDE_FIRST_MS, SET_ASIDE_MAX_MS],
  );
}

/** Forgets the failures of visitors whose rows were just written. */
export async function clearSetAside(tx: SqlExecutor, websiteId: string, distinctIds: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM an_set_aside WHERE website_id = $1 AND distinct_id = ANY($2::text[])', [
    websiteId,
    [...distinctIds],
  ]);
}

export interface SetAsideVisitor {
  websiteId: string;
  distinctId: string;
  attempts: number;
  error: string;
  failedAt: string;
  retryAt: string;
}

/** The visitors set aside (operators: `/api/health`, `GET /api/admin/analytics/set-aside`), most recent failure first. */
export async function setAsideVisitors(
  db: SqlExecutor,
  limit = 100,
): Promise<{ total: number; visitors: SetAsideVisitor[] }> {
  const total = await db.query<{ n: string | number }>('SELECT count(*) AS n FROM an_set_aside');
  const found = await db.query<{
    website_id: string;
    distinct_id: string;
    attempts: number;
    error: string;
    failed_at: Date | string;
    retry_at: Date | string;
  }>(
    'SELECT website_id, distinct_id, attempts, error, failed_at, retry_at FROM an_set_aside ORDER BY failed_at DESC LIMIT $1',
    [limit],
  );
  const iso = (t: Date | string) => new Date(t).toISOString();
  return {
    total: Number(total.rows[0]?.n ?? 0),
    visitors: found.rows.map((r) => ({
      websiteId: r.website_id,
      distinctId: r.distinct_id,
      attempts: Number(r.attempts),
      error: r.error,
      failedAt: iso(r.failed_at),
      retryAt: iso(r.retry_at),
    })),
  };
}

/** The projector as a whole (`an_projector_state`): failing since when and why, or not. */
export async function projectorState(db: SqlExecutor): Promise<{ failingSince: string | null; error: string | null }> {
  const found = await db.query<{ failing_since: Date | string | null; error: string | null }>(
    'SELECT failing_since, error FROM an_projector_state WHERE id = 1',
  );
  const row = found.rows[0];
  return {
    failingSince: row?.failing_since ? new Date(row.failing_since).toISOString() : null,
    error: row?.error ?? null,
  };
}

/** Records that the projector fails as a whole (`error`) or works again (null). */
export async function recordProjectorState(db: SqlExecutor, error: string | null): Promise<void> {
  await db.query(
    `INSERT INTO an_projector_state AS s (id, failing_since, error, changed_at) VALUES (1, CASE WHEN $1::text IS NULL THEN NULL ELSE now() END, $1, now())
     ON CONFLICT (id) DO UPDATE SET failing_since = CASE WHEN $1::text IS NULL THEN NULL ELSE coalesce(s.failing_since, now()) END, error = $1, changed_at = now()`,
    [error === null ? null : error.slice(0, ERROR_KEPT)],
  );
}

/** How many visitors of a website wait to be recomputed (a report's "still computing"). */
export async function pendingVisitors(db: SqlExecutor, websiteId: string): Promise<number> {
  const found = await db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM analytics_pending WHERE website_id = $1',
    [websiteId],
  );
  return Number(found.rows[0]?.n ?? 0);
}

/**
 * The stored events of some visitors of a website, by visitor: each visitor's most recent
 * EVENTS_PER_VISITOR_MAX (the database reads no more than that, however many a visitor sent), one
 * per id (an id stored twice before the identity of migration cro-events 7 counts once).
 */
export async function visitorEvents(
  db: SqlExecutor,
  websiteId: string,
  distinctIds: readonly string[],
): Promise<Map<string, VisitorEvent[]>> {
  const rows = await storedEventsOfVisitors(db, websiteId, distinctIds, EVENTS_PER_VISITOR_MAX);
  const byVisitor = new Map<string, VisitorEvent[]>();
  const seen = new Map<string, Set<string>>();
  for (const r of rows) {
    let list = byVisitor.get(r.distinct_id);
    let ids = seen.get(r.distinct_id);
    if (!list || !ids) {
      byVisitor.set(r.distinct_id, (list = []));
      seen.set(r.distinct_id, (ids = new Set()));
    }
    if (ids.has(r.id)) continue;
    ids.add(r.id);
    list.push({
      id: r.id,
      name: r.name,
      time: new Date(r.time).getTime(),
      url: r.url,
      referrer: r.referrer,
      utm: r.utm as VisitorEvent['utm'],
      ctaId: r.cta_id,
      campaignId: r.campaign_id,
      experimentId: r.experiment_id,
      variant: r.variant,
      value: r.value === null ? null : Number(r.value),
      currency: r.currency,
      properties: (r.properties ?? {}) as VisitorEvent['properties'],
      bot: r.bot === true,
      referrerClass: r.referrer_class,
    });
  }
  return byVisitor;
}

/** The goals, experiments and funnels of a website, as the rows are computed with them. */
export async function websiteConfig(db: SqlExecutor, websiteId: string): Promise<WebsiteConfig> {
  const { goals, experiments, funnels } = await analyticsDefinitions(db, websiteId);
  return {
    goals: (
      goals as {
        id: string;
        fields: { type: 'count' | 'value'; event: string; filters?: EventFilter[] | null; currency?: string | null };
      }[]
    ).map((g) => ({
      id: g.id,
      type: g.fields.type,
      event: g.fields.event,
      filters: g.fields.filters ?? [],
      currency: g.fields.currency ?? null,
    })),
    experiments: experiments.map((e) => ({ id: e.id, goalId: e.goal_id })),
    funnels: (
      funnels as { id: string; fields: { steps: FunnelStep[]; windowSeconds: number; breakdown?: string | null } }[]
    ).map((f) => ({
      id: f.id,
      steps: f.fields.steps,
      windowSeconds: f.fields.windowSeconds,
      breakdown: f.fields.breakdown ?? null,
    })),
  };
}

/** The read models whose records make a website's analytics configuration (their projections' names). */
const CONFIG_PROJECTIONS = [...ANALYTICS_DEFINITION_PROJECTIONS];

/**
 * Where the projections of goals, experiments and funnels stand (their checkpoints, one string):
 * while it stays the same, no website's configuration can have changed, so the fingerprints need
 * not be computed again (`changedConfigs` reads every record of the three read models). Null when
 * a checkpoint is missing (the projections have not run yet): then look every time.
 */
export async function configWatermark(db: SqlExecutor): Promise<string | null> {
  const found = await db.query<{ subscription: string; position: string | null }>(
    'SELECT subscription, position::text AS position FROM es_checkpoints WHERE subscription = ANY($1::text[]) ORDER BY subscription',
    [CONFIG_PROJECTIONS],
  );
  if (found.rows.length < CONFIG_PROJECTIONS.length || found.rows.some((r) => r.position === null)) return null;
  return found.rows.map((r) => `${r.subscription}@${r.position}`).join(',');
}

/**
 * Each website's configuration fingerprint (its goals and funnels by version, its experiments by
 * goal) next to the one its rows were computed with; the websites whose fingerprint changed.
 */
export async function changedConfigs(db: SqlExecutor): Promise<{ websiteId: string; fingerprint: string }[]> {
  const now = await definitionFingerprints(db);
  const recorded = await db.query<{ website_id: string; fingerprint: string }>(
    'SELECT website_id, fingerprint FROM an_config',
  );
  const before = new Map(recorded.rows.map((r) => [r.website_id, r.fingerprint]));
  return [...now]
    .filter(([websiteId, fingerprint]) => before.get(websiteId) !== fingerprint)
    .map(([websiteId, fingerprint]) => ({ websiteId, fingerprint }));
}

/** Records the new fingerprint and queues every visitor of the website to be recomputed with it. */
export async function requeueWebsite(tx: SqlExecutor, websiteId: string, fingerprint: string): Promise<void> {
  await tx.query(
    `INSERT INTO an_config (website_id, fingerprint, changed_at) VALUES ($1, $2, now())
     ON CONFLICT (website_id) DO UPDATE SET fingerprint = $2, changed_at = now()`,
    [websiteId, fingerprint],
  );
  await tx.query(
    `INSERT INTO analytics_pending (website_id, distinct_id, queued_at)
     SELECT website_id, distinct_id, now() FROM an_visitors WHERE website_id = $1
     ON CONFLICT (website_id, distinct_id) DO NOTHING`,
    [websiteId],
  );
}

/**
 * Queues every visitor first seen before `before` (any website) for the projector: the retention
 * removed events of theirs, so their rows are recomputed from what is left. Answers how many.
 */
export async function requeueVisitorsSeenBefore(db: SqlExecutor, before: Date): Promise<number> {
  const queued = await db.query(
    `INSERT INTO analytics_pending (website_id, distinct_id, queued_at)
     SELECT website_id, distinct_id, now() FROM an_visitors WHERE first_seen < $1
     ON CONFLICT (website_id, distinct_id) DO NOTHING`,
    [before],
  );
  return queued.rowCount;
}

const ms = (time: number | null) => (time === null ? null : new Date(time).toISOString());

const epoch = (time: Date | string) => (time instanceof Date ? time : new Date(time)).getTime();

/**
 * Replaces the rows of these visitors of a website with `rows` (one statement per table), and
 * changes the website's aggregates (./aggregates.ts) by the difference between the rows deleted
 * and the rows inserted, in the caller's transaction.
 */
export async function replaceVisitorRows(
  tx: SqlExecutor,
  websiteId: string,
  rows: ReadonlyMap<string, VisitorRows>,
): Promise<void> {
  const ids = [...rows.keys()];
  if (ids.length === 0) return;
  const delta = new AggregateDelta(await lockAggregates(tx, websiteId));
  const old = new Map<string, VisitorFacts>();
  const factsFor = (id: string) => {
    let facts = old.get(id);
    if (!facts)
      old.set(id, (facts = { exposures: [], conversions: [], ctaHours: [], pageHours: [], funnelAttempts: [] }));
    return facts;
  };
  const remove = <T extends { distinct_id: string }>(table: string, returning: string) =>
    tx.query<T>(
      `DELETE FROM ${table} WHERE website_id = $1 AND distinct_id = ANY($2::text[]) RETURNING distinct_id, ${returning}`,
      [websiteId, ids],
    );
  for (const r of (
    await remove<{ distinct_id: string; experiment_id: string; variant: string; converted: boolean }>(
      'an_exposures',
      'experiment_id, variant, converted_at IS NOT NULL AS converted',
    )
  ).rows) {
    factsFor(r.distinct_id).exposures.push({
      experimentId: r.experiment_id,
      variant: r.variant,
      converted: r.converted,
    });
  }
  for (const r of (
    await remove<{
      distinct_id: string;
      goal_id: string;
      time: Date | string;
      value: number;
      touchpoints: StoredTouchpoint[];
    }>('an_conversions', 'goal_id, time, value, touchpoints')
  ).rows) {
    factsFor(r.distinct_id).conversions.push({
      goalId: r.goal_id,
      time: epoch(r.time),
      value: Number(r.value),
      touchpoints: r.touchpoints,
    });
  }
  for (const r of (
    await remove<{
      distinct_id: string;
      cta_id: string;
      hour: Date | string;
      impressions: number;
      clicks: number;
      holdouts: number;
    }>('an_cta_hours', 'cta_id, hour, impressions, clicks, holdouts')
  ).rows) {
    factsFor(r.distinct_id).ctaHours.push({
      ctaId: r.cta_id,
      hour: epoch(r.hour),
      impressions: Number(r.impressions),
      clicks: Number(r.clicks),
      holdouts: Number(r.holdouts),
    });
  }
  for (const r of (
    await remove<{
      distinct_id: string;
      page: string;
      hour: Date | string;
      views: number;
      organic: number;
      landings: number;
    }>('an_page_hours', 'page, hour, views, organic, landings')
  ).rows) {
    factsFor(r.distinct_id).pageHours.push({
      page: r.page,
      hour: epoch(r.hour),
      views: Number(r.views),
      organic: Number(r.organic),
      landings: Number(r.landings),
    });
  }
  for (const r of (
    await remove<{
      distinct_id: string;
      funnel_id: string;
      start_at: Date | string;
      reached: number;
      step_times: number[];
      breakdown: string | null;
    }>('an_funnel_attempts', 'funnel_id, start_at, reached, step_times, breakdown')
  ).rows) {
    factsFor(r.distinct_id).funnelAttempts.push({
      funnelId: r.funnel_id,
      start: epoch(r.start_at),
      reached: Number(r.reached),
      stepTimes: r.step_times.map(Number),
      breakdown: r.breakdown,
    });
  }
  await tx.query('DELETE FROM an_visitors WHERE website_id = $1 AND distinct_id = ANY($2::text[])', [websiteId, ids]);
  // A few visitors at a time, and inside a heavy one every few milliseconds (attribution credits are the costly part): requests are answered between them.
  const slice = new TimeSlice();
  await eachSliced(old.values(), (facts) => delta.addSteps(facts, -1), slice);
  await eachSliced(rows.values(), (visitor) => delta.addSteps(factsOf(visitor), 1), slice);
  const all = [...rows.entries()];
  const insert = async (sql: string, list: unknown[]) => {
    if (list.length > 0) await tx.query(sql, [websiteId, JSON.stringify(list)]);
  };
  await insert(
    `INSERT INTO an_visitors (website_id, distinct_id, first_seen, last_seen, events, bot)
     SELECT $1, r.d, r.f, r.l, r.n, r.b FROM jsonb_to_recordset($2::jsonb) AS r(d text, f timestamptz, l timestamptz, n integer, b boolean)
     ON CONFLICT DO NOTHING`,
    all
      .filter(([, r]) => r.visitor.events > 0)
      .map(([d, r]) => ({
        d,
        f: ms(r.visitor.firstSeen),
        l: ms(r.visitor.lastSeen),
        n: r.visitor.events,
        b: r.visitor.bot,
      })),
  );
  await insert(
    `INSERT INTO an_exposures (website_id, experiment_id, variant, distinct_id, first_at, converted_at)
     SELECT $1, r.e, r.v, r.d, r.f, r.c FROM jsonb_to_recordset($2::jsonb) AS r(e text, v text, d text, f timestamptz, c timestamptz)
     ON CONFLICT DO NOTHING`,
    all.flatMap(([d, r]) =>
      r.exposures.map((x) => ({ e: x.experimentId, v: x.variant, d, f: ms(x.firstAt), c: ms(x.convertedAt) })),
    ),
  );
  await insert(
    `INSERT INTO an_conversions (website_id, goal_id, event_id, distinct_id, time, value, currency, touchpoints)
     SELECT $1, r.g, r.e, r.d, r.t, r.v, r.c, r.p FROM jsonb_to_recordset($2::jsonb) AS r(g text, e text, d text, t timestamptz, v double precision, c text, p jsonb)
     ON CONFLICT DO NOTHING`,
    all.flatMap(([d, r]) =>
      r.conversions.map((x) => ({
        g: x.goalId,
        e: x.eventId,
        d,
        t: ms(x.time),
        v: x.value,
        c: x.currency,
        p: x.touchpoints,
      })),
    ),
  );
  await insert(
    `INSERT INTO an_cta_hours (website_id, cta_id, campaign_id, distinct_id, hour, impressions, clicks, holdouts, first_impression_at, first_holdout_at)
     SELECT $1, r.c, r.k, r.d, r.h, r.i, r.x, r.o, r.fi, r.fo
       FROM jsonb_to_recordset($2::jsonb) AS r(c text, k text, d text, h timestamptz, i integer, x integer, o integer, fi timestamptz, fo timestamptz)
     ON CONFLICT DO NOTHING`,
    all.flatMap(([d, r]) =>
      r.ctaHours.map((x) => ({
        c: x.ctaId,
        k: x.campaignId,
        d,
        h: ms(x.hour),
        i: x.impressions,
        x: x.clicks,
        o: x.holdouts,
        fi: ms(x.firstImpressionAt),
        fo: ms(x.firstHoldoutAt),
      })),
    ),
  );
  await insert(
    `INSERT INTO an_page_hours (website_id, page, distinct_id, hour, views, organic, landings)
     SELECT $1, r.p, r.d, r.h, r.v, r.o, r.l FROM jsonb_to_recordset($2::jsonb) AS r(p text, d text, h timestamptz, v integer, o integer, l integer)
     ON CONFLICT DO NOTHING`,
    all.flatMap(([d, r]) =>
      r.pageHours.map((x) => ({ p: x.page, d, h: ms(x.hour), v: x.views, o: x.organic, l: x.landings })),
    ),
  );
  await insert(
    `INSERT INTO an_funnel_attempts (website_id, funnel_id, distinct_id, start_at, reached, step_times, breakdown)
     SELECT $1, r.f, r.d, r.s, r.r, r.t, r.b FROM jsonb_to_recordset($2::jsonb) AS r(f text, d text, s timestamptz, r integer, t jsonb, b text)
     ON CONFLICT DO NOTHING`,
    all.flatMap(([d, r]) =>
      r.funnelAttempts.map((x) => ({ f: x.funnelId, d, s: ms(x.start), r: x.reached, t: x.stepTimes, b: x.breakdown })),
    ),
  );
  await applyDelta(tx, websiteId, delta);
  await clearSetAside(tx, websiteId, ids);
}
