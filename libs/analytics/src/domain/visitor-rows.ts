import { eventMatches, type EventFilter, type FilterableEvent } from './event-filters.js';
import { personAttempts, type FunnelStep } from './funnel.js';
import { runToEnd, type Steps } from '#libs/platform/src/steps.js';

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
  conversions: {
    goalId: string;
    eventId: string;
    time: number;
    value: number;
    currency: string | null;
    touchpoints: StoredTouchpoint[];
  }[];
  ctaHours: {
    ctaId: string;
    campaignId: string;
    hour: number;
    impressions: number;
    clicks: number;
    holdouts: number;
    firstImpressionAt: number | null;
    firstHoldoutAt: number | null;
  }[];
  pageHours: { page: string; hour: number; views: number; organic: number; landings: number }[];
  funnelAttempts: { funnelId: string; start: number; reached: number; stepTimes: number[]; breakdown: string | null }[];
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Touchpoints kept on a conversion: those of the year before it, at most the last 200. */
export const TOUCHPOINT_LOOKBACK_MS = 365 * DAY_MS;
export const TOUCHPOINTS_MAX = 200;
/** A new session starts after 30 minutes without an event (the usual web-analytics rule). */
export const SESSION_GAP_MS = 30 * 60_000;
/**
 * What one visitor may cost (docs/analytics.md "Limits"; docs/security.md "Tracking pipeline"):
 * its events of one UTC day beyond the first 1,000 are left out of analytics (a person does not
 * send more; a script that does cannot make the reports of its website or anyone's slow), and its
 * conversions beyond the first 1,000 (in time order, over all goals) are not recorded. The
 * projector reads at most the visitor's last 5,000 events (libs/analytics/src/read/visitor-store.ts).
 */
export const EVENTS_PER_VISITOR_DAY_MAX = 1_000;
export const CONVERSIONS_PER_VISITOR_MAX = 1_000;
/** Funnel attempts recorded per funnel and visitor: the first 1,000 (each step-1 event starts one). */
export const FUNNEL_ATTEMPTS_PER_VISITOR_MAX = 1_000;
/** Hits handled between two pauses of the sliced computation. */
const STEP = 250;

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

/**
 * The events analytics keeps of a visitor: one per id, in time order (then id), at most
 * EVENTS_PER_VISITOR_DAY_MAX of each UTC day (the first ones).
 */
export function keptEvents(input: readonly VisitorEvent[]): VisitorEvent[] {
  const seen = new Set<string>();
  const unique = input.filter((e) => Number.isFinite(e.time) && !seen.has(e.id) && seen.add(e.id));
  const sorted = unique.sort((a, b) => a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const kept: VisitorEvent[] = [];
  let day = NaN;
  let count = 0;
  for (const e of sorted) {
    const d = Math.floor(e.time / DAY_MS);
    if (d !== day) {
      day = d;
      count = 0;
    }
    if (++count <= EVENTS_PER_VISITOR_DAY_MAX) kept.push(e);
  }
  return kept;
}

/** The index of the first item whose time is >= t in a time-ordered list. */
function firstAtOrAfter(sorted: readonly { time: number }[], t: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.time < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The rows of one visitor. `events` may come in any order; a bot visitor has only its visitor row. */
export function visitorRows(input: readonly VisitorEvent[], config: WebsiteConfig): VisitorRows {
  return runToEnd(visitorRowsSteps(input, config));
}

/**
 * `visitorRows` as steps (libs/platform/src/yielding.ts): the projector runs them sliced, so one
 * heavy visitor lets requests in between its goals and funnels. Linear in the visitor's events for
 * each goal, experiment and funnel (a conversion's touchpoints are a sliding window).
 */
export function* visitorRowsSteps(input: readonly VisitorEvent[], config: WebsiteConfig): Steps<VisitorRows> {
  const events = keptEvents(input);
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
  yield;

  // Goals: every matching event is a conversion, with the CTA touchpoints before it (a window that slides with the hits).
  const touches = events.filter((e) => (e.name === 'cta_impression' || e.name === 'cta_click') && e.ctaId);
  const goalHits = new Map<string, VisitorEvent[]>();
  const conversions: VisitorRows['conversions'] = [];
  for (const goal of config.goals) {
    const hits = events.filter((e) => eventMatches(e, goal));
    goalHits.set(goal.id, hits);
    let from = 0;
    let to = 0;
    for (let h = 0; h < hits.length && h < CONVERSIONS_PER_VISITOR_MAX; h++) {
      const hit = hits[h]!;
      while (to < touches.length && touches[to]!.time <= hit.time) to++;
      while (from < to && touches[from]!.time < hit.time - TOUCHPOINT_LOOKBACK_MS) from++;
      // The last TOUCHPOINTS_MAX of the window, the hit itself left out (it is in the window at most once).
      const path = touches
        .slice(Math.max(from, to - TOUCHPOINTS_MAX - 1), to)
        .filter((t) => t.id !== hit.id)
        .slice(-TOUCHPOINTS_MAX);
      conversions.push({
        goalId: goal.id,
        eventId: hit.id,
        time: hit.time,
        value: goal.type === 'value' ? (hit.value ?? 0) : 0,
        currency: goal.type === 'value' ? (hit.currency ?? goal.currency) : null,
        touchpoints: path.map((t): StoredTouchpoint => [t.ctaId!, t.time, t.name === 'cta_click' ? 'c' : 'i']),
      });
      if (h % STEP === STEP - 1) yield;
    }
    yield;
  }
  // At most CONVERSIONS_PER_VISITOR_MAX over all goals: the first in time (then in the goals' order).
  rows.conversions =
    conversions.length <= CONVERSIONS_PER_VISITOR_MAX
      ? conversions
      : conversions
          .map((c, i) => [c, i] as const)
          .sort(([a, i], [b, j]) => a.time - b.time || i - j)
          .slice(0, CONVERSIONS_PER_VISITOR_MAX)
          .map(([c]) => c);

  // Experiments: first exposure per variant, then the first goal event at or after it.
  for (const experiment of config.experiments) {
    const firstByVariant = new Map<string, number>();
    for (const e of events) {
      if (e.name !== 'experiment_exposure' || e.experimentId !== experiment.id || !e.variant) continue;
      if (!firstByVariant.has(e.variant)) firstByVariant.set(e.variant, e.time);
    }
    const hits = experiment.goalId ? (goalHits.get(experiment.goalId) ?? []) : [];
    for (const [variant, firstAt] of firstByVariant) {
      const converted = hits[firstAtOrAfter(hits, firstAt)];
      rows.exposures.push({
        experimentId: experiment.id,
        variant,
        firstAt,
        convertedAt: converted ? converted.time : null,
      });
    }
  }
  yield;

  // CTAs per hour.
  const ctaHours = new Map<string, VisitorRows['ctaHours'][number]>();
  for (const e of events) {
    const kind =
      e.name === 'cta_impression'
        ? 'impressions'
        : e.name === 'cta_click'
          ? 'clicks'
          : e.name === 'cta_holdout'
            ? 'holdouts'
            : null;
    if (!kind || !e.ctaId) continue;
    const hour = hourOf(e.time);
    const key = JSON.stringify([e.ctaId, e.campaignId ?? '', hour]);
    let row = ctaHours.get(key);
    if (!row) {
      row = {
        ctaId: e.ctaId,
        campaignId: e.campaignId ?? '',
        hour,
        impressions: 0,
        clicks: 0,
        holdouts: 0,
        firstImpressionAt: null,
        firstHoldoutAt: null,
      };
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

  yield;

  // Funnels: every attempt (two step-1 events at the same moment are one attempt: the one reaching further), the first FUNNEL_ATTEMPTS_PER_VISITOR_MAX.
  for (const funnel of config.funnels) {
    const byStart = new Map<number, VisitorRows['funnelAttempts'][number]>();
    for (const attempt of personAttempts(events, funnel.steps, funnel.windowSeconds * 1000, funnel.breakdown)) {
      const kept = byStart.get(attempt.start);
      if (kept && kept.reached >= attempt.reached) continue;
      if (!kept && byStart.size >= FUNNEL_ATTEMPTS_PER_VISITOR_MAX) break;
      byStart.set(attempt.start, {
        funnelId: funnel.id,
        start: attempt.start,
        reached: attempt.reached,
        stepTimes: attempt.stepTimes,
        breakdown: attempt.breakdown,
      });
    }
    rows.funnelAttempts.push(...byStart.values());
    yield;
  }
  return rows;
}
