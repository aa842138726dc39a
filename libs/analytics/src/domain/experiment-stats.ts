/**
 * Experiment statistics (DESIGN.md "Analytics definitions" → "Experiment results"). Pure.
 *
 * The normal and chi-squared distribution functions come from stdlib
 * (`@stdlib/stats-base-dists-normal-cdf`, `@stdlib/stats-base-dists-chisquare-cdf`): typed,
 * maintained, accurate in the tails (erfc / regularised incomplete gamma), no native build.
 */
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
