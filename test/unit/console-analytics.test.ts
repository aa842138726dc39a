// The Analytics area's numbers and words (apps/console/src/analytics/format.ts and words.ts):
// figures as people read them, "–" for a missing one, and an experiment's results in words by
// DESIGN.md "Experiment results" (a winner needs the threshold and the minimum sample in every arm,
// both as the API answers them with the results: 95 % and 100 visitors and 25 conversions here,
// other figures in the last test). Every expected text is written out by hand.
import { describe, expect, it } from '@jest/globals';
import {
  formatChance,
  formatCount,
  formatCredit,
  formatDuration,
  formatLift,
  formatMoney,
  formatPercent,
  formatPeriod,
  formatPValue,
} from '../../apps/console/src/analytics/format.js';
import { experimentSentences, incrementalitySentence } from '../../apps/console/src/analytics/words.js';
import type { ExperimentResults, VariantResult } from '../../apps/console/src/analytics/results.js';

describe('analytics figures', () => {
  it('counts with thousands separators, fractional credit to two places, "–" for what is missing or not a number', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(null)).toBe('–');
    expect(formatCount(Number.NaN)).toBe('–');
    expect(formatCredit(1.4)).toBe('1.4');
    expect(formatCredit(4 / 3)).toBe('1.33');
    expect(formatCredit(12345.5)).toBe('12,345.5');
    expect(formatCredit(undefined)).toBe('–');
  });

  it('percentages to one place, lifts with their sign, chances never certain, p-values', () => {
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1 / 3)).toBe('33.3%');
    expect(formatPercent(0.04167)).toBe('4.2%');
    expect(formatPercent(null)).toBe('–');
    expect(formatPercent(Number.POSITIVE_INFINITY)).toBe('–');
    expect(formatLift(0.18)).toBe('+18%');
    expect(formatLift(-0.125)).toBe('-12.5%');
    expect(formatLift(0)).toBe('0%');
    expect(formatLift(null)).toBe('–');
    expect(formatChance(0.953)).toBe('95%');
    expect(formatChance(0.9951)).toBe('> 99%');
    expect(formatChance(0.004)).toBe('< 1%');
    expect(formatChance(null)).toBe('–');
    expect(formatPValue(0.005654)).toBe('0.006');
    expect(formatPValue(0.0004)).toBe('< 0.001');
    expect(formatPValue(null)).toBe('–');
  });

  it('money in its currency; without a known code, the amount alone', () => {
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(1234.5, 'eur')).toBe('€1,234.50');
    expect(formatMoney(1234.5, null)).toBe('1,234.50');
    expect(formatMoney(10, 'EURO')).toBe('10.00');
    expect(formatMoney(null, 'EUR')).toBe('–');
  });

  it('durations in the unit that reads best, and report periods as axis labels', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(150)).toBe('2.5 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(36 * 3600)).toBe('1.5 d');
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(-1)).toBe('–');
    expect(formatPeriod('2026-05-04', 'day')).toBe('May 4');
    expect(formatPeriod('2026-05-04T13:00', 'hour')).toBe('13:00');
    expect(formatPeriod('2026-05-04T00:00', 'hour')).toBe('May 4 00:00');
    expect(formatPeriod('2026-05-01', 'month')).toBe('May 2026');
  });
});

/** One variant against the control (the API's shape); only the fields a sentence reads matter. */
const variant = (
  fields: Partial<VariantResult> & { key: string; visitors: number; conversions: number },
): VariantResult => ({
  rate: fields.visitors ? fields.conversions / fields.visitors : null,
  lift: null,
  delta: null,
  pValue: null,
  significance: null,
  ciLow: null,
  ciHigh: null,
  chanceToWin: 0.5,
  ...fields,
});
const results = (
  control: [number, number],
  variants: VariantResult[],
  winner: string | null = null,
): ExperimentResults => ({
  control: {
    key: 'control',
    visitors: control[0],
    conversions: control[1],
    rate: control[0] ? control[1] / control[0] : null,
  },
  variants,
  srmPValue: null,
  srmFlag: false,
  winner,
  significanceThreshold: 0.95,
  minimumSample: { visitors: 100, conversions: 25 },
});
const NAMES = { control: 'Control', b: 'Variant B' };
/** The sentences as the panel writes them: parts joined by "; ", a full stop at the end. */
const english: Record<string, (o: Record<string, string | number>) => string> = {
  noVisitors: () => 'No visitors yet',
  variantNoVisitors: (o) => `${o.name} has no visitors yet`,
  better: (o) => `${o.name} converts ${o.change} better than the control`,
  worse: (o) => `${o.name} converts ${o.change} worse than the control`,
  same: (o) => `${o.name} converts as well as the control`,
  noControlConversions: (o) =>
    `${o.name} converts ${o.rate} of its visitors; the control has no conversion yet to compare with`,
  chance: (o) => `${o.chance} chance to win`,
  notEnough: (o) =>
    `not enough visitors yet to call it (at least ${o.visitors} visitors and ${o.conversions} conversions per variant)`,
  winner: (o) => `the winner at ${o.threshold} significance`,
  controlWins: (o) => `the control wins at ${o.threshold} significance`,
  significant: (o) => `significant (${o.significance})`,
  notSignificant: (o) => `not significant yet (${o.significance}; ${o.threshold} needed)`,
};
const say = (r: ExperimentResults, significanceThreshold = r.significanceThreshold) =>
  experimentSentences({ ...r, significanceThreshold }, NAMES).map(
    (parts) => `${parts.map(([key, options]) => english[key]!(options ?? {})).join('; ')}.`,
  );

describe('experiment results in words', () => {
  it('nobody exposed: "No visitors yet."', () => {
    expect(say(results([0, 0], [variant({ key: 'b', visitors: 0, conversions: 0 })]))).toEqual(['No visitors yet.']);
  });

  it('under the minimum sample: better or worse, the chance to win, and why it cannot be called', () => {
    const better = results(
      [40, 10],
      [variant({ key: 'b', visitors: 40, conversions: 12, lift: 0.2, chanceToWin: 0.676 })],
    );
    expect(say(better)).toEqual([
      'Variant B converts 20% better than the control; 68% chance to win; not enough visitors yet to call it (at least 100 visitors and 25 conversions per variant).',
    ]);
    const worse = results(
      [400, 100],
      [variant({ key: 'b', visitors: 400, conversions: 88, lift: -0.12, chanceToWin: 0.19, significance: 0.62 })],
    );
    // 100 conversions of the control, 88 of B: the sample is there, the significance is not.
    expect(say(worse)).toEqual([
      'Variant B converts 12% worse than the control; 19% chance to win; not significant yet (62%; 95% needed).',
    ]);
    // 24 conversions in one arm is one short of the minimum, whatever the significance.
    const short = results(
      [1000, 24],
      [variant({ key: 'b', visitors: 1000, conversions: 60, lift: 1.5, chanceToWin: 0.9999, significance: 0.9999 })],
    );
    expect(say(short)[0]).toBe(
      'Variant B converts 150% better than the control; > 99% chance to win; not enough visitors yet to call it (at least 100 visitors and 25 conversions per variant).',
    );
  });

  it('with the sample and the significance: the winner, or the control winning', () => {
    const won = results(
      [1000, 100],
      [variant({ key: 'b', visitors: 1000, conversions: 140, lift: 0.4, chanceToWin: 0.998, significance: 0.9957 })],
      'b',
    );
    expect(say(won)).toEqual([
      'Variant B converts 40% better than the control; > 99% chance to win; the winner at 95% significance.',
    ]);
    const lost = results(
      [1000, 140],
      [
        variant({
          key: 'b',
          visitors: 1000,
          conversions: 100,
          lift: -0.2857,
          chanceToWin: 0.002,
          significance: 0.9957,
        }),
      ],
      'control',
    );
    expect(say(lost)).toEqual([
      'Variant B converts 28.6% worse than the control; < 1% chance to win; the control wins at 95% significance.',
    ]);
    // The experiment's own threshold: at 99.9 % the API calls no winner, and 99.57 % is not enough.
    expect(say({ ...won, winner: null }, 0.999)).toEqual([
      'Variant B converts 40% better than the control; > 99% chance to win; not significant yet (99.6%; 99.9% needed).',
    ]);
  });

  it('no lift to give: the control converts nobody; a variant nobody saw', () => {
    const noBase = results(
      [120, 0],
      [variant({ key: 'b', visitors: 100, conversions: 5, lift: null, chanceToWin: 0.5 })],
    );
    expect(say(noBase)).toEqual([
      'Variant B converts 5% of its visitors; the control has no conversion yet to compare with; 50% chance to win; not enough visitors yet to call it (at least 100 visitors and 25 conversions per variant).',
    ]);
    expect(say(results([10, 1], [variant({ key: 'b', visitors: 0, conversions: 0 })]))).toEqual([
      'Variant B has no visitors yet.',
    ]);
  });

  it("calls by the API's minimum sample, not a copy of it: 40 visitors and 10 conversions are enough when the answer says so", () => {
    const small = {
      ...results(
        [40, 10],
        [variant({ key: 'b', visitors: 40, conversions: 14, lift: 0.4, chanceToWin: 0.83, significance: 0.97 })],
        'b',
      ),
      minimumSample: { visitors: 40, conversions: 10 },
    };
    expect(say(small)).toEqual([
      'Variant B converts 40% better than the control; 83% chance to win; the winner at 95% significance.',
    ]);
    const larger = { ...small, winner: null, minimumSample: { visitors: 500, conversions: 50 } };
    expect(say(larger)).toEqual([
      'Variant B converts 40% better than the control; 83% chance to win; not enough visitors yet to call it (at least 500 visitors and 50 conversions per variant).',
    ]);
  });
});

describe('incrementality in words', () => {
  const group = (users: number, conversions: number) => ({
    users,
    conversions,
    rate: users ? conversions / users : null,
  });
  it('more or fewer conversions than the control group, or why it cannot be said', () => {
    // 900 exposed, 90 converting (10 %); 100 held back, 5 converting (5 %): lift +100 %, 90 - 5 × 9 = 45 more.
    expect(
      incrementalitySentence({
        exposed: group(900, 90),
        holdout: group(100, 5),
        lift: 1,
        incrementalConversions: 45,
        pValue: 0.0713,
        significance: 0.9287,
      }),
    ).toEqual(['incrementality.more', { change: '100%', extra: '45', p: '0.071' }]);
    expect(
      incrementalitySentence({
        exposed: group(90, 3),
        holdout: group(10, 1),
        lift: -0.6667,
        incrementalConversions: -6,
        pValue: 0.4,
        significance: 0.6,
      }),
    ).toEqual(['incrementality.less', { change: '66.7%', extra: '6', p: '0.400' }]);
    expect(
      incrementalitySentence({
        exposed: group(10, 1),
        holdout: group(0, 0),
        lift: null,
        incrementalConversions: null,
        pValue: null,
        significance: null,
      }),
    ).toEqual(['incrementality.noHoldout']);
    expect(
      incrementalitySentence({
        exposed: group(0, 0),
        holdout: group(10, 1),
        lift: null,
        incrementalConversions: null,
        pValue: null,
        significance: null,
      }),
    ).toEqual(['incrementality.noExposed']);
    expect(
      incrementalitySentence({
        exposed: group(10, 2),
        holdout: group(10, 0),
        lift: null,
        incrementalConversions: 2,
        pValue: 0.136,
        significance: 0.864,
      }),
    ).toEqual(['incrementality.noBase', { rate: '20%' }]);
  });
});
