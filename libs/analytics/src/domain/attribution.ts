/**
 * Attribution models and incrementality (DESIGN.md "Analytics definitions" → "Attribution" and
 * "Report endpoints": the attribution and incrementality answers). Pure.
 *
 * A conversion's path is the visitor's CTA impressions and clicks in the lookback window before it
 * (`conversion.time - lookback <= t <= conversion.time`), in time order; touchpoints at the same
 * instant keep the order they were given in. Models:
 * - first-touch: all credit to the first touchpoint; last-touch: all to the last;
 * - u-shape: one touchpoint 100%, two 50/50, otherwise 40% first, 40% last and 20% shared equally
 *   by the middle ones;
 * - single-touch: only conversions whose path has exactly one touchpoint (two touchpoints of the
 *   same CTA are two touchpoints: not counted), credited to it;
 * - assist: every CTA at a non-final position gets one assisted conversion and the full value,
 *   once per conversion (a CTA that is also the final touchpoint still gets its assist when it
 *   appears earlier too);
 * - linear: equal shares; time-decay: weight 2^(-age/half-life), age = conversion time - touch
 *   time, half-life 7 days unless given.
 * A CTA's credit from one conversion is the sum over its touchpoints on the path. `conversions` and
 * `revenue` are the model's credit (revenue = share × value); `assistedConversions` and
 * `assistedRevenue` follow the assist rule whatever the model; for the assist model itself
 * conversions and revenue are the assist numbers.
 *
 * Decisions: the answer has an entry for every CTA on some conversion's path (zeros when the model
 * gives it nothing, e.g. a CTA of a multi-touch path under single-touch); a conversion with an empty
 * path credits nobody; a value that is not a finite number counts as 0; a touchpoint whose time is
 * not a finite number is not on any path; an unknown model is a RangeError (callers check the
 * request against ATTRIBUTION_MODELS first).
 *
 * Floating point: each conversion's shares are integer (or, for time decay, relative) weights
 * summed per CTA and divided once by the path's total weight, and revenue is value × weight / total,
 * so 40/10/10/40 of 100 are exactly 40, 10, 10, 40 and no share is the difference of two others.
 */
import { pooledTwoProportionTest } from './experiment-stats.js';

export const ATTRIBUTION_MODELS = [
  'first-touch',
  'last-touch',
  'u-shape',
  'single-touch',
  'assist',
  'linear',
  'time-decay',
] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

export interface Touchpoint {
  ctaId: string;
  /** Epoch milliseconds. */
  time: number;
  kind: 'impression' | 'click';
}

export interface Conversion {
  /** Epoch milliseconds. */
  time: number;
  value: number;
  /** All of the visitor's CTA impressions and clicks, in any order, of any age. */
  touchpoints: readonly Touchpoint[];
}

export interface CtaCredit {
  conversions: number;
  revenue: number;
  assistedConversions: number;
  assistedRevenue: number;
}

export interface AttributionOptions {
  model: AttributionModel;
  lookbackDays: number;
  /** Time decay's half-life in days (default 7). */
  halfLifeDays?: number;
}

const DAY_MS = 86_400_000;
export const DEFAULT_HALF_LIFE_DAYS = 7;

export function isAttributionModel(value: unknown): value is AttributionModel {
  return typeof value === 'string' && (ATTRIBUTION_MODELS as readonly string[]).includes(value);
}

/**
 * The touchpoints of `conversion` with `conversion.time - lookbackDays <= t <= conversion.time`,
 * in time order (stable: ties keep the given order). A lookback that is not a number, or a
 * conversion time that is not finite, gives an empty path; an infinite lookback takes every
 * earlier touchpoint.
 */
export function pathOf(conversion: Conversion, lookbackDays: number): Touchpoint[] {
  const end = conversion.time;
  if (!Number.isFinite(end) || Number.isNaN(lookbackDays)) return [];
  const start = end - lookbackDays * DAY_MS;
  return conversion.touchpoints
    .map((touchpoint, index) => ({ touchpoint, index }))
    .filter(
      ({ touchpoint }) =>
        typeof touchpoint.ctaId === 'string' &&
        Number.isFinite(touchpoint.time) &&
        touchpoint.time >= start &&
        touchpoint.time <= end,
    )
    .sort((a, b) => a.touchpoint.time - b.touchpoint.time || a.index - b.index)
    .map(({ touchpoint }) => touchpoint);
}

/** Each path position's weight under a model (not normalised); null when the conversion is not counted. */
function weights(
  path: readonly Touchpoint[],
  model: Exclude<AttributionModel, 'assist'>,
  halfLifeMs: number,
): number[] | null {
  const n = path.length;
  switch (model) {
    case 'first-touch':
      return path.map((_, i) => (i === 0 ? 1 : 0));
    case 'last-touch':
      return path.map((_, i) => (i === n - 1 ? 1 : 0));
    case 'single-touch':
      return n === 1 ? [1] : null;
    case 'linear':
      return path.map(() => 1);
    case 'u-shape':
      if (n <= 2) return path.map(() => 1);
      // 40% : 20%/(n-2) : 40% in whole numbers: 2(n-2) for each end, 1 for each middle touchpoint (total 5(n-2)).
      return path.map((_, i) => (i === 0 || i === n - 1 ? 2 * (n - 2) : 1));
    case 'time-decay': {
      // 2^(-age/h) relative to the most recent touchpoint (age a0): 2^(-(age-a0)/h). The factor
      // 2^(-a0/h) cancels when normalising, and the latest touchpoint's weight 1 keeps the total
      // from underflowing to 0.
      const newest = path[n - 1].time;
      return path.map((touchpoint) => 2 ** (-(newest - touchpoint.time) / halfLifeMs));
    }
  }
}

function entry(credits: Map<string, CtaCredit>, ctaId: string): CtaCredit {
  let credit = credits.get(ctaId);
  if (credit === undefined) {
    credit = { conversions: 0, revenue: 0, assistedConversions: 0, assistedRevenue: 0 };
    credits.set(ctaId, credit);
  }
  return credit;
}

/** Each CTA's credit under `options.model` over `conversions` (see the file's comment). */
export function attribute(conversions: readonly Conversion[], options: AttributionOptions): Map<string, CtaCredit> {
  const { model, lookbackDays } = options;
  if (!isAttributionModel(model)) throw new RangeError(`unknown attribution model: ${String(model)}`);
  const halfLifeDays =
    options.halfLifeDays !== undefined && options.halfLifeDays > 0 ? options.halfLifeDays : DEFAULT_HALF_LIFE_DAYS;
  const halfLifeMs = halfLifeDays * DAY_MS;
  const credits = new Map<string, CtaCredit>();

  for (const conversion of conversions) {
    const path = pathOf(conversion, lookbackDays);
    if (path.length === 0) continue;
    const value = Number.isFinite(conversion.value) ? conversion.value : 0;

    // Assist: every CTA at a non-final position, once per conversion.
    const assisting = new Set(path.slice(0, -1).map((touchpoint) => touchpoint.ctaId));
    for (const touchpoint of path) {
      const credit = entry(credits, touchpoint.ctaId);
      if (assisting.has(touchpoint.ctaId)) {
        assisting.delete(touchpoint.ctaId);
        credit.assistedConversions += 1;
        credit.assistedRevenue += value;
        if (model === 'assist') {
          credit.conversions += 1;
          credit.revenue += value;
        }
      }
    }
    if (model === 'assist') continue;

    const positionWeights = weights(path, model, halfLifeMs);
    if (positionWeights === null) continue;
    const byCta = new Map<string, number>();
    let total = 0;
    path.forEach((touchpoint, i) => {
      byCta.set(touchpoint.ctaId, (byCta.get(touchpoint.ctaId) ?? 0) + positionWeights[i]);
      total += positionWeights[i];
    });
    if (!(total > 0) || !Number.isFinite(total)) continue;
    for (const [ctaId, weight] of byCta) {
      if (weight === 0) continue;
      const credit = entry(credits, ctaId);
      credit.conversions += weight / total;
      credit.revenue += (value * weight) / total;
    }
  }
  return credits;
}

export interface GroupCounts {
  users: number;
  conversions: number;
}

export interface IncrementalityGroup {
  users: number;
  conversions: number;
  rate: number | null;
}

export interface Incrementality {
  exposed: IncrementalityGroup;
  holdout: IncrementalityGroup;
  lift: number | null;
  incrementalConversions: number | null;
  pValue: number | null;
  significance: number | null;
}

/** A count that can be used: finite and not negative; anything else counts as 0 (never NaN). */
function count(n: number): number {
  return Number.isFinite(n) && n >= 0 ? n : 0;
}

/**
 * Incrementality of a CTA: exposed visitors (an impression) against the held-out control group.
 * rate = conversions / users (null without users); lift = (rate_exposed - rate_holdout) /
 * rate_holdout (null when either rate is null or the holdout rate is 0); incrementalConversions =
 * exposed conversions - holdout rate × exposed users (null when the holdout has no users);
 * pValue from the two-sided pooled two-proportion z-test (1 when the pooled rate is 0 or 1),
 * significance = 1 - p, both null when either group has no users.
 * Lift and incremental conversions are computed from the counts (cross-multiplied) so that whole
 * numbers give exact answers: 60/1000 against 20/500 is a lift of exactly 0.5.
 */
export function incrementality(exposedCounts: GroupCounts, holdoutCounts: GroupCounts): Incrementality {
  const exposed = group(exposedCounts);
  const holdout = group(holdoutCounts);
  const lift =
    exposed.rate === null || holdout.rate === null || holdout.rate === 0
      ? null
      : (exposed.conversions * holdout.users - holdout.conversions * exposed.users) /
        (holdout.conversions * exposed.users);
  const incrementalConversions =
    holdout.users === 0 ? null : exposed.conversions - (holdout.conversions * exposed.users) / holdout.users;
  let pValue: number | null = null;
  if (exposed.users > 0 && holdout.users > 0) {
    pValue = pooledTwoProportionTest(holdout.conversions, holdout.users, exposed.conversions, exposed.users).pValue;
  }
  return { exposed, holdout, lift, incrementalConversions, pValue, significance: pValue === null ? null : 1 - pValue };
}

function group(counts: GroupCounts): IncrementalityGroup {
  const users = count(counts.users);
  const conversions = count(counts.conversions);
  return { users, conversions, rate: users > 0 ? conversions / users : null };
}
