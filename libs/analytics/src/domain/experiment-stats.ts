/**
 * Experiment statistics (DESIGN.md "Analytics definitions" → "Experiment results"). Pure.
 *
 * The normal and chi-squared distribution functions come from stdlib
 * (`@stdlib/stats-base-dists-normal-cdf`, `@stdlib/stats-base-dists-chisquare-cdf`): typed,
 * maintained, accurate in the tails (erfc / regularised incomplete gamma), no native build.
 */
import chisquareCdf from '@stdlib/stats-base-dists-chisquare-cdf';
import normalCdfWith from '@stdlib/stats-base-dists-normal-cdf';

/** Standard normal cumulative distribution function Φ(x). Φ(NaN) is taken as 0.5 (never NaN). */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return 0.5;
  return normalCdfWith(x, 0, 1);
}

/** A count that can be used: a finite, non-negative number. */
function isCount(n: number): boolean {
  return Number.isFinite(n) && n >= 0;
}

/**
 * Two-sided pooled two-proportion z-test of B against A: z = (pB - pA) / sqrt(p(1-p)(1/nA + 1/nB))
 * with p = (xA + xB) / (nA + nB); p-value = 2 Φ(-|z|).
 * z is positive when B's rate is higher. When the test is undefined (a side with no visitors, a
 * pooled rate of 0 or 1, or counts that are not counts: negative, not finite, more conversions
 * than visitors) z is null and the p-value 1. Never NaN.
 */
export function pooledTwoProportionTest(
  conversionsA: number,
  visitorsA: number,
  conversionsB: number,
  visitorsB: number,
): { z: number | null; pValue: number } {
  const undefinedTest = { z: null, pValue: 1 };
  if (![conversionsA, visitorsA, conversionsB, visitorsB].every(isCount)) return undefinedTest;
  if (visitorsA === 0 || visitorsB === 0) return undefinedTest;
  if (conversionsA > visitorsA || conversionsB > visitorsB) return undefinedTest;
  const pooled = (conversionsA + conversionsB) / (visitorsA + visitorsB);
  if (pooled <= 0 || pooled >= 1) return undefinedTest;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / visitorsA + 1 / visitorsB));
  if (!(se > 0) || !Number.isFinite(se)) return undefinedTest;
  const z = (conversionsB / visitorsB - conversionsA / visitorsA) / se;
  if (!Number.isFinite(z)) return undefinedTest;
  const pValue = Math.min(1, 2 * normalCdf(-Math.abs(z)));
  return { z, pValue };
}

// --------------------------------------------------------------------------------------------
// Experiment results: every arm compared with the control.

/** One arm's counts. `arms[0]` is the control (the experiment's first variant). */
export interface ArmCounts {
  key: string;
  /** The configured weight (percent; any non-negative proportions work). */
  weight: number;
  visitors: number;
  conversions: number;
}

export interface ArmResult {
  key: string;
  visitors: number;
  conversions: number;
  rate: number | null;
  lift: number | null;
  delta: number | null;
  pValue: number | null;
  significance: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  chanceToWin: number | null;
}

export interface ExperimentResults {
  control: { key: string; visitors: number; conversions: number; rate: number | null };
  variants: ArmResult[];
  srmPValue: number | null;
  srmFlag: boolean;
  winner: string | null;
}

/** The minimum sample in each arm before a winner is declared or a significance end rule fires. */
export const MIN_VISITORS_PER_ARM = 100;
export const MIN_CONVERSIONS_PER_ARM = 25;
/** A sample-ratio mismatch is flagged below this p-value. */
export const SRM_FLAG_BELOW = 0.001;
/** Φ⁻¹(0.975): the two-sided 95 % normal quantile. */
export const Z_95 = 1.959963984540054;

/** A whole, non-negative count; anything else (negative, NaN, Infinity, fractions) is floored or 0. */
function cleanCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** Conversions / visitors, or null without visitors. */
function rateOf(conversions: number, visitors: number): number | null {
  return visitors > 0 ? conversions / visitors : null;
}

/** A number that is finite, or null. */
function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** Whether an arm has the minimum sample (100 visitors and 25 conversions). */
export function hasMinimumSample(arm: { visitors: number; conversions: number }): boolean {
  return arm.visitors >= MIN_VISITORS_PER_ARM && arm.conversions >= MIN_CONVERSIONS_PER_ARM;
}

/** The comparison of one variant with the control (DESIGN.md "Experiment results"). */
function compare(
  control: { visitors: number; conversions: number; rate: number | null },
  key: string,
  visitors: number,
  conversions: number,
): ArmResult {
  const rate = rateOf(conversions, visitors);
  const rc = control.rate;
  const bothRates = rate !== null && rc !== null;
  const lift = bothRates && rc > 0 ? finiteOrNull(rate / rc - 1) : null;
  const delta = bothRates ? rate - rc : null;
  // The test needs visitors on both sides; a pooled rate of 0 or 1 gives p = 1.
  const test = bothRates ? pooledTwoProportionTest(control.conversions, control.visitors, conversions, visitors) : null;
  const pValue = test ? test.pValue : null;
  const significance = pValue === null ? null : 1 - pValue;
  // Delta method: var(lift) = var_v / rc² + rv² var_c / rc⁴, var = r(1-r)/n.
  let se: number | null = null;
  if (bothRates && rc > 0 && lift !== null) {
    const varC = (rc * (1 - rc)) / control.visitors;
    const varV = (rate * (1 - rate)) / visitors;
    const s = Math.sqrt(varV / (rc * rc) + (rate * rate * varC) / (rc * rc * rc * rc));
    se = Number.isFinite(s) && s > 0 ? s : null;
  }
  const interior = (r: number | null) => r !== null && r > 0 && r < 1;
  const ciDefined = se !== null && lift !== null && interior(rate) && interior(rc);
  const ciLow = ciDefined ? finiteOrNull(lift - Z_95 * se!) : null;
  const ciHigh = ciDefined ? finiteOrNull(lift + Z_95 * se!) : null;
  const chanceToWin = se !== null && lift !== null ? normalCdf(lift / se) : 0.5;
  return { key, visitors, conversions, rate, lift, delta, pValue, significance, ciLow, ciHigh, chanceToWin };
}

/**
 * Sample-ratio mismatch: Pearson's chi-squared goodness-of-fit p-value of the visitor counts
 * against the configured weights (expected_i = total × w_i / Σw), k − 1 degrees of freedom where k
 * counts the arms with a positive weight. Decisions:
 * - no visitors at all → null (nothing to test);
 * - an arm with weight 0 (or a weight that is not a positive number) takes no part in the test
 *   while it has no visitors; when it has visitors, nobody should have been assigned to it, so
 *   the mismatch is certain: p = 0;
 * - fewer than two arms with a positive weight → null (one arm cannot be out of ratio).
 */
export function sampleRatioMismatchPValue(arms: readonly { weight: number; visitors: number }[]): number | null {
  const visitors = arms.map((a) => cleanCount(a.visitors));
  const total = visitors.reduce((s, v) => s + v, 0);
  if (total === 0) return null;
  const weighted = arms.map((a, i) => ({
    weight: Number.isFinite(a.weight) && a.weight > 0 ? a.weight : 0,
    visitors: visitors[i]!,
  }));
  if (weighted.some((a) => a.weight === 0 && a.visitors > 0)) return 0;
  const live = weighted.filter((a) => a.weight > 0);
  if (live.length < 2) return null;
  const weightSum = live.reduce((s, a) => s + a.weight, 0);
  let statistic = 0;
  for (const a of live) {
    const expected = (total * a.weight) / weightSum;
    statistic += ((a.visitors - expected) * (a.visitors - expected)) / expected;
  }
  if (!Number.isFinite(statistic)) return 0;
  const p = 1 - chisquareCdf(statistic, live.length - 1);
  return Number.isFinite(p) ? Math.min(1, Math.max(0, p)) : null;
}

/**
 * Every variant compared with the control (`arms[0]`), the SRM check and the winner.
 *
 * Counts are cleaned first: a count that is negative or not finite is 0, fractions are floored,
 * and conversions are at most the visitors (they are a subset of them).
 *
 * Winner (DESIGN.md: "only with significance at or above the experiment's threshold and at least
 * 100 visitors and 25 conversions in each arm"): nobody unless EVERY arm, the control and every
 * variant (weight 0 ones too), has the minimum sample. Then the winner is the variant with a
 * positive lift and significance ≥ threshold; when several qualify, the one with the highest rate
 * (the first listed on a tie). When none does and every variant is significantly worse than the
 * control (negative lift, significance ≥ threshold), the control is the winner. Otherwise null.
 * No correction for multiple comparisons is made (each variant is its own test against control).
 */
export function experimentResults(arms: readonly ArmCounts[], options: { threshold: number }): ExperimentResults {
  const clean = arms.map((a) => {
    const visitors = cleanCount(a.visitors);
    return {
      key: String(a.key),
      weight: a.weight,
      visitors,
      conversions: Math.min(cleanCount(a.conversions), visitors),
    };
  });
  const first = clean[0];
  if (!first)
    return {
      control: { key: '', visitors: 0, conversions: 0, rate: null },
      variants: [],
      srmPValue: null,
      srmFlag: false,
      winner: null,
    };
  const control = {
    key: first.key,
    visitors: first.visitors,
    conversions: first.conversions,
    rate: rateOf(first.conversions, first.visitors),
  };
  const variants = clean.slice(1).map((a) => compare(control, a.key, a.visitors, a.conversions));
  const srmPValue = sampleRatioMismatchPValue(clean);
  const srmFlag = srmPValue !== null && srmPValue < SRM_FLAG_BELOW;
  return { control, variants, srmPValue, srmFlag, winner: winnerOf(control, variants, options.threshold) };
}

function winnerOf(
  control: { key: string; visitors: number; conversions: number },
  variants: readonly ArmResult[],
  threshold: number,
): string | null {
  if (variants.length === 0 || !Number.isFinite(threshold)) return null;
  if (!hasMinimumSample(control) || !variants.every(hasMinimumSample)) return null;
  const significant = (v: ArmResult) => v.significance !== null && v.significance >= threshold;
  let best: ArmResult | null = null;
  for (const v of variants) {
    if (significant(v) && v.lift !== null && v.lift > 0 && v.rate !== null && (best === null || v.rate > best.rate!))
      best = v;
  }
  if (best) return best.key;
  if (variants.every((v) => significant(v) && v.lift !== null && v.lift < 0)) return control.key;
  return null;
}
