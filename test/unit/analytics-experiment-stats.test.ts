// Experiment statistics (DESIGN.md "Analytics definitions" → "Experiment results"). Every expected
// number is written out here from a published source (cited beside it) or worked by hand from
// DESIGN's formulas; none is computed by the code under test.
import { describe, expect, it } from '@jest/globals';
import {
  experimentResults,
  hasMinimumSample,
  MIN_CONVERSIONS_PER_ARM,
  MIN_VISITORS_PER_ARM,
  normalCdf,
  pooledTwoProportionTest,
  sampleRatioMismatchPValue,
  type ArmCounts,
  type ArmResult,
  type ExperimentResults,
} from '#libs/analytics/src/domain/experiment-stats.js';

/** Every number anywhere in a result is finite (no NaN, no Infinity). */
function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

function arm(key: string, weight: number, visitors: number, conversions: number): ArmCounts {
  return { key, weight, visitors, conversions };
}

function only(results: ExperimentResults): ArmResult {
  expect(results.variants).toHaveLength(1);
  return results.variants[0]!;
}

describe('normalCdf (standard normal table values)', () => {
  // Standard normal table (e.g. NIST/SEMATECH e-Handbook 1.3.6.7.1): Φ(0) = 0.5, Φ(1) = 0.84134,
  // Φ(1.96) = 0.97500, Φ(-1.96) = 0.02500, Φ(2.58) = 0.99506, Φ(-3) = 0.00135.
  it.each([
    [0, 0.5],
    [1, 0.84134],
    [1.96, 0.975],
    [-1.96, 0.025],
    [2.58, 0.99506],
    [-3, 0.00135],
  ])('Φ(%p) = %p', (x, expected) => {
    expect(normalCdf(x)).toBeCloseTo(expected, 5);
  });

  it('is 0 and 1 at the infinities and 0.5 (never NaN) for NaN', () => {
    expect(normalCdf(-Infinity)).toBe(0);
    expect(normalCdf(Infinity)).toBe(1);
    expect(normalCdf(Number.NaN)).toBe(0.5);
  });
});

describe('pooledTwoProportionTest: published examples', () => {
  it('Penn State STAT 200, Lesson 9.1.2.2 (Minitab, pooled estimate): 56 of 127 females vs 62 of 99 males, z = -2.77, p = 0.006', () => {
    // online.stat.psu.edu/stat200/lesson/9/9.1/9.1.2/9.1.2.2: p1 = 0.440945, p2 = 0.626263,
    // difference -0.185318; "Normal approximation | -2.77 | 0.006". Sample 1 minus sample 2, so A is
    // the males and B the females for z = (pB - pA) / se. By hand: pooled 118/226 = 0.522124,
    // se = sqrt(0.522124 × 0.477876 × (1/127 + 1/99)) = 0.066971, z = -0.185318 / 0.066971 = -2.7672,
    // p = 2 Φ(-2.7672) = 0.00565.
    const { z, pValue } = pooledTwoProportionTest(62, 99, 56, 127);
    expect(z).toBeCloseTo(-2.77, 2);
    expect(z).toBeCloseTo(-2.7672, 4);
    expect(pValue).toBeCloseTo(0.006, 3);
    expect(pValue).toBeCloseTo(0.00565, 5);
  });

  it('the order of the arms flips the sign of z only', () => {
    const { z, pValue } = pooledTwoProportionTest(56, 127, 62, 99);
    expect(z).toBeCloseTo(2.7672, 4);
    expect(pValue).toBeCloseTo(0.00565, 5);
  });

  it('Prentice Hall TI-83 guide "Two Proportion Population Test": n1 = 200, p1 = .22; n2 = 300, p2 = .18; 2-PropZTest p = .270', () => {
    // x1 = 44, x2 = 54. By hand: pooled 98/500 = 0.196, se = sqrt(0.196 × 0.804 × (1/200 + 1/300))
    // = 0.036238, z = 0.04 / 0.036238 = 1.1038, p = 2 Φ(-1.1038) = 0.26968.
    const { z, pValue } = pooledTwoProportionTest(54, 300, 44, 200);
    expect(z).toBeCloseTo(1.1038, 4);
    expect(pValue).toBeCloseTo(0.27, 3);
    expect(pValue).toBeCloseTo(0.26968, 5);
  });

  it('equal rates give z = 0 and p = 1', () => {
    expect(pooledTwoProportionTest(10, 100, 20, 200)).toEqual({ z: 0, pValue: 1 });
  });

  it.each([
    ['a pooled rate of 0', 0, 100, 0, 100],
    ['a pooled rate of 1', 100, 100, 50, 50],
    ['no visitors on side A', 0, 0, 5, 10],
    ['no visitors on side B', 5, 10, 0, 0],
    ['no visitors at all', 0, 0, 0, 0],
    ['NaN counts', Number.NaN, 10, 1, 10],
    ['infinite visitors', 1, Infinity, 1, 10],
    ['negative conversions', -1, 10, 1, 10],
    ['more conversions than visitors', 11, 10, 1, 10],
  ])('is undefined (z null, p = 1) with %s', (_name, xa, na, xb, nb) => {
    expect(pooledTwoProportionTest(xa, na, xb, nb)).toEqual({ z: null, pValue: 1 });
  });

  it('one visitor per arm, one converting: z = 1.4142, p = 0.1573 (pooled 0.5, se = sqrt(0.5 × 0.5 × 2) = 0.7071, z = 1 / 0.7071)', () => {
    const { z, pValue } = pooledTwoProportionTest(0, 1, 1, 1);
    expect(z).toBeCloseTo(1.41421, 5);
    expect(pValue).toBeCloseTo(0.1573, 5);
  });
});

describe('experimentResults: lift and its confidence interval against GrowthBook gbstats', () => {
  // growthbook/growthbook packages/stats/tests/frequentist/test_tests.py, test_two_sided_ttest_binom:
  // ProportionStatistic(sum=14, n=28) vs (sum=16, n=30), relative difference:
  //   expected = (16/30 - 0.5) / 0.5 = 0.06667, uplift stddev = 0.2717,
  //   ci = (-0.47767, 0.61101), pValue = 0.80707.
  // GrowthBook's standard error IS the delta method of DESIGN (var_v/rc² + rv² var_c/rc⁴ =
  // 0.0082963/0.25 + 0.284444 × 0.0089286/0.0625 = 0.0738201, se = 0.2716986): equal to 4 decimals.
  // Its interval and p-value are NOT ours: it uses a Student t quantile with Welch degrees of
  // freedom (half-width 0.54434 = 2.0035 × se) and a t-test on the lift, where DESIGN asks for the
  // normal quantile 1.959964 (half-width 0.532515, interval -0.465852 to 0.599186) and the pooled
  // z-test (pooled 30/58, se 0.131306, z = 0.033333/0.131306 = 0.253859, p = 0.79960).
  const results = experimentResults([arm('control', 50, 28, 14), arm('b', 50, 30, 16)], { threshold: 0.95 });
  const b = only(results);

  it("reproduces GrowthBook's lift (0.06667) and delta 16/30 - 14/28 = 0.033333", () => {
    expect(b.lift).toBeCloseTo(0.06667, 5);
    expect(b.delta).toBeCloseTo(0.033333, 6);
    expect(b.rate).toBeCloseTo(0.533333, 6);
    expect(results.control).toEqual({ key: 'control', visitors: 28, conversions: 14, rate: 0.5 });
  });

  it("has GrowthBook's standard error 0.2717: the interval is lift ± 1.959964 × 0.2717 (to 4 decimals)", () => {
    expect(b.ciLow).toBeCloseTo(0.06667 - 1.959964 * 0.2717, 4);
    expect(b.ciHigh).toBeCloseTo(0.06667 + 1.959964 * 0.2717, 4);
    expect(b.ciLow).toBeCloseTo(-0.465852, 5);
    expect(b.ciHigh).toBeCloseTo(0.599186, 5);
  });

  it("is narrower than GrowthBook's t interval (-0.47767, 0.61101): normal, not Welch t", () => {
    expect(b.ciLow!).toBeGreaterThan(-0.47767);
    expect(b.ciHigh!).toBeLessThan(0.61101);
  });

  it('p from the pooled z-test (0.79960), significance 0.20040, chance to win Φ(0.066667/0.2716986) = Φ(0.245372) = 0.59692', () => {
    expect(b.pValue).toBeCloseTo(0.7996, 4);
    expect(b.significance).toBeCloseTo(0.2004, 4);
    expect(b.chanceToWin).toBeCloseTo(0.59692, 5);
  });

  it('no winner: not significant and under the minimum sample; SRM p for 28 vs 30 on 50/50 = 0.79285', () => {
    // chi² = 2 × 1² / 29 = 0.0689655, 1 dof: p = 2 Φ(-sqrt(0.0689655)) = 2 Φ(-0.262613) = 0.79285.
    expect(results.winner).toBeNull();
    expect(results.srmPValue).toBeCloseTo(0.79285, 4);
    expect(results.srmFlag).toBe(false);
  });

  it('GrowthBook test_sequential_test_runs_prop: 1396/3000 vs 2422/3461, lift 0.50386, uplift stddev 0.03386', () => {
    // Only the point estimate and the standard error compare (the interval there is sequential).
    // By hand: ci = 0.50386 ± 1.959964 × 0.033860 = (0.43750, 0.57023).
    const big = only(experimentResults([arm('a', 50, 3000, 1396), arm('b', 50, 3461, 2422)], { threshold: 0.95 }));
    expect(big.lift).toBeCloseTo(0.50386, 5);
    expect(big.ciLow).toBeCloseTo(0.50386 - 1.959964 * 0.03386, 4);
    expect(big.ciHigh).toBeCloseTo(0.50386 + 1.959964 * 0.03386, 4);
    expect(big.chanceToWin).toBeCloseTo(1, 10);
    expect(big.significance).toBeCloseTo(1, 10);
  });
});

describe('sampleRatioMismatchPValue (chi-squared goodness of fit against the weights)', () => {
  it('Wikipedia "Sample ratio mismatch": 600 vs 400 on a 50/50 split, p = 2.54 × 10^-10 (chi² = 40)', () => {
    const p = sampleRatioMismatchPValue([
      { weight: 50, visitors: 600 },
      { weight: 50, visitors: 400 },
    ]);
    expect(p! / 1e-10).toBeCloseTo(2.54, 2);
  });

  it("srm.osc.garden (Lukas Vermeer's SRM checker): 44,000 vs 45,000 on 50/50, p = 0.0008 (chi² = 11.236)", () => {
    const p = sampleRatioMismatchPValue([
      { weight: 50, visitors: 44_000 },
      { weight: 50, visitors: 45_000 },
    ]);
    expect(p).toBeCloseTo(0.0008, 4);
    expect(p).toBeCloseTo(0.000802, 6);
  });

  it('5,000 vs 5,200 on 50/50: chi² = 2 × 100² / 5,100 = 3.9216 > 3.841 (table, 1 dof, 0.05), p = 2 Φ(-1.9803) = 0.04767', () => {
    const p = sampleRatioMismatchPValue([
      { weight: 50, visitors: 5_000 },
      { weight: 50, visitors: 5_200 },
    ]);
    expect(p).toBeCloseTo(0.04767, 5);
  });

  it('three arms, equal weights, 1,000 / 1,100 / 900: chi² = (0 + 100² + 100²) / 1,000 = 20, 2 dof: p = e^-10 = 4.53999e-5', () => {
    const p = sampleRatioMismatchPValue([
      { weight: 34, visitors: 1_000 },
      { weight: 34, visitors: 1_100 },
      { weight: 34, visitors: 900 },
    ]);
    expect(p! / 1e-5).toBeCloseTo(4.53999, 4);
  });

  it('unequal weights 50/25/25 with 520 / 200 / 280: expected 500 / 250 / 250, chi² = 0.8 + 10 + 3.6 = 14.4, p = e^-7.2 = 7.4659e-4', () => {
    const p = sampleRatioMismatchPValue([
      { weight: 50, visitors: 520 },
      { weight: 25, visitors: 200 },
      { weight: 25, visitors: 280 },
    ]);
    expect(p! / 1e-4).toBeCloseTo(7.4659, 3);
  });

  it('a split exactly on the weights gives p = 1 (80/20 with 800 / 200)', () => {
    expect(
      sampleRatioMismatchPValue([
        { weight: 80, visitors: 800 },
        { weight: 20, visitors: 200 },
      ]),
    ).toBeCloseTo(1, 12);
  });

  it('an arm with weight 0 and no visitors takes no part (10/0/90 with 100 / 0 / 900 fits: p = 1; dof 1, not 2)', () => {
    expect(
      sampleRatioMismatchPValue([
        { weight: 10, visitors: 100 },
        { weight: 0, visitors: 0 },
        { weight: 90, visitors: 900 },
      ]),
    ).toBeCloseTo(1, 12);
    // 150 / 0 / 850 against 10/90: chi² = 50²/100 + 50²/900 = 27.7778, 1 dof: p = 2 Φ(-5.27046) = 1.3608e-7.
    const p = sampleRatioMismatchPValue([
      { weight: 10, visitors: 150 },
      { weight: 0, visitors: 0 },
      { weight: 90, visitors: 850 },
    ]);
    expect(p! / 1e-7).toBeCloseTo(1.3608, 3);
  });

  it('an arm with weight 0 that has visitors is a certain mismatch: p = 0', () => {
    expect(
      sampleRatioMismatchPValue([
        { weight: 100, visitors: 1_000 },
        { weight: 0, visitors: 1 },
      ]),
    ).toBe(0);
  });

  it('is null without visitors, and with fewer than two weighted arms', () => {
    expect(
      sampleRatioMismatchPValue([
        { weight: 50, visitors: 0 },
        { weight: 50, visitors: 0 },
      ]),
    ).toBeNull();
    expect(sampleRatioMismatchPValue([])).toBeNull();
    expect(
      sampleRatioMismatchPValue([
        { weight: 0, visitors: 0 },
        { weight: 100, visitors: 500 },
      ]),
    ).toBeNull();
  });

  it('flags below 0.001 in experimentResults (44,000 vs 45,000: flagged; 5,000 vs 5,200: not)', () => {
    const flagged = experimentResults([arm('a', 50, 44_000, 4_400), arm('b', 50, 45_000, 4_500)], { threshold: 0.95 });
    expect(flagged.srmFlag).toBe(true);
    const fine = experimentResults([arm('a', 50, 5_000, 500), arm('b', 50, 5_200, 520)], { threshold: 0.95 });
    expect(fine.srmFlag).toBe(false);
  });
});

describe('experimentResults: winner', () => {
  // Control 100/1000 = 10 %; b 150/1000 = 15 %. By hand: pooled 0.125, se = sqrt(0.125 × 0.875 × 0.002)
  // = 0.0147902, z = 0.05 / 0.0147902 = 3.38062, p = 7.2323e-4, significance 0.999277. lift = 0.5,
  // delta = 0.05; var_c = 0.09/1000, var_v = 0.1275/1000: var(lift) = 0.0001275/0.01 + 0.0225 ×
  // 0.00009/0.0001 = 0.01275 + 0.02025 = 0.033, se 0.181659, ci = 0.5 ± 0.356045 = (0.143955, 0.856045),
  // chance to win Φ(0.5/0.181659) = Φ(2.75241) = 0.997042.
  it('a significantly better variant with the minimum sample wins; every figure as worked by hand', () => {
    const results = experimentResults([arm('control', 50, 1000, 100), arm('b', 50, 1000, 150)], { threshold: 0.95 });
    const b = only(results);
    expect(results.winner).toBe('b');
    expect(b.key).toBe('b');
    expect(b.visitors).toBe(1000);
    expect(b.conversions).toBe(150);
    expect(b.rate).toBeCloseTo(0.15, 12);
    expect(b.lift).toBeCloseTo(0.5, 12);
    expect(b.delta).toBeCloseTo(0.05, 12);
    expect(b.pValue).toBeCloseTo(7.2323e-4, 7);
    expect(b.significance).toBeCloseTo(0.999277, 6);
    expect(b.ciLow).toBeCloseTo(0.143955, 6);
    expect(b.ciHigh).toBeCloseTo(0.856045, 6);
    expect(b.chanceToWin).toBeCloseTo(0.997042, 6);
    expect(results.srmPValue).toBeCloseTo(1, 12);
    expect(results.srmFlag).toBe(false);
  });

  it('the same data below a threshold of 0.9995 has no winner (significance 0.999277)', () => {
    expect(
      experimentResults([arm('control', 50, 1000, 100), arm('b', 50, 1000, 150)], { threshold: 0.9995 }).winner,
    ).toBeNull();
  });

  it('a significantly worse variant makes the control the winner (the mirror case: lift -1/3)', () => {
    const results = experimentResults([arm('control', 50, 1000, 150), arm('b', 50, 1000, 100)], { threshold: 0.95 });
    expect(only(results).lift).toBeCloseTo(-1 / 3, 12);
    expect(results.winner).toBe('control');
  });

  it('no winner while any arm is under 100 visitors or 25 conversions, however significant', () => {
    // 99 visitors in the control: 10 of 99 vs 60 of 100 (p far below 0.05).
    expect(
      experimentResults([arm('control', 50, 99, 10), arm('b', 50, 100, 60)], { threshold: 0.95 }).winner,
    ).toBeNull();
    // 24 conversions in the control: 24/1000 vs 100/1000.
    expect(
      experimentResults([arm('control', 50, 1000, 24), arm('b', 50, 1000, 100)], { threshold: 0.95 }).winner,
    ).toBeNull();
    // Exactly 100 visitors and 25 conversions is enough: 25/100 vs 60/100 (pooled 0.425, z = 5.0064).
    expect(experimentResults([arm('control', 50, 100, 25), arm('b', 50, 100, 60)], { threshold: 0.95 }).winner).toBe(
      'b',
    );
    // A third arm under the minimum holds back the winner too (every arm).
    expect(
      experimentResults([arm('control', 34, 1000, 100), arm('b', 33, 1000, 150), arm('c', 33, 1000, 20)], {
        threshold: 0.95,
      }).winner,
    ).toBeNull();
  });

  it('with several significant variants the highest rate wins; a control winner needs every variant significantly worse', () => {
    const three = experimentResults([arm('control', 34, 1000, 100), arm('b', 33, 1000, 150), arm('c', 33, 1000, 170)], {
      threshold: 0.95,
    });
    expect(three.winner).toBe('c');
    expect(three.variants.map((v) => v.key)).toEqual(['b', 'c']);
    // b significantly worse (100 vs 150), c no different (150 vs 150): nobody.
    expect(
      experimentResults([arm('control', 34, 1000, 150), arm('b', 33, 1000, 100), arm('c', 33, 1000, 150)], {
        threshold: 0.95,
      }).winner,
    ).toBeNull();
    // Both significantly worse: the control.
    expect(
      experimentResults([arm('control', 34, 1000, 150), arm('b', 33, 1000, 100), arm('c', 33, 1000, 90)], {
        threshold: 0.95,
      }).winner,
    ).toBe('control');
  });

  it('the minimum is 100 visitors and 25 conversions', () => {
    expect(MIN_VISITORS_PER_ARM).toBe(100);
    expect(MIN_CONVERSIONS_PER_ARM).toBe(25);
    expect(hasMinimumSample({ visitors: 100, conversions: 25 })).toBe(true);
    expect(hasMinimumSample({ visitors: 99, conversions: 25 })).toBe(false);
    expect(hasMinimumSample({ visitors: 100, conversions: 24 })).toBe(false);
  });
});

describe('experimentResults: degenerate cases give numbers or nulls, never NaN', () => {
  it('no visitors anywhere: rates, lift, delta, p, significance, interval null; chance 0.5; SRM null', () => {
    const results = experimentResults([arm('control', 50, 0, 0), arm('b', 50, 0, 0)], { threshold: 0.95 });
    expect(results).toEqual({
      control: { key: 'control', visitors: 0, conversions: 0, rate: null },
      variants: [
        {
          key: 'b',
          visitors: 0,
          conversions: 0,
          rate: null,
          lift: null,
          delta: null,
          pValue: null,
          significance: null,
          ciLow: null,
          ciHigh: null,
          chanceToWin: 0.5,
        },
      ],
      srmPValue: null,
      srmFlag: false,
      winner: null,
    });
  });

  it('visitors but no conversions: rates 0, lift null (control rate 0), delta 0, p = 1, significance 0, interval null', () => {
    const results = experimentResults([arm('control', 50, 500, 0), arm('b', 50, 500, 0)], { threshold: 0.95 });
    expect(only(results)).toEqual({
      key: 'b',
      visitors: 500,
      conversions: 0,
      rate: 0,
      lift: null,
      delta: 0,
      pValue: 1,
      significance: 0,
      ciLow: null,
      ciHigh: null,
      chanceToWin: 0.5,
    });
    expect(results.control.rate).toBe(0);
    expect(results.srmPValue).toBeCloseTo(1, 12);
  });

  it('control rate 0, variant converting: lift null, delta 0.1, p from the test, interval null, chance 0.5', () => {
    // 0/100 vs 10/100: pooled 0.05, se = sqrt(0.05 × 0.95 × 0.02) = 0.0308221, z = 3.24443, p = 0.0011769.
    const b = only(experimentResults([arm('control', 50, 100, 0), arm('b', 50, 100, 10)], { threshold: 0.95 }));
    expect(b.lift).toBeNull();
    expect(b.delta).toBeCloseTo(0.1, 12);
    expect(b.pValue).toBeCloseTo(0.0011769, 6);
    expect(b.ciLow).toBeNull();
    expect(b.ciHigh).toBeNull();
    expect(b.chanceToWin).toBe(0.5);
  });

  it('100 % conversion in both arms: lift 0, p = 1 (pooled rate 1), interval null, chance 0.5', () => {
    const b = only(experimentResults([arm('control', 50, 200, 200), arm('b', 50, 200, 200)], { threshold: 0.95 }));
    expect(b).toEqual({
      key: 'b',
      visitors: 200,
      conversions: 200,
      rate: 1,
      lift: 0,
      delta: 0,
      pValue: 1,
      significance: 0,
      ciLow: null,
      ciHigh: null,
      chanceToWin: 0.5,
    });
  });

  it('variant at 100 %, control at 50 %: lift 1, interval null (a rate of 1), chance Φ(1 / sqrt(0.25 × 0.005 / 0.0625)) = Φ(7.0711)', () => {
    // var_v = 0; var_c = 0.25/200: var(lift) = 1 × 0.00125 / 0.0625 = 0.02, se 0.141421, lift/se 7.07107.
    const b = only(experimentResults([arm('control', 50, 200, 100), arm('b', 50, 200, 200)], { threshold: 0.95 }));
    expect(b.lift).toBe(1);
    expect(b.ciLow).toBeNull();
    expect(b.ciHigh).toBeNull();
    expect(b.chanceToWin).toBeCloseTo(1, 10);
    expect(b.chanceToWin!).toBeLessThan(1 + 1e-15);
  });

  it('one visitor per arm: 0/1 vs 1/1 → rates 0 and 1, lift null, delta 1, p = 0.1573, no interval, chance 0.5', () => {
    const results = experimentResults([arm('control', 50, 1, 0), arm('b', 50, 1, 1)], { threshold: 0.95 });
    const b = only(results);
    expect(b.rate).toBe(1);
    expect(b.lift).toBeNull();
    expect(b.delta).toBe(1);
    expect(b.pValue).toBeCloseTo(0.1573, 4);
    expect(b.ciLow).toBeNull();
    expect(b.chanceToWin).toBe(0.5);
    expect(results.srmPValue).toBeCloseTo(1, 12);
    expect(results.winner).toBeNull();
    // 1/1 vs 1/1: pooled 1, p = 1.
    expect(only(experimentResults([arm('control', 50, 1, 1), arm('b', 50, 1, 1)], { threshold: 0.95 })).pValue).toBe(1);
  });

  it('a variant with no visitors beside a live control: its rate, lift, delta, p and interval are null', () => {
    const results = experimentResults([arm('control', 50, 300, 30), arm('b', 50, 0, 0)], { threshold: 0.95 });
    expect(only(results)).toEqual({
      key: 'b',
      visitors: 0,
      conversions: 0,
      rate: null,
      lift: null,
      delta: null,
      pValue: null,
      significance: null,
      ciLow: null,
      ciHigh: null,
      chanceToWin: 0.5,
    });
    // 300 vs 0 on 50/50: chi² = 300, far below 0.001.
    expect(results.srmFlag).toBe(true);
  });

  it('hostile counts are cleaned (NaN, Infinity, negatives → 0; conversions at most visitors)', () => {
    const results = experimentResults(
      [arm('control', 50, Number.NaN, 5), arm('b', Number.NaN, Infinity, -3), arm('c', 50, 10, 50)],
      { threshold: 0.95 },
    );
    expect(results.control).toEqual({ key: 'control', visitors: 0, conversions: 0, rate: null });
    expect(results.variants[0]).toMatchObject({ key: 'b', visitors: 0, conversions: 0, rate: null });
    expect(results.variants[1]).toMatchObject({ key: 'c', visitors: 10, conversions: 10, rate: 1 });
    expect(allFinite(results)).toBe(true);
  });

  it('no arms at all: an empty control and no variants', () => {
    expect(experimentResults([], { threshold: 0.95 })).toEqual({
      control: { key: '', visitors: 0, conversions: 0, rate: null },
      variants: [],
      srmPValue: null,
      srmFlag: false,
      winner: null,
    });
  });

  it('no NaN or Infinity over a grid of small counts', () => {
    for (const nc of [0, 1, 2, 100]) {
      for (const xc of [0, 1, nc]) {
        for (const nv of [0, 1, 2, 100]) {
          for (const xv of [0, 1, nv]) {
            if (xc > nc || xv > nv) continue;
            const results = experimentResults([arm('a', 50, nc, xc), arm('b', 50, nv, xv)], { threshold: 0.95 });
            expect(allFinite(results)).toBe(true);
          }
        }
      }
    }
  });
});
