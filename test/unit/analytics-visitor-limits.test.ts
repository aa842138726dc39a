// What one visitor may cost the analytics projector (docs/analytics.md "Limits", docs/security.md
// "Tracking pipeline"), with the expected rows worked out by hand:
// - an id counts once, 1,000 events of a UTC day are kept (the first ones);
// - a conversion's touchpoints are the CTA events of the year before it, the last 200;
// - 1,000 conversions per visitor (the first in time, then in the goals' order);
// - 1,000 attempts per funnel and visitor;
// - the steps run sliced give the same rows as in one go, pausing between steps.
import { describe, expect, it } from '@jest/globals';
import {
  keptEvents,
  visitorRows,
  visitorRowsSteps,
  type VisitorEvent,
  type WebsiteConfig,
} from '#libs/analytics/src/domain/visitor-rows.js';
import { runSliced, TimeSlice } from '#libs/platform/src/yielding.js';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Midnight UTC, 1 June 2026. */
const T0 = Date.UTC(2026, 5, 1);

const event = (id: string, name: string, time: number, extra: Partial<VisitorEvent> = {}): VisitorEvent => ({
  id,
  name,
  time,
  url: 'https://shop.example/',
  referrer: null,
  utm: null,
  ctaId: null,
  campaignId: null,
  experimentId: null,
  variant: null,
  value: null,
  currency: null,
  properties: {},
  bot: false,
  referrerClass: null,
  ...extra,
});
const click = (i: number, time: number) =>
  event(`c${String(i).padStart(4, '0')}`, 'cta_click', time, { ctaId: 'cta-1' });
const goal = (id: string, name: string) => ({ id, type: 'count' as const, event: name, filters: [], currency: null });
const config = (partial: Partial<WebsiteConfig>): WebsiteConfig => ({
  goals: [],
  experiments: [],
  funnels: [],
  ...partial,
});

describe('keptEvents', () => {
  it('keeps one event per id and the first 1,000 of each UTC day', () => {
    // 1,205 page views on 1 June, a second apart; 3 on 2 June; and e0005 again, later the same day.
    const first = Array.from({ length: 1205 }, (_, i) =>
      event(`e${String(i).padStart(4, '0')}`, 'page_view', T0 + i * 1000),
    );
    const second = [0, 1, 2].map((i) => event(`n${i}`, 'page_view', T0 + DAY + i * 1000));
    const again = event('e0005', 'page_view', T0 + 5 * 3_600_000);
    const kept = keptEvents([...second, ...first, again]);
    expect(kept).toHaveLength(1003);
    expect(kept[0]!.id).toBe('e0000');
    expect(kept[999]!.id).toBe('e0999');
    expect(kept.slice(1000).map((e) => e.id)).toEqual(['n0', 'n1', 'n2']);
    expect(kept.filter((e) => e.id === 'e0005')).toEqual([first[5]]);
  });

  it('leaves out an event whose time is not a number', () => {
    expect(keptEvents([event('a', 'page_view', Number.NaN), event('b', 'page_view', T0)]).map((e) => e.id)).toEqual([
      'b',
    ]);
  });
});

describe("a conversion's touchpoints", () => {
  it('are the CTA events before it, the last 200', () => {
    // 300 clicks a minute apart, each a conversion of the click goal.
    const clicks = Array.from({ length: 300 }, (_, i) => click(i, T0 + i * MINUTE));
    const rows = visitorRows(clicks, config({ goals: [goal('g', 'cta_click')] }));
    expect(rows.conversions).toHaveLength(300);
    expect(rows.conversions[0]!.touchpoints).toEqual([]);
    expect(rows.conversions[3]!.touchpoints).toEqual([
      ['cta-1', T0, 'c'],
      ['cta-1', T0 + MINUTE, 'c'],
      ['cta-1', T0 + 2 * MINUTE, 'c'],
    ]);
    // The 251st click's path: clicks 50 to 249 (200 of them).
    const path = rows.conversions[250]!.touchpoints;
    expect(path).toHaveLength(200);
    expect(path[0]).toEqual(['cta-1', T0 + 50 * MINUTE, 'c']);
    expect(path[199]).toEqual(['cta-1', T0 + 249 * MINUTE, 'c']);
  });

  it('lie in the year before it: a touchpoint of 400 days before is not on the path, nor one after it', () => {
    const purchase = T0 + 500 * DAY;
    const rows = visitorRows(
      [
        event('i-old', 'cta_impression', purchase - 400 * DAY, { ctaId: 'cta-old' }),
        event('i-year', 'cta_impression', purchase - 364 * DAY, { ctaId: 'cta-year' }),
        event('buy', 'purchase', purchase),
        event('i-after', 'cta_impression', purchase + MINUTE, { ctaId: 'cta-after' }),
      ],
      config({ goals: [goal('g', 'purchase')] }),
    );
    expect(rows.conversions.map((c) => c.touchpoints)).toEqual([[['cta-year', purchase - 364 * DAY, 'i']]]);
  });
});

describe('1,000 conversions per visitor', () => {
  it("keeps the first in time, then in the goals' order", () => {
    // 400 clicks a minute apart, three goals on the click: 1,200 matches; clicks 0 to 332 for the three goals (999), click 333 for the first.
    const clicks = Array.from({ length: 400 }, (_, i) => click(i, T0 + i * MINUTE));
    const rows = visitorRows(
      clicks,
      config({ goals: [goal('a', 'cta_click'), goal('b', 'cta_click'), goal('c', 'cta_click')] }),
    );
    expect(rows.conversions).toHaveLength(1000);
    const perGoal = (id: string) => rows.conversions.filter((c) => c.goalId === id);
    expect(perGoal('a')).toHaveLength(334);
    expect(perGoal('b')).toHaveLength(333);
    expect(perGoal('c')).toHaveLength(333);
    expect(perGoal('a').at(-1)!.eventId).toBe('c0333');
    expect(perGoal('c').at(-1)!.eventId).toBe('c0332');
  });

  it('an experiment still converts on a goal event beyond the recorded conversions', () => {
    // 1,200 clicks over two days (the goal), the exposure after click 1,150: the first click at or after it converts the visitor.
    const clicks = Array.from({ length: 1200 }, (_, i) => click(i, T0 + i * 2 * MINUTE));
    const exposure = event('x', 'experiment_exposure', T0 + 1150 * 2 * MINUTE + 1, {
      experimentId: 'exp',
      variant: 'b',
    });
    const rows = visitorRows(
      [...clicks, exposure],
      config({ goals: [goal('g', 'cta_click')], experiments: [{ id: 'exp', goalId: 'g' }] }),
    );
    expect(rows.conversions).toHaveLength(1000);
    expect(rows.exposures).toEqual([
      { experimentId: 'exp', variant: 'b', firstAt: T0 + 1150 * 2 * MINUTE + 1, convertedAt: T0 + 1151 * 2 * MINUTE },
    ]);
  });
});

describe('1,000 funnel attempts per visitor and funnel', () => {
  it("records the first 1,000 step-1 events' attempts", () => {
    // 600 page views a day on two days (all kept), never a purchase: 1,200 attempts of one step each, 1,000 recorded.
    const views = Array.from({ length: 1200 }, (_, i) =>
      event(`v${i}`, 'page_view', T0 + Math.floor(i / 600) * DAY + (i % 600) * MINUTE),
    );
    const rows = visitorRows(
      views,
      config({
        funnels: [
          {
            id: 'f',
            steps: [{ event: 'page_view' }, { event: 'purchase' }],
            windowSeconds: 14 * 86_400,
            breakdown: null,
          },
        ],
      }),
    );
    expect(rows.funnelAttempts).toHaveLength(1000);
    expect(rows.funnelAttempts[0]).toEqual({ funnelId: 'f', start: T0, reached: 1, stepTimes: [T0], breakdown: null });
    expect(rows.funnelAttempts[999]!.start).toBe(T0 + DAY + 399 * MINUTE);
  });

  it('an event is one step of an attempt only: two views reach a two-view funnel once, from the first', () => {
    const rows = visitorRows(
      [event('v1', 'page_view', T0), event('v2', 'page_view', T0 + MINUTE)],
      config({
        funnels: [
          { id: 'f', steps: [{ event: 'page_view' }, { event: 'page_view' }], windowSeconds: 3600, breakdown: null },
        ],
      }),
    );
    expect(rows.funnelAttempts).toEqual([
      { funnelId: 'f', start: T0, reached: 2, stepTimes: [T0, T0 + MINUTE], breakdown: null },
      { funnelId: 'f', start: T0 + MINUTE, reached: 1, stepTimes: [T0 + MINUTE], breakdown: null },
    ]);
  });
});

describe('the rows computed in slices', () => {
  it('are the rows computed in one go, with a pause between steps when every slice is used up', async () => {
    const events = [click(0, T0), click(1, T0 + MINUTE), event('buy', 'purchase', T0 + 2 * MINUTE)];
    const website = config({
      goals: [goal('g', 'purchase'), goal('k', 'cta_click')],
      funnels: [
        { id: 'f', steps: [{ event: 'cta_click' }, { event: 'purchase' }], windowSeconds: 3600, breakdown: null },
      ],
    });
    const slice = new TimeSlice(0);
    const sliced = await runSliced(visitorRowsSteps(events, website), slice);
    expect(sliced).toEqual(visitorRows(events, website));
    // After the kept events, each goal, the experiments, the pages and each funnel: 1 + 2 + 1 + 1 + 1.
    expect(slice.yields).toBe(6);
  });
});
