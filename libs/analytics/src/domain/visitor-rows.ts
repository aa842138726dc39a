import { eventMatches, type EventFilter, type FilterableEvent } from './event-filters.js';
import { personAttempts, type FunnelStep } from './funnel.js';

/**
 * What one visitor's stored events add to the analytics read models
 * (libs/analytics/src/read/analytics-schema.ts). Pure: the projector loads the visitor's events
 * and the website's goals, experiments and funnels, calls `visitorRows`, and replaces the
 * visitor's rows with the answer. Definitions: DESIGN.md "Analytics definitions".
 */

export interface VisitorEvent extends FilterableEvent {
  id: string;
  /** Epoch milliseconds. */
  time: number;
  bot: boolean;
  referrerClass: string | null;
}

export interface GoalConfig {
  id: string;
  type: 'count' | 'value';
  event: string;
  filters: readonly EventFilter[];
  currency: string | null;
}

export interface ExperimentConfig {
  id: string;
  goalId: string | null;
}

export interface FunnelConfig {
  id: string;
  steps: readonly FunnelStep[];
  windowSeconds: number;
  breakdown: string | null;
}

export interface WebsiteConfig {
  goals: readonly GoalConfig[];
  experiments: readonly ExperimentConfig[];
  funnels: readonly FunnelConfig[];
}

/** A touchpoint as stored on a conversion: CTA id, epoch ms, impression or click. */
export type StoredTouchpoint = [string, number, 'i' | 'c'];

export interface VisitorRows {
  visitor: { firstSeen: number; lastSeen: number; events: number; bot: boolean };
  exposures: { experimentId: string; variant: string; firstAt: number; convertedAt: number | null }[];
  conversions: { goalId: string; eventId: string; time: number; value: number; currency: string | null; touchpoints: StoredTouchpoint[] }[];
  ctaHours: { ctaId: string; campaignId: string; hour: number; impressions: number; clicks: number; holdouts: number; firstImpressionAt: number | null; firstHoldoutAt: number | null }[];
  pageHours: { page: string; hour: number; views: number; organic: number; landings: number }[];
  funnelAttempts: { funnelId: string; start: number; reached: number; stepTimes: number[]; breakdown: string | null }[];
}

const HOUR_MS = 3_600_000;
/** Touchpoints kept on a conversion: those of the year before it, at most the last 200. */
export const TOUCHPOINT_LOOKBACK_MS = 365 * 86_400_000;
export const TOUCHPOINTS_MAX = 200;
/** A new session starts after 30 minutes without an event (the usual web-analytics rule). */
export const SESSION_GAP_MS = 30 * 60_000;

const hourOf = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;

/** The page a URL names: without query and fragment (null when it is not a URL). */
export function pageOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return null;
  }
}

/** The rows of one visitor. `events` may come in any order; a bot visitor has only its visitor row. */
export function visitorRows(input: readonly VisitorEvent[], config: WebsiteConfig): VisitorRows {
  const events = [...input].sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const bot = events.some((e) => e.bot);
  const rows: VisitorRows = {
    visitor: { firstSeen: events[0]?.time ?? 0, lastSeen: events.at(-1)?.time ?? 0, events: events.length, bot },
    exposures: [],
    conversions: [],
    ctaHours: [],
    pageHours: [],
    funnelAttempts: [],
  };
  if (bot || events.length === 0) return rows;

  // Goals: every matching event is a conversion.
  const goalHits = new Map<string, VisitorEvent[]>();
  for (const goal of config.goals) {
    const hits = events.filter((e) => eventMatches(e, goal));
    goalHits.set(goal.id, hits);
    if (hits.length === 0) continue;
    const touches = events.filter((e) => (e.name === 'cta_impression' || e.name === 'cta_click') && e.ctaId);
    for (const hit of hits) {
      const path = touches.filter((t) => t.time <= hit.time && t.time >= hit.time - TOUCHPOINT_LOOKBACK_MS && t.id !== hit.id);
      rows.conversions.push({
        goalId: goal.id,
        eventId: hit.id,
        time: hit.time,
        value: goal.type === 'value' ? (hit.value ?? 0) : 0,
        currency: goal.type === 'value' ? (hit.currency ?? goal.currency) : null,
        touchpoints: path.slice(-TOUCHPOINTS_MAX).map((t): StoredTouchpoint => [t.ctaId!, t.time, t.name === 'cta_click' ? 'c' : 'i']),
      });
    }
  }

  // Experiments: first exposure per variant, then the first goal event at or after it.
  for (const experiment of config.experiments) {
    const firstByVariant = new Map<string, number>();
    for (const e of events) {
      if (e.name !== 'experiment_exposure' || e.experimentId !== experiment.id || !e.variant) continue;
      if (!firstByVariant.has(e.variant)) firstByVariant.set(e.variant, e.time);
    }
    const hits = experiment.goalId ? (goalHits.get(experiment.goalId) ?? []) : [];
    for (const [variant, firstAt] of firstByVariant) {
      const converted = hits.find((h) => h.time >= firstAt);
      rows.exposures.push({ experimentId: experiment.id, variant, firstAt, convertedAt: converted ? converted.time : null });
    }
  }

  // CTAs per hour.
  const ctaHours = new Map<string, VisitorRows['ctaHours'][number]>();
  for (const e of events) {
    const kind = e.name === 'cta_impression' ? 'impressions' : e.name === 'cta_click' ? 'clicks' : e.name === 'cta_holdout' ? 'holdouts' : null;
    if (!kind || !e.ctaId) continue;
    const hour = hourOf(e.time);
    const key = JSON.stringify([e.ctaId, e.campaignId ?? '', hour]);
    let row = ctaHours.get(key);
    if (!row) {
      row = { ctaId: e.ctaId, campaignId: e.campaignId ?? '', hour, impressions: 0, clicks: 0, holdouts: 0, firstImpressionAt: null, firstHoldoutAt: null };
      ctaHours.set(key, row);
    }
    row[kind] += 1;
    if (kind === 'impressions' && row.firstImpressionAt === null) row.firstImpressionAt = e.time;
    if (kind === 'holdouts' && row.firstHoldoutAt === null) row.firstHoldoutAt = e.time;
  }
  rows.ctaHours = [...ctaHours.values()];

  // Pages per hour: views, organic views, and session starts (a view after 30 minutes without events, or the first).
  const pageHours = new Map<string, VisitorRows['pageHours'][number]>();
  let previous: number | null = null;
  let sessionLanded = false;
  for (const e of events) {
    if (previous === null || e.time - previous > SESSION_GAP_MS) sessionLanded = false;
    previous = e.time;
    if (e.name !== 'page_view') continue;
    const page = pageOf(e.url);
    if (!page) continue;
    const hour = hourOf(e.time);
    const key = JSON.stringify([page, hour]);
    let row = pageHours.get(key);
    if (!row) {
      row = { page, hour, views: 0, organic: 0, landings: 0 };
      pageHours.set(key, row);
    }
    row.views += 1;
    if (e.referrerClass === 'organic') row.organic += 1;
    if (!sessionLanded) {
      row.landings += 1;
      sessionLanded = true;
    }
  }
  rows.pageHours = [...pageHours.values()];

  // Funnels: every attempt (two step-1 events at the same moment are one attempt: the one reaching further).
  for (const funnel of config.funnels) {
    const byStart = new Map<number, VisitorRows['funnelAttempts'][number]>();
    for (const attempt of personAttempts(events, funnel.steps, funnel.windowSeconds * 1000, funnel.breakdown)) {
      const kept = byStart.get(attempt.start);
      if (kept && kept.reached >= attempt.reached) continue;
      byStart.set(attempt.start, { funnelId: funnel.id, start: attempt.start, reached: attempt.reached, stepTimes: attempt.stepTimes, breakdown: attempt.breakdown });
    }
    rows.funnelAttempts.push(...byStart.values());
  }
  return rows;
}
