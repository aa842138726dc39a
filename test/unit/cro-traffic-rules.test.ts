// Experiments' traffic rules (issue 13; DESIGN.md "CRO resources: the request shapes":
// `trafficRules?: { devices?, visitorsPct?, countries?, audiences? }`; seed 001 "traffic rules:
// devices, visitors, countries, audiences").
//
// - The share of visitors: a visitor takes part in an experiment when their traffic bucket, keyed
//   `traffic:{experimentId}` and independent of the variant bucket (keyed by the bare id), is in the
//   first `visitorsPct` percent of the 10,000 buckets. The buckets below were worked out by hand
//   outside this code (FNV-1a 32 over the UTF-16 units of "traffic:{experiment}:{visitor}", then
//   murmur3's fmix32, modulo 10000), not read from variant-assignment.ts.
// - What the placements deliver: `devices` and `visitorsPct`; `countries` and `audiences` cannot
//   be checked (no GeoIP database, no audiences yet), so Publish refuses them and a live experiment
//   that has one is served to nobody.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { given } from '../support/given.js';
import { ANALYST } from '../support/cro-actors.js';
import { assignVariant, bucketOf, inExperimentTraffic } from '#libs/cro/src/domain/variant-assignment.js';
import { experimentDecider } from '#libs/cro/src/domain/experiment.decider.js';
import {
  deliveredTrafficRules,
  placementsFor,
  unservableTrafficRules,
  type WebsiteDelivery,
} from '#libs/cro/src/public/placements.js';
import type { DomainEvent } from '#libs/platform/src/decider.js';

const TOLERANCE_POINTS = 3;

describe('the traffic bucket (visitorsPct)', () => {
  // visitor → its traffic bucket in experiment "exp-1" (hand-worked), and its variant bucket.
  const BUCKETS: Array<[string, number, number]> = [
    ['visitor-1', 7590, 6356],
    ['visitor-3', 5375, 5247],
    ['visitor-12', 1114, 6644],
    ['visitor-32', 285, 3131],
    ['visitor-38', 61, 2194],
  ];

  it.each(BUCKETS)('%s has traffic bucket %d and variant bucket %d in exp-1', (visitor, traffic, variant) => {
    expect(bucketOf(visitor, 'traffic:exp-1')).toBe(traffic);
    expect(bucketOf(visitor, 'exp-1')).toBe(variant);
  });

  it('enters a visitor when the bucket is below visitorsPct × 100 (to 0.01 %)', () => {
    const cases: Array<[string, number, boolean]> = [
      ['visitor-38', 1, true], // 61 < 100
      ['visitor-32', 1, false], // 285 ≥ 100
      ['visitor-32', 2.86, true], // 285 < 286
      ['visitor-32', 2.85, false], // 285 ≥ 285
      ['visitor-12', 11.14, false], // 1114 ≥ 1114
      ['visitor-12', 11.15, true],
      ['visitor-3', 50, false], // 5375 ≥ 5000
      ['visitor-3', 53.76, true],
      ['visitor-1', 75.9, false], // 7590 ≥ 7590
      ['visitor-1', 75.91, true],
      ['visitor-1', 99, true],
    ];
    for (const [visitor, pct, entered] of cases) {
      expect({ visitor, pct, entered: inExperimentTraffic(visitor, 'exp-1', pct) }).toEqual({ visitor, pct, entered });
    }
  });

  it('no rule enters everybody, 0 (or less, or not a number) nobody, 100 (or more) everybody', () => {
    for (const [visitor] of BUCKETS) {
      expect([visitor, inExperimentTraffic(visitor, 'exp-1', undefined)]).toEqual([visitor, true]);
      for (const pct of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
        expect([visitor, pct, inExperimentTraffic(visitor, 'exp-1', pct)]).toEqual([visitor, pct, false]);
      for (const pct of [100, 150])
        expect([visitor, pct, inExperimentTraffic(visitor, 'exp-1', pct)]).toEqual([visitor, pct, true]);
    }
  });

  const visitors = Array.from({ length: 10_000 }, () => randomUUID());

  it.each([
    [10, 10],
    [30, 30],
    [50, 50],
    [85, 85],
  ])(
    'visitorsPct %s enters %s %% of 10,000 visitors (±3 points), and a larger share keeps everyone a smaller one entered',
    (pct, expected) => {
      const entered = visitors.filter((v) => inExperimentTraffic(v, 'exp-share', pct));
      expect(Math.abs((entered.length / visitors.length) * 100 - expected)).toBeLessThanOrEqual(TOLERANCE_POINTS);
      expect(entered.filter((v) => !inExperimentTraffic(v, 'exp-share', Math.min(100, pct + 10)))).toEqual([]);
    },
  );

  it('leaving visitors out does not skew the split: 30 % entered into a 50/50 test still split 50/50, and so do those left out', () => {
    const variants = [
      { key: 'control', weight: 50 },
      { key: 'b', weight: 50 },
    ];
    const entered = visitors.filter((v) => inExperimentTraffic(v, 'exp-split', 30));
    const left = visitors.filter((v) => !inExperimentTraffic(v, 'exp-split', 30));
    for (const group of [entered, left]) {
      const b = group.filter((v) => assignVariant(v, 'exp-split', variants)?.key === 'b').length;
      expect(Math.abs((b / group.length) * 100 - 50)).toBeLessThanOrEqual(TOLERANCE_POINTS);
    }
  });

  it("two experiments' shares are independent: 50 % and 50 % enter about a quarter into both", () => {
    const both = visitors.filter(
      (v) => inExperimentTraffic(v, 'exp-x', 50) && inExperimentTraffic(v, 'exp-y', 50),
    ).length;
    expect(Math.abs((both / visitors.length) * 100 - 25)).toBeLessThanOrEqual(TOLERANCE_POINTS);
  });
});

describe('what the placements deliver of the traffic rules', () => {
  it('devices and visitorsPct as written; nothing else; {} without rules', () => {
    expect(
      deliveredTrafficRules({ devices: ['desktop', 'tablet'], visitorsPct: 30, countries: ['DE'], audiences: ['a-1'] }),
    ).toEqual({ devices: ['desktop', 'tablet'], visitorsPct: 30 });
    expect(deliveredTrafficRules({ devices: [], visitorsPct: 100 })).toEqual({ visitorsPct: 100 });
    expect(deliveredTrafficRules({ devices: ['mobile'] })).toEqual({ devices: ['mobile'] });
    expect(deliveredTrafficRules(null)).toEqual({});
    expect(deliveredTrafficRules(undefined)).toEqual({});
    expect(deliveredTrafficRules(['desktop'])).toEqual({});
    expect(deliveredTrafficRules(JSON.parse('{"__proto__": {"visitorsPct": 5}}'))).toEqual({});
  });

  it('countries and audiences (non-empty) cannot be served', () => {
    expect(unservableTrafficRules({ countries: ['DE'], audiences: ['a-1'], devices: ['desktop'] })).toEqual([
      'countries',
      'audiences',
    ]);
    expect(unservableTrafficRules({ countries: ['DE'] })).toEqual(['countries']);
    expect(unservableTrafficRules({ audiences: ['a-1'] })).toEqual(['audiences']);
    expect(unservableTrafficRules({ countries: [], audiences: [], visitorsPct: 10 })).toEqual([]);
    expect(unservableTrafficRules(null)).toEqual([]);
  });

  it('placementsFor answers each experiment of the page with its delivered rules', () => {
    const variants = [
      { key: 'control', weight: 50, changes: [] },
      { key: 'b', weight: 50, changes: [] },
    ];
    const delivery: WebsiteDelivery = {
      campaigns: [],
      ctas: new Map(),
      experiments: [
        {
          id: 'e-1',
          page: 'https://shop.example/pricing',
          variants,
          trafficRules: { devices: ['desktop'], visitorsPct: 25 },
        },
        { id: 'e-2', page: 'https://shop.example/pricing', variants, trafficRules: {} },
        { id: 'e-3', page: 'https://shop.example/other', variants, trafficRules: { visitorsPct: 10 } },
      ],
      lists: new Map() as unknown as WebsiteDelivery['lists'],
    };
    expect(placementsFor(delivery, new URL('https://shop.example/pricing/?a=1'), 5)).toEqual({
      campaigns: [],
      ctas: [],
      experiments: [
        { id: 'e-1', variants, trafficRules: { devices: ['desktop'], visitorsPct: 25 } },
        { id: 'e-2', variants, trafficRules: {} },
      ],
      controlGroupPct: 5,
    });
  });
});

describe('Publish refuses traffic rules nothing can check', () => {
  const CONTEXT = { website: { status: 'active', publishContent: true, domain: 'shop.example' } };
  const COUNTRIES =
    'Countries cannot be checked: no GeoIP database is configured. Remove the countries to publish this test.';
  const AUDIENCES = 'Audiences cannot be checked yet. Remove the audiences to publish this test.';
  const ANN = { id: 'u-analyst', name: 'Ann Analyst' };
  const fields = (trafficRules: Record<string, unknown>) => ({
    name: 'Hero headline',
    pageUrl: 'https://shop.example/',
    testType: 'ab',
    goalId: 'goal-1',
    variants: [
      { key: 'control', weight: 50 },
      { key: 'b', weight: 50 },
    ],
    significanceThreshold: 0.95,
    trafficRules,
  });
  const created = (trafficRules: Record<string, unknown>): DomainEvent => ({
    type: 'ExperimentCreated',
    data: { organisationId: 'org-1', websiteId: 'w-1', fields: fields(trafficRules), createdBy: ANN },
  });
  const publish = (context: Record<string, unknown> = CONTEXT) => ({
    type: 'Publish',
    data: {},
    actor: ANALYST,
    context,
  });

  it('devices and visitorsPct publish', () => {
    given(experimentDecider, [created({ devices: ['desktop'], visitorsPct: 30, countries: [], audiences: [] })])
      .when(publish())
      .then([{ type: 'ExperimentPublished', data: { from: 'draft', by: ANN } }]);
  });

  it('countries: refused without a GeoIP database; published once the context says one is configured', () => {
    given(experimentDecider, [created({ countries: ['DE'] })])
      .when(publish())
      .refused(422, COUNTRIES);
    given(experimentDecider, [created({ countries: ['DE'] })])
      .when(publish({ ...CONTEXT, geoIp: true }))
      .then([{ type: 'ExperimentPublished', data: { from: 'draft', by: ANN } }]);
  });

  it('audiences: refused, with or without GeoIP', () => {
    given(experimentDecider, [created({ audiences: ['a-1'] })])
      .when(publish())
      .refused(422, AUDIENCES);
    given(experimentDecider, [created({ audiences: ['a-1'] })])
      .when(publish({ ...CONTEXT, geoIp: true }))
      .refused(422, AUDIENCES);
  });

  it('a draft may hold them; a live or paused test cannot be given them', () => {
    const update = { type: 'Update', data: { trafficRules: { countries: ['NO'] } }, actor: ANALYST, context: CONTEXT };
    given(experimentDecider, [created({})])
      .when(update)
      .then([{ type: 'ExperimentUpdated', data: { changes: { trafficRules: { countries: ['NO'] } }, by: ANN } }]);
    const live = [created({}), { type: 'ExperimentPublished', data: { from: 'draft', by: ANN } }];
    given(experimentDecider, live).when(update).refused(422, COUNTRIES);
    given(experimentDecider, [...live, { type: 'ExperimentPaused', data: { from: 'live', by: ANN } }])
      .when({ ...update, data: { trafficRules: { audiences: ['a-1'] } } })
      .refused(422, AUDIENCES);
    given(experimentDecider, live)
      .when({ ...update, data: { trafficRules: { visitorsPct: 40 } } })
      .then([{ type: 'ExperimentUpdated', data: { changes: { trafficRules: { visitorsPct: 40 } }, by: ANN } }]);
  });
});
