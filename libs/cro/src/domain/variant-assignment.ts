/**
 * Which variant of an experiment a visitor sees, and whether a visitor is in the website's control
 * group (DESIGN.md "Public delivery": variants are assigned deterministically per visitor by weight;
 * the control group is held back from CTAs). Pure and dependency-free: the tracker (apps/tracker)
 * bundles this file, and the API may use it to reason about the same buckets.
 *
 * A visitor's bucket for a key is a number in [0, 10000): FNV-1a (32 bit) over the UTF-16 code
 * units of `${key}:${visitorId}`, followed by murmur3's 32-bit finaliser (so that ids differing in
 * their last characters still spread over every bucket), modulo 10000.
 * - Experiments use the experiment's id as the key; the bucket is scaled to the sum of the
 *   variants' weights and the cumulative weights are walked in the variants' order. A variant of
 *   weight 0 (or a negative, or not finite weight) is never assigned.
 * - The control group uses the key "control-group": a visitor is in it when their bucket is below
 *   `controlGroupPct * 100` (percent 0..100, so 12.5 % is buckets 0..1249).
 * - An experiment's traffic share (`trafficRules.visitorsPct`) uses the key `traffic:${experimentId}`,
 *   a bucket independent of the variant bucket (keyed by the bare id): a visitor takes part when
 *   this bucket is below `visitorsPct * 100`. Leaving visitors out therefore does not change how
 *   the ones let in split over the variants.
 */

/** The number of buckets: a weight or a percentage is resolved to 0.01 %. */
export const BUCKETS = 10_000;

/** The key of the control-group bucket. */
export const CONTROL_GROUP_KEY = 'control-group';

export interface WeightedVariant {
  key: string;
  weight: number;
}

/** FNV-1a 32 bit over UTF-16 code units, with murmur3's fmix32 avalanche; an unsigned 32-bit number. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The visitor's bucket in [0, BUCKETS) for `key` (an experiment id, or CONTROL_GROUP_KEY). */
export function bucketOf(visitorId: string, key: string): number {
  return hash32(`${key}:${visitorId}`) % BUCKETS;
}

const usable = (weight: unknown): number =>
  typeof weight === 'number' && Number.isFinite(weight) && weight > 0 ? weight : 0;

/**
 * The variant `visitorId` sees in experiment `experimentId`: always the same one for the same
 * visitor, experiment and variants; `null` when no variant has a positive weight.
 */
export function assignVariant<V extends WeightedVariant>(
  visitorId: string,
  experimentId: string,
  variants: readonly V[],
): V | null {
  let total = 0;
  for (const variant of variants) total += usable(variant.weight);
  if (total <= 0) return null;
  const point = (bucketOf(visitorId, experimentId) / BUCKETS) * total;
  let cumulative = 0;
  let last: V | null = null;
  for (const variant of variants) {
    const weight = usable(variant.weight);
    if (weight === 0) continue;
    cumulative += weight;
    last = variant;
    if (point < cumulative) return variant;
  }
  // Only reached through floating-point rounding at the very top: the last variant with weight.
  return last;
}

/** The prefix of an experiment's traffic bucket key: `traffic:${experimentId}`. */
export const TRAFFIC_KEY = 'traffic:';

/**
 * Whether `visitorId` is in the first `pct` percent (0..100, to 0.01 %) of the buckets under `key`:
 * 75.9 % is buckets 0..7589; not a number, 0 or less: none; 100 or more: all.
 */
function within(visitorId: string, key: string, pct: number): boolean {
  if (typeof pct !== 'number' || !Number.isFinite(pct) || pct <= 0) return false;
  return bucketOf(visitorId, key) < Math.round(Math.min(pct, 100) * (BUCKETS / 100));
}

/**
 * Whether `visitorId` falls in the `visitorsPct` percent (0..100) of visitors that experiment
 * `experimentId` admits; `undefined` (no rule) admits everybody, 0 nobody, 100 everybody.
 */
export function inExperimentTraffic(visitorId: string, experimentId: string, visitorsPct: number | undefined): boolean {
  return visitorsPct === undefined || within(visitorId, TRAFFIC_KEY + experimentId, visitorsPct);
}

/** Whether `visitorId` is in the control group of a website whose control group is `pct` percent (0..100). */
export function inControlGroup(visitorId: string, pct: number): boolean {
  return within(visitorId, CONTROL_GROUP_KEY, pct);
}
