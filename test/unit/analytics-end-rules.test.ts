// End rules (DESIGN.md "Experiment results": "a significance end rule waits for the same minimum";
// the rule's shape is endRuleSchema in libs/cro/src/domain/cro-fields.ts). The results are typed
// here by hand (not computed), and so is every expected outcome.
import { describe, expect, it } from '@jest/globals';
import { endRuleOutcome, trafficProblems, type EndRule } from '#libs/analytics/src/domain/end-rules.js';
import { networkOf } from '#libs/analytics/src/read/exposure-networks.js';
import type { ArmResult, ExperimentResults } from '#libs/analytics/src/domain/experiment-stats.js';

function variant(key: string, visitors: number, conversions: number, significance: number | null): ArmResult {
  // Only visitors, conversions and significance matter to the end rules; the rest is filler.
  return {
    key,
    visitors,
    conversions,
    rate: null,
    lift: null,
    delta: null,
    pValue: significance === null ? null : 1 - significance,
    significance,
    ciLow: null,
    ciHigh: null,
    chanceToWin: 0.5,
  };
}

function results(control: [number, number], variants: ArmResult[], winner: string | null = null): ExperimentResults {
  return {
    control: { key: 'control', visitors: control[0], conversions: control[1], rate: null },
    variants,
    srmPValue: null,
    srmFlag: false,
    winner,
  };
}

// 600 + 500 + 400 = 1,500 visitors; conversions 60 / 40 / 30; best significance 0.97 (c), b 0.80.
const THREE = results([600, 60], [variant('b', 500, 40, 0.8), variant('c', 400, 30, 0.97)], 'c');
const THREE_FIGURES = {
  visitors: 1500,
  conversionsPerVariant: { control: 60, b: 40, c: 30 },
  date: '2026-05-10',
  significance: 0.97,
};
const TODAY = '2026-05-10';

describe('endRuleOutcome: modes', () => {
  it('manual, a missing rule or null never completes', () => {
    expect(endRuleOutcome({ mode: 'manual', visitors: 1 }, THREE, TODAY)).toBeNull();
    expect(endRuleOutcome(null, THREE, TODAY)).toBeNull();
    expect(endRuleOutcome(undefined, THREE, TODAY)).toBeNull();
  });

  it('a mode outside manual/any/all never completes', () => {
    expect(endRuleOutcome({ mode: 'sometimes', visitors: 1 } as unknown as EndRule, THREE, TODAY)).toBeNull();
  });

  it('a rule with no criterion never completes, whatever its mode', () => {
    expect(endRuleOutcome({ mode: 'any' }, THREE, TODAY)).toBeNull();
    expect(endRuleOutcome({ mode: 'all' }, THREE, TODAY)).toBeNull();
  });
});

describe('endRuleOutcome: each criterion alone (mode any)', () => {
  it('visitors: total of every arm (1,500) at or above the rule', () => {
    expect(endRuleOutcome({ mode: 'any', visitors: 1500 }, THREE, TODAY)).toEqual({
      rule: 'visitors',
      met: ['visitors'],
      winner: 'c',
      figures: THREE_FIGURES,
    });
    expect(endRuleOutcome({ mode: 'any', visitors: 1501 }, THREE, TODAY)).toBeNull();
  });

  it('conversions per variant: every arm, the control included (smallest 30)', () => {
    expect(endRuleOutcome({ mode: 'any', conversionsPerVariant: 30 }, THREE, TODAY)).toEqual({
      rule: 'conversions_per_variant',
      met: ['conversions_per_variant'],
      winner: 'c',
      figures: THREE_FIGURES,
    });
    expect(endRuleOutcome({ mode: 'any', conversionsPerVariant: 31 }, THREE, TODAY)).toBeNull();
    // The control is an arm too: 10 conversions in the control, 50 in each variant.
    const lowControl = results([600, 10], [variant('b', 500, 50, 0.5)]);
    expect(endRuleOutcome({ mode: 'any', conversionsPerVariant: 20 }, lowControl, TODAY)).toBeNull();
  });

  it('date: today on or after the rule date (compared as calendar days)', () => {
    expect(endRuleOutcome({ mode: 'any', date: '2026-05-10' }, THREE, TODAY)).toMatchObject({
      rule: 'date',
      met: ['date'],
    });
    expect(endRuleOutcome({ mode: 'any', date: '2026-05-09' }, THREE, TODAY)).toMatchObject({
      rule: 'date',
      met: ['date'],
    });
    expect(endRuleOutcome({ mode: 'any', date: '2026-05-11' }, THREE, TODAY)).toBeNull();
    // Across a month and a year.
    expect(endRuleOutcome({ mode: 'any', date: '2025-12-31' }, THREE, '2026-01-01')).toMatchObject({ rule: 'date' });
    expect(endRuleOutcome({ mode: 'any', date: '2026-01-01' }, THREE, '2025-12-31')).toBeNull();
  });

  it('date: a today that is not YYYY-MM-DD never meets it', () => {
    expect(endRuleOutcome({ mode: 'any', date: '2026-05-10' }, THREE, 'tomorrow')).toBeNull();
    expect(endRuleOutcome({ mode: 'any', date: '2026-05-10' }, THREE, '')).toBeNull();
  });

  it('significance: the highest of the variants (0.97) at or above the rule, with the minimum sample in every arm', () => {
    expect(endRuleOutcome({ mode: 'any', significance: 0.97 }, THREE, TODAY)).toEqual({
      rule: 'significance',
      met: ['significance'],
      winner: 'c',
      figures: THREE_FIGURES,
    });
    expect(endRuleOutcome({ mode: 'any', significance: 0.975 }, THREE, TODAY)).toBeNull();
  });

  it('significance waits for 100 visitors and 25 conversions in every arm', () => {
    // 99 visitors in the control.
    expect(
      endRuleOutcome({ mode: 'any', significance: 0.9 }, results([99, 40], [variant('b', 500, 40, 0.99)]), TODAY),
    ).toBeNull();
    // 24 conversions in a variant that is not the most significant one.
    expect(
      endRuleOutcome(
        { mode: 'any', significance: 0.9 },
        results([500, 40], [variant('b', 500, 40, 0.99), variant('c', 500, 24, 0.1)]),
        TODAY,
      ),
    ).toBeNull();
    // Exactly 100 and 25 everywhere is enough.
    expect(
      endRuleOutcome({ mode: 'any', significance: 0.9 }, results([100, 25], [variant('b', 100, 25, 0.99)]), TODAY),
    ).toMatchObject({ rule: 'significance', met: ['significance'] });
  });

  it('significance is never met when no variant has one (no visitors); the figure is then null', () => {
    const empty = results([0, 0], [variant('b', 0, 0, null)]);
    expect(endRuleOutcome({ mode: 'any', significance: 0.5 }, empty, TODAY)).toBeNull();
    expect(endRuleOutcome({ mode: 'any', date: '2026-01-01' }, empty, TODAY)).toEqual({
      rule: 'date',
      met: ['date'],
      winner: null,
      figures: { visitors: 0, conversionsPerVariant: { control: 0, b: 0 }, date: TODAY, significance: null },
    });
  });
});

describe('endRuleOutcome: several criteria', () => {
  // Visitors 1,500 (rule 1,000: met), conversions 30 (rule 50: not), date 2026-05-01 (met), significance 0.97 (rule 0.95: met).
  const mixed = { visitors: 1000, conversionsPerVariant: 50, date: '2026-05-01', significance: 0.95 };

  it('any: completes naming the first met in the order visitors, conversions per variant, date, significance; met lists every met one', () => {
    expect(endRuleOutcome({ mode: 'any', ...mixed }, THREE, TODAY)).toEqual({
      rule: 'visitors',
      met: ['visitors', 'date', 'significance'],
      winner: 'c',
      figures: THREE_FIGURES,
    });
    // Visitors not met: date is the first met.
    expect(endRuleOutcome({ mode: 'any', ...mixed, visitors: 2000 }, THREE, TODAY)).toMatchObject({
      rule: 'date',
      met: ['date', 'significance'],
    });
    // Only significance met.
    expect(endRuleOutcome({ mode: 'any', ...mixed, visitors: 2000, date: '2026-06-01' }, THREE, TODAY)).toMatchObject({
      rule: 'significance',
      met: ['significance'],
    });
    // None met.
    expect(
      endRuleOutcome({ mode: 'any', ...mixed, visitors: 2000, date: '2026-06-01', significance: 0.99 }, THREE, TODAY),
    ).toBeNull();
  });

  it('all: waits while any configured criterion is unmet (conversions 30 < 50)', () => {
    expect(endRuleOutcome({ mode: 'all', ...mixed }, THREE, TODAY)).toBeNull();
  });

  it('all: completes when every configured one is met, naming the last configured in the order', () => {
    expect(endRuleOutcome({ mode: 'all', ...mixed, conversionsPerVariant: 30 }, THREE, TODAY)).toEqual({
      rule: 'significance',
      met: ['visitors', 'conversions_per_variant', 'date', 'significance'],
      winner: 'c',
      figures: THREE_FIGURES,
    });
    // Without significance configured, the date is the last one.
    expect(endRuleOutcome({ mode: 'all', visitors: 1000, date: '2026-05-01' }, THREE, TODAY)).toMatchObject({
      rule: 'date',
      met: ['visitors', 'date'],
    });
    // Visitors and conversions: conversions is the last.
    expect(endRuleOutcome({ mode: 'all', visitors: 1000, conversionsPerVariant: 30 }, THREE, TODAY)).toMatchObject({
      rule: 'conversions_per_variant',
      met: ['visitors', 'conversions_per_variant'],
    });
    // A single criterion under all is that criterion.
    expect(endRuleOutcome({ mode: 'all', visitors: 1000 }, THREE, TODAY)).toMatchObject({
      rule: 'visitors',
      met: ['visitors'],
    });
  });

  it('all: criteria that are not configured do not hold it back (undefined)', () => {
    expect(
      endRuleOutcome({ mode: 'all', visitors: 1000, conversionsPerVariant: undefined }, THREE, TODAY),
    ).toMatchObject({ rule: 'visitors', met: ['visitors'] });
  });

  it("the winner is the results' winner, also null", () => {
    const noWinner = results([600, 60], [variant('b', 500, 40, 0.8)], null);
    expect(endRuleOutcome({ mode: 'any', visitors: 100 }, noWinner, TODAY)).toEqual({
      rule: 'visitors',
      met: ['visitors'],
      winner: null,
      figures: { visitors: 1100, conversionsPerVariant: { control: 60, b: 40 }, date: TODAY, significance: 0.8 },
    });
    const controlWins = results([600, 60], [variant('b', 500, 40, 0.99)], 'control');
    expect(endRuleOutcome({ mode: 'any', significance: 0.95 }, controlWins, TODAY)).toMatchObject({
      rule: 'significance',
      winner: 'control',
    });
  });

  it('a variant key like __proto__ is an ordinary entry of the conversions figure', () => {
    const odd = results([600, 60], [variant('__proto__', 500, 40, 0.8)]);
    const outcome = endRuleOutcome({ mode: 'any', visitors: 100 }, odd, TODAY);
    expect(Object.hasOwn(outcome!.figures.conversionsPerVariant, '__proto__')).toBe(true);
    expect(Object.entries(outcome!.figures.conversionsPerVariant)).toEqual([
      ['control', 60],
      ['__proto__', 40],
    ]);
  });
});

// Issue 25 (forged traffic): an end rule completes a test only when its exposed visitors look real:
// >= 80% with a page view of the test's page around their exposure; no network with more than
// max(1, floor(20% of visitors)) of them; at least ceil(sqrt(visitors)) networks.
describe('traffic that looks real (typed by hand)', () => {
  // prettier-ignore
  const TABLE: readonly [visitors: number, withPageView: number, networks: number, largestNetwork: number, problems: string[]][] = [
    [0,     0,    0,   0,    []],                          // nothing to judge (a date rule)
    [4,     4,    4,   1,    []],                          // four visitors, four networks
    [4,     4,    3,   2,    ['networks']],                // two on one network: more than 1 of 4
    [4,     3,    4,   1,    ['page_views']],              // 3 < 3.2
    [5,     4,    5,   1,    []],                          // 4 >= 4.0
    [20,    20,   1,   20,   ['networks']],                // all from one network
    [20,    0,    20,  1,    ['page_views']],
    [20,    20,   10,  2,    []],                          // at most 4 per network, at least 5 networks
    [20,    20,   4,   4,    ['networks']],                // 4 networks < ceil(sqrt(20)) = 5
    [20,    20,   5,   5,    ['networks']],                // 5 > 4
    [100,   80,   10,  20,   []],                          // 20 = 20% allowed; 10 = sqrt(100)
    [100,   79,   9,   21,   ['page_views', 'networks']],
    [10000, 9000, 99,  200,  ['networks']],                // 100 networks needed
  ];
  for (const [visitors, withPageView, networks, largestNetwork, problems] of TABLE) {
    it(`${visitors} visitors, ${withPageView} with a page view, ${networks} networks, ${largestNetwork} on the largest -> ${problems.join(', ') || 'real'}`, () => {
      expect(trafficProblems({ visitors, withPageView, networks, largestNetwork })).toEqual(problems);
    });
  }

  it('a network is the /24 of an IPv4 address, the /64 of an IPv6 one', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100');
    expect(networkOf('::ffff:198.51.100.7')).toBe('198.51.100');
    expect(networkOf('2001:db8:1:2:3:4:5:6')).toBe('2001:0db8:0001:0002');
    expect(networkOf('2001:db8::1')).toBe('2001:0db8:0000:0000');
    expect(networkOf('2001:DB8:0:0:ffff::1')).toBe('2001:0db8:0000:0000');
    expect(networkOf('::1')).toBe('0000:0000:0000:0000');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0000:0000:0000');
    for (const bad of [null, undefined, '', 'localhost', '198.51.100', '1.2.3.4.5']) expect(networkOf(bad)).toBeNull();
  });
});
