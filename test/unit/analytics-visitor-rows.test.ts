// What one visitor's events add to the analytics read models (libs/analytics/src/domain/visitor-rows.ts),
// with the rows written out by hand from DESIGN.md "Analytics definitions".
import { describe, expect, it } from '@jest/globals';
import { pageOf, visitorRows, type VisitorEvent, type WebsiteConfig } from '#libs/analytics/src/domain/visitor-rows.js';

const T = Date.UTC(2026, 10, 20, 10, 0, 0); // 2026-11-20 10:00 UTC
const MIN = 60_000;
const HOUR = 60 * MIN;

let n = 0;
function ev(name: string, offsetMs: number, extra: Partial<VisitorEvent> = {}): VisitorEvent {
  return {
    id: `e${++n}`,
    name,
    time: T + offsetMs,
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
  };
}

const config: WebsiteConfig = {
  goals: [
    { id: 'g-buy', type: 'value', event: 'purchase', filters: [], currency: 'EUR' },
    {
      id: 'g-signup',
      type: 'count',
      event: 'form_submitted',
      filters: [{ property: 'ctaId', operator: 'equals', value: 'cta-a' }],
      currency: null,
    },
  ],
  experiments: [{ id: 'x1', goalId: 'g-buy' }],
  funnels: [{ id: 'f1', steps: [{ event: 'page_view' }, { event: 'purchase' }], windowSeconds: 3600, breakdown: null }],
};

describe('visitorRows', () => {
  it('a bot gets its visitor row and nothing else', () => {
    const rows = visitorRows([ev('page_view', 0, { bot: true }), ev('purchase', MIN, { value: 10 })], config);
    expect(rows).toEqual({
      visitor: { firstSeen: T, lastSeen: T + MIN, events: 2, bot: true },
      exposures: [],
      conversions: [],
      ctaHours: [],
      pageHours: [],
      funnelAttempts: [],
    });
  });

  it('a conversion keeps the touchpoints before it; a count goal is worth 0, a value goal its value', () => {
    const rows = visitorRows(
      [
        ev('cta_impression', 0, { ctaId: 'cta-a', campaignId: 'c1' }),
        ev('cta_click', MIN, { ctaId: 'cta-a', campaignId: 'c1' }),
        ev('form_submitted', 2 * MIN, { ctaId: 'cta-a' }),
        ev('form_submitted', 2 * MIN, { ctaId: 'cta-b' }), // not the goal's CTA
        ev('purchase', 3 * MIN, { value: 40, currency: 'USD' }),
        ev('cta_impression', 4 * MIN, { ctaId: 'cta-b' }), // after every conversion
      ],
      config,
    );
    expect(rows.conversions).toEqual([
      {
        goalId: 'g-buy',
        eventId: expect.any(String),
        time: T + 3 * MIN,
        value: 40,
        currency: 'USD',
        touchpoints: [
          ['cta-a', T, 'i'],
          ['cta-a', T + MIN, 'c'],
        ],
      },
      {
        goalId: 'g-signup',
        eventId: expect.any(String),
        time: T + 2 * MIN,
        value: 0,
        currency: null,
        touchpoints: [
          ['cta-a', T, 'i'],
          ['cta-a', T + MIN, 'c'],
        ],
      },
    ]);
    expect(rows.ctaHours).toEqual([
      {
        ctaId: 'cta-a',
        campaignId: 'c1',
        hour: T,
        impressions: 1,
        clicks: 1,
        holdouts: 0,
        firstImpressionAt: T,
        firstHoldoutAt: null,
      },
      {
        ctaId: 'cta-b',
        campaignId: '',
        hour: T,
        impressions: 1,
        clicks: 0,
        holdouts: 0,
        firstImpressionAt: T + 4 * MIN,
        firstHoldoutAt: null,
      },
    ]);
  });

  it('an experiment conversion is the first goal event at or after the first exposure of the variant', () => {
    const before = visitorRows(
      [ev('purchase', 0, { value: 1 }), ev('experiment_exposure', MIN, { experimentId: 'x1', variant: 'b' })],
      config,
    );
    expect(before.exposures).toEqual([{ experimentId: 'x1', variant: 'b', firstAt: T + MIN, convertedAt: null }]);
    const same = visitorRows(
      [
        ev('experiment_exposure', 0, { experimentId: 'x1', variant: 'b' }),
        ev('experiment_exposure', MIN, { experimentId: 'x1', variant: 'b' }),
        ev('purchase', 0, { value: 1 }),
      ],
      config,
    );
    expect(same.exposures).toEqual([{ experimentId: 'x1', variant: 'b', firstAt: T, convertedAt: T }]);
  });

  it('pages: views per page without query, organic views, a landing per session (30 minutes without events start a new one)', () => {
    const rows = visitorRows(
      [
        ev('page_view', 0, { url: 'https://shop.example/a?x=1', referrerClass: 'organic' }),
        ev('page_view', 10 * MIN, { url: 'https://shop.example/b' }),
        ev('page_view', 10 * MIN + 31 * MIN, { url: 'https://shop.example/a#top' }),
      ],
      config,
    );
    expect(rows.pageHours).toEqual([
      { page: 'https://shop.example/a', hour: T, views: 2, organic: 1, landings: 2 },
      { page: 'https://shop.example/b', hour: T, views: 1, organic: 0, landings: 0 },
    ]);
  });

  it('funnel attempts: every step-1 event, the step reached within the window', () => {
    const rows = visitorRows(
      [ev('page_view', 0), ev('page_view', 2 * HOUR), ev('purchase', 2 * HOUR + MIN, { value: 5 })],
      config,
    );
    expect(rows.funnelAttempts).toEqual([
      { funnelId: 'f1', start: T, reached: 1, stepTimes: [T], breakdown: null },
      {
        funnelId: 'f1',
        start: T + 2 * HOUR,
        reached: 2,
        stepTimes: [T + 2 * HOUR, T + 2 * HOUR + MIN],
        breakdown: null,
      },
    ]);
  });

  it('pageOf drops query and fragment, and answers null for what is not a URL', () => {
    expect(pageOf('https://shop.example/a/b?c=1#d')).toBe('https://shop.example/a/b');
    expect(pageOf('not a url')).toBeNull();
    expect(pageOf(null)).toBeNull();
  });
});
