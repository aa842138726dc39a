// Attribution models and incrementality against answers worked out by hand from DESIGN.md
// ("Analytics definitions" → "Attribution"; "Report endpoints": the attribution and incrementality
// answers) and from published references:
// - Position-based (u-shape): Google Ads API, AttributionModelEnum GOOGLE_SEARCH_ATTRIBUTION_POSITION_BASED
//   ("Attributes 40% of the credit for a conversion to its first and last clicks. Remaining 20% is
//   evenly distributed across all other clicks"),
//   https://developers.google.com/google-ads/api/reference/rpc/latest/AttributionModelEnum.AttributionModel;
//   worked 4-touch journey 40% / 10% / 10% / 40% (https://www.mbuzz.co/articles/position-based-attribution)
//   and 5-touch $100 purchase $40 / $6.67 / $6.67 / $6.67 / $40
//   (https://tools.goldendigital.co/glossary/position-based-attribution).
// - Time decay: same Google enum, GOOGLE_SEARCH_ATTRIBUTION_TIME_DECAY "half-life is 1 week"; Google
//   Ads help "About attribution models" (support.google.com/google-ads/answer/6259715, as quoted at
//   https://www.mccordweb.com/weblogs/?p=4627): "a click 8 days before conversion will get 50% of the
//   credit versus a click 1 day before conversion"; mbuzz's table: 7 days before = 50% of base,
//   14 days = 25%.
// - Two-proportion z-test: worked solution with x1=140 n1=200, x2=255 n2=340: pooled p = 0.7314815,
//   standard error 0.03949401, z = -1.266015 (https://homeworksource.com/p/1008622/); the two-sided
//   p-value from a normal table, Φ(1.266) ≈ 0.89724 → p ≈ 0.2055.
import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ATTRIBUTION_MODELS,
  attribute,
  incrementality,
  pathOf,
  type AttributionModel,
  type Conversion,
  type CtaCredit,
  type Touchpoint,
} from '#libs/analytics/src/domain/attribution.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const T = Date.UTC(2025, 0, 31, 12); // every conversion below happens at T

function tp(ctaId: string, offsetMs: number, kind: Touchpoint['kind'] = 'impression'): Touchpoint {
  return { ctaId, time: T + offsetMs, kind };
}
function conversion(value: number, touchpoints: Touchpoint[]): Conversion {
  return { time: T, value, touchpoints };
}

/** [conversions, revenue, assistedConversions, assistedRevenue], typed by hand. */
type Row = [number, number, number, number];

function expectCredits(actual: Map<string, CtaCredit>, expected: Record<string, Row>, label: string): void {
  expectWith([...actual.keys()].sort(), `${label}: CTAs`).toEqual(Object.keys(expected).sort());
  for (const [ctaId, [conversions, revenue, assistedConversions, assistedRevenue]] of Object.entries(expected)) {
    const credit = actual.get(ctaId)!;
    expectWith(credit.conversions, `${label}: ${ctaId} conversions`).toBeCloseTo(conversions, 10);
    expectWith(credit.revenue, `${label}: ${ctaId} revenue`).toBeCloseTo(revenue, 10);
    expectWith(credit.assistedConversions, `${label}: ${ctaId} assistedConversions`).toBe(assistedConversions);
    expectWith(credit.assistedRevenue, `${label}: ${ctaId} assistedRevenue`).toBeCloseTo(assistedRevenue, 10);
  }
}

describe('pathOf', () => {
  it('keeps the lookback window (both ends inclusive) in time order, ties in the given order', () => {
    const touchpoints = [
      tp('late', 1), // after the conversion: out
      tp('b', -2 * DAY, 'click'),
      tp('edge', -30 * DAY), // exactly 30 days before: in
      tp('old', -30 * DAY - 1), // one ms older: out
      tp('a', -2 * DAY), // same instant as b, given after it
      tp('now', 0, 'click'), // at the conversion's instant: in
    ];
    expect(pathOf(conversion(1, touchpoints), 30).map((t) => t.ctaId)).toEqual(['edge', 'b', 'a', 'now']);
    expect(pathOf(conversion(1, touchpoints), 2).map((t) => t.ctaId)).toEqual(['b', 'a', 'now']);
    expect(pathOf(conversion(1, touchpoints), 0).map((t) => t.ctaId)).toEqual(['now']);
    expect(pathOf(conversion(1, []), 30)).toEqual([]);
  });

  it('never takes a touchpoint whose time is not a number, nor any with a lookback that is not one', () => {
    const touchpoints = [tp('a', -DAY), { ctaId: 'nan', time: Number.NaN, kind: 'click' as const }];
    expect(pathOf(conversion(1, touchpoints), 30).map((t) => t.ctaId)).toEqual(['a']);
    expect(pathOf(conversion(1, touchpoints), Number.NaN)).toEqual([]);
    expect(pathOf({ time: Number.NaN, value: 1, touchpoints }, 30)).toEqual([]);
  });
});

describe("position-based (u-shape) against Google's definition", () => {
  it('a 4-touch path of 100: 40 / 10 / 10 / 40', () => {
    const credits = attribute(
      [conversion(100, [tp('first', -9 * DAY), tp('second', -6 * DAY), tp('third', -3 * DAY), tp('last', -1 * DAY)])],
      { model: 'u-shape', lookbackDays: 30 },
    );
    expect(credits.get('first')!.revenue).toBe(40);
    expect(credits.get('second')!.revenue).toBe(10);
    expect(credits.get('third')!.revenue).toBe(10);
    expect(credits.get('last')!.revenue).toBe(40);
    expect(credits.get('first')!.conversions).toBeCloseTo(0.4, 12);
    expect(credits.get('second')!.conversions).toBeCloseTo(0.1, 12);
  });

  it('a 5-touch $100 purchase: 40 / 6.67 / 6.67 / 6.67 / 40, summing to 100', () => {
    const credits = attribute(
      [
        conversion(100, [
          tp('youtube', -4 * DAY),
          tp('blog', -3 * DAY),
          tp('email', -2 * DAY),
          tp('instagram', -DAY),
          tp('shopping', 0),
        ]),
      ],
      { model: 'u-shape', lookbackDays: 30 },
    );
    expect(credits.get('youtube')!.revenue).toBe(40);
    expect(credits.get('shopping')!.revenue).toBe(40);
    for (const middle of ['blog', 'email', 'instagram']) expect(credits.get(middle)!.revenue).toBeCloseTo(6.6667, 4);
    expect([...credits.values()].reduce((sum, c) => sum + c.revenue, 0)).toBeCloseTo(100, 10);
    expect([...credits.values()].reduce((sum, c) => sum + c.conversions, 0)).toBeCloseTo(1, 12);
  });

  it('one touchpoint takes 100%, two share 50/50', () => {
    expect(attribute([conversion(80, [tp('only', -DAY)])], { model: 'u-shape', lookbackDays: 30 }).get('only')).toEqual(
      { conversions: 1, revenue: 80, assistedConversions: 0, assistedRevenue: 0 },
    );
    const two = attribute([conversion(80, [tp('one', -2 * DAY), tp('two', -DAY)])], {
      model: 'u-shape',
      lookbackDays: 30,
    });
    expect(two.get('one')).toEqual({ conversions: 0.5, revenue: 40, assistedConversions: 1, assistedRevenue: 80 });
    expect(two.get('two')).toEqual({ conversions: 0.5, revenue: 40, assistedConversions: 0, assistedRevenue: 0 });
  });
});

describe("time decay against Google's 7-day half-life", () => {
  it('a click 8 days before the conversion gets half the weight of one 1 day before: 1/3 and 2/3', () => {
    const credits = attribute([conversion(90, [tp('eight', -8 * DAY, 'click'), tp('one', -DAY, 'click')])], {
      model: 'time-decay',
      lookbackDays: 30,
    });
    expect(credits.get('eight')!.revenue).toBeCloseTo(30, 10);
    expect(credits.get('one')!.revenue).toBeCloseTo(60, 10);
    expect(credits.get('eight')!.conversions).toBeCloseTo(1 / 3, 12);
  });

  it('same day, 7 and 14 days before weigh 1 : 1/2 : 1/4 (shares 4/7, 2/7, 1/7); the half-life is 7 days unless given', () => {
    const path = [tp('fourteen', -14 * DAY), tp('seven', -7 * DAY), tp('today', 0)];
    const credits = attribute([conversion(70, path)], { model: 'time-decay', lookbackDays: 30 });
    expect(credits.get('fourteen')!.revenue).toBeCloseTo(10, 10);
    expect(credits.get('seven')!.revenue).toBeCloseTo(20, 10);
    expect(credits.get('today')!.revenue).toBeCloseTo(40, 10);
    // A 14-day half-life: 14 days before weighs 1/2, 7 days before 2^(-1/2) ≈ 0.70711; total ≈ 2.20711.
    const slower = attribute([conversion(70, path)], { model: 'time-decay', lookbackDays: 30, halfLifeDays: 14 });
    expect(slower.get('fourteen')!.conversions).toBeCloseTo(0.5 / 2.207107, 5);
    expect(slower.get('seven')!.conversions).toBeCloseTo(0.707107 / 2.207107, 5);
    expect(slower.get('today')!.conversions).toBeCloseTo(1 / 2.207107, 5);
  });

  it('old paths do not underflow into NaN: two touches 55 years back (2^(-20000/7) is below the smallest double) share 1/3 and 2/3', () => {
    const credits = attribute([conversion(3, [tp('older', -20_007 * DAY), tp('newer', -20_000 * DAY)])], {
      model: 'time-decay',
      lookbackDays: Number.POSITIVE_INFINITY,
    });
    expect(credits.get('older')!.revenue).toBeCloseTo(1, 10);
    expect(credits.get('newer')!.revenue).toBeCloseTo(2, 10);
  });
});

/**
 * The shared path set (lookback 30 days, half-life 7 days). Each conversion at T:
 * C1 value 100: A -14d, C -7d, B -7d (same instant, given after C), A at T; X -31d and Y +1h fall out.
 *    Path A C B A: first A, last A; u-shape weights 40/10/10/40 → A 0.8, C 0.1, B 0.1; linear A 0.5,
 *    C 0.25, B 0.25; time decay 1/4 + 1 (A), 1/2 (C), 1/2 (B) of 9/4 → A 5/9, C 2/9, B 2/9;
 *    assists A, C, B (A once though it is also last); not single touch.
 * C2 value 60: B -3d (W -40d falls out): a single touch, B takes everything under every model.
 * C3 value 0: D -14d, C -7d: first D, last C, 50/50, time decay 1/4 : 1/2 → D 1/3, C 2/3; D assists.
 * C4 value 500: only A -31d: empty path, nobody credited. C5 value 70 without touchpoints: same.
 * C6 value 10: E exactly -30d: single touch on the window's edge.
 * C7 value 20: F -14d, F -7d, F at T: one CTA three times: it takes 100% in every model but
 *    single touch (three touchpoints), and one assist (not two).
 * C8 value 30: G -1d, H -1d (tie, G given first): first G, last H, halves elsewhere, G assists.
 */
const SET: Conversion[] = [
  conversion(100, [
    tp('A', -14 * DAY),
    tp('C', -7 * DAY, 'click'),
    tp('B', -7 * DAY),
    tp('A', 0, 'click'),
    tp('X', -31 * DAY),
    tp('Y', HOUR),
  ]),
  conversion(60, [tp('W', -40 * DAY), tp('B', -3 * DAY, 'click')]),
  conversion(0, [tp('D', -14 * DAY), tp('C', -7 * DAY)]),
  conversion(500, [tp('A', -31 * DAY)]),
  conversion(70, []),
  conversion(10, [tp('E', -30 * DAY)]),
  conversion(20, [tp('F', 0), tp('F', -7 * DAY), tp('F', -14 * DAY)]),
  conversion(30, [tp('G', -DAY), tp('H', -DAY, 'click')]),
];

/** Assisted numbers: the same under every model. */
const ASSISTS: Record<string, [number, number]> = {
  A: [1, 100],
  B: [1, 100],
  C: [1, 100],
  D: [1, 0],
  E: [0, 0],
  F: [1, 20],
  G: [1, 30],
  H: [0, 0],
};

/** Model credit [conversions, revenue] per CTA, worked out by hand from the comment above. */
// prettier-ignore
const MODEL_CREDIT: Record<AttributionModel, Record<string, [number, number]>> = {
  'first-touch':  { A: [1, 100],   B: [1, 60],          C: [0, 0],            D: [1, 0],     E: [1, 10], F: [1, 20], G: [1, 30],   H: [0, 0] },
  'last-touch':   { A: [1, 100],   B: [1, 60],          C: [1, 0],            D: [0, 0],     E: [1, 10], F: [1, 20], G: [0, 0],    H: [1, 30] },
  'u-shape':      { A: [0.8, 80],  B: [1.1, 70],        C: [0.6, 10],         D: [0.5, 0],   E: [1, 10], F: [1, 20], G: [0.5, 15], H: [0.5, 15] },
  'single-touch': { A: [0, 0],     B: [1, 60],          C: [0, 0],            D: [0, 0],     E: [1, 10], F: [0, 0],  G: [0, 0],    H: [0, 0] },
  'assist':       { A: [1, 100],   B: [1, 100],         C: [1, 100],          D: [1, 0],     E: [0, 0],  F: [1, 20], G: [1, 30],   H: [0, 0] },
  'linear':       { A: [0.5, 50],  B: [1.25, 85],       C: [0.75, 25],        D: [0.5, 0],   E: [1, 10], F: [1, 20], G: [0.5, 15], H: [0.5, 15] },
  'time-decay':   { A: [5 / 9, 500 / 9], B: [11 / 9, 740 / 9], C: [8 / 9, 200 / 9], D: [1 / 3, 0], E: [1, 10], F: [1, 20], G: [0.5, 15], H: [0.5, 15] },
};

describe('every model on the shared path set', () => {
  it('offers the seven models of DESIGN.md', () => {
    expect([...ATTRIBUTION_MODELS]).toEqual([
      'first-touch',
      'last-touch',
      'u-shape',
      'single-touch',
      'assist',
      'linear',
      'time-decay',
    ]);
  });

  it.each(ATTRIBUTION_MODELS.map((model) => [model]))('%s', (model) => {
    const expected: Record<string, Row> = {};
    for (const [ctaId, [conversions, revenue]] of Object.entries(MODEL_CREDIT[model])) {
      expected[ctaId] = [conversions, revenue, ASSISTS[ctaId][0], ASSISTS[ctaId][1]];
    }
    expectCredits(attribute(SET, { model, lookbackDays: 30 }), expected, model);
  });

  it("fractional models give out exactly the credited conversions' values (220 of C1, C2, C3, C6, C7, C8) and one conversion each", () => {
    for (const model of ['first-touch', 'last-touch', 'u-shape', 'linear', 'time-decay'] as const) {
      const credits = [...attribute(SET, { model, lookbackDays: 30 }).values()];
      expectWith(
        credits.reduce((sum, c) => sum + c.revenue, 0),
        model,
      ).toBeCloseTo(220, 10);
      expectWith(
        credits.reduce((sum, c) => sum + c.conversions, 0),
        model,
      ).toBeCloseTo(6, 10);
    }
  });

  it("a 7-day lookback cuts C1 to C, B, A and C3 to C, and drops E's conversion", () => {
    // C1: C -7d, B -7d, A at T; C2: B; C3: C alone; C6: nothing; C7: F -7d, F; C8: G, H.
    expectCredits(
      attribute(SET, { model: 'first-touch', lookbackDays: 7 }),
      {
        A: [0, 0, 0, 0],
        B: [1, 60, 1, 100],
        C: [2, 100, 1, 100],
        F: [1, 20, 1, 20],
        G: [1, 30, 1, 30],
        H: [0, 0, 0, 0],
      },
      'first-touch, 7 days',
    );
    expectCredits(
      attribute(SET, { model: 'single-touch', lookbackDays: 7 }),
      {
        A: [0, 0, 0, 0],
        B: [1, 60, 1, 100],
        C: [1, 0, 1, 100],
        F: [0, 0, 1, 20],
        G: [0, 0, 1, 30],
        H: [0, 0, 0, 0],
      },
      'single-touch, 7 days',
    );
  });

  it('no conversions, or only empty paths, credit nobody', () => {
    for (const model of ATTRIBUTION_MODELS) {
      expect(attribute([], { model, lookbackDays: 30 }).size).toBe(0);
      expect(attribute([SET[3], SET[4]], { model, lookbackDays: 30 }).size).toBe(0);
    }
  });

  it('a value that is not a number counts as 0; an unknown model is refused', () => {
    const credits = attribute([conversion(Number.NaN, [tp('a', -DAY), tp('b', 0)])], {
      model: 'linear',
      lookbackDays: 30,
    });
    expect(credits.get('a')).toEqual({ conversions: 0.5, revenue: 0, assistedConversions: 1, assistedRevenue: 0 });
    expect(() => attribute(SET, { model: 'w-shape' as AttributionModel, lookbackDays: 30 })).toThrow(RangeError);
  });
});

describe('incrementality', () => {
  it('60 of 1,000 exposed against 20 of 500 held out', () => {
    // rates 0.06 and 0.04; lift (0.06 - 0.04) / 0.04 = 0.5; incremental 60 - 0.04 × 1000 = 20;
    // pooled 80/1500 = 0.053333, se = sqrt(0.053333 × 0.946667 × (1/1000 + 1/500)) = 0.0123072,
    // z = 0.02 / 0.0123072 = 1.62507, p = 2 (1 - Φ(1.62507)) ≈ 2 × 0.052074 = 0.10415.
    const answer = incrementality({ users: 1000, conversions: 60 }, { users: 500, conversions: 20 });
    expect(answer.exposed).toEqual({ users: 1000, conversions: 60, rate: 0.06 });
    expect(answer.holdout).toEqual({ users: 500, conversions: 20, rate: 0.04 });
    expect(answer.lift).toBe(0.5);
    expect(answer.incrementalConversions).toBe(20);
    expect(answer.pValue).toBeCloseTo(0.10415, 4);
    expect(answer.significance).toBeCloseTo(0.89585, 4);
  });

  it('the published two-proportion example: 255 of 340 against 140 of 200', () => {
    // rates 0.75 and 0.7; lift 0.05 / 0.7 = 1/14; incremental 255 - 0.7 × 340 = 17; |z| = 1.266015.
    const answer = incrementality({ users: 340, conversions: 255 }, { users: 200, conversions: 140 });
    expect(answer.lift).toBeCloseTo(1 / 14, 12);
    expect(answer.incrementalConversions).toBeCloseTo(17, 10);
    expect(answer.pValue).toBeCloseTo(0.2055, 3);
  });

  it('a holdout without users: no rate, lift, incremental conversions or test', () => {
    expect(incrementality({ users: 100, conversions: 5 }, { users: 0, conversions: 0 })).toEqual({
      exposed: { users: 100, conversions: 5, rate: 0.05 },
      holdout: { users: 0, conversions: 0, rate: null },
      lift: null,
      incrementalConversions: null,
      pValue: null,
      significance: null,
    });
  });

  it('no exposed users: no exposed rate, no lift, no test; incremental conversions 0', () => {
    expect(incrementality({ users: 0, conversions: 0 }, { users: 100, conversions: 5 })).toEqual({
      exposed: { users: 0, conversions: 0, rate: null },
      holdout: { users: 100, conversions: 5, rate: 0.05 },
      lift: null,
      incrementalConversions: 0,
      pValue: null,
      significance: null,
    });
  });

  it('no conversions anywhere: rates 0, no lift, p = 1 (pooled rate 0), significance 0', () => {
    expect(incrementality({ users: 200, conversions: 0 }, { users: 50, conversions: 0 })).toEqual({
      exposed: { users: 200, conversions: 0, rate: 0 },
      holdout: { users: 50, conversions: 0, rate: 0 },
      lift: null,
      incrementalConversions: 0,
      pValue: 1,
      significance: 0,
    });
  });

  it('a holdout that never converts: lift undefined, every exposed conversion incremental, p from the test', () => {
    // pooled 10/200 = 0.05, se = sqrt(0.05 × 0.95 × 0.02) = 0.0308221, z = 0.1 / 0.0308221 = 3.24443,
    // p = 2 (1 - Φ(3.24443)) ≈ 0.001177.
    const answer = incrementality({ users: 100, conversions: 10 }, { users: 100, conversions: 0 });
    expect(answer.lift).toBeNull();
    expect(answer.incrementalConversions).toBe(10);
    expect(answer.pValue).toBeCloseTo(0.001177, 5);
  });

  it('counts that are not counts are 0, never NaN', () => {
    const answer = incrementality(
      { users: Number.NaN, conversions: 3 },
      { users: -4, conversions: Number.POSITIVE_INFINITY },
    );
    expect(answer).toEqual({
      exposed: { users: 0, conversions: 3, rate: null },
      holdout: { users: 0, conversions: 0, rate: null },
      lift: null,
      incrementalConversions: null,
      pValue: null,
      significance: null,
    });
  });
});
