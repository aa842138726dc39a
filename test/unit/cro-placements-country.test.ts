// The placements' country rule and analytics ids, pure (libs/cro/src/public/placements.ts; issue
// 14). Expected values written by hand from the doc comment of `Placements`.
import { describe, expect, it } from '@jest/globals';
import {
  countriesOf,
  decidesByCountry,
  deliveredAnalytics,
  placementsFor,
  type WebsiteDelivery,
} from '#libs/cro/src/public/placements.js';

const variants = [
  { key: 'control', weight: 50, changes: [] },
  { key: 'b', weight: 50, changes: [] },
];
const PAGE = 'https://shop.example/pricing';

function delivery(experiments: WebsiteDelivery['experiments']): WebsiteDelivery {
  return { campaigns: [], ctas: new Map(), experiments, lists: new Map() as unknown as WebsiteDelivery['lists'] };
}

describe('experiments with a countries rule', () => {
  it('countriesOf: a non-empty list, upper case; none or empty: no rule', () => {
    expect(countriesOf({ countries: ['DE', 'fr', ' at '] })).toEqual(['DE', 'FR', 'AT']);
    expect(countriesOf({ countries: [] })).toBeUndefined();
    expect(countriesOf({ devices: ['desktop'] })).toBeUndefined();
    expect(countriesOf(null)).toBeUndefined();
    // A list of nothing usable is still a rule: it matches nobody, never everybody.
    expect(countriesOf({ countries: [7] })).toEqual([]);
    expect(countriesOf(JSON.parse('{"__proto__": {"countries": ["DE"]}}'))).toBeUndefined();
  });

  it('is answered only to a visitor of a listed country, compared without case; unknown: not entered', () => {
    const site = delivery([
      { id: 'everywhere', page: PAGE, variants, trafficRules: {} },
      { id: 'dach', page: PAGE, variants, trafficRules: { visitorsPct: 40 }, countries: ['DE', 'AT', 'CH'] },
      { id: 'nobody', page: PAGE, variants, trafficRules: {}, countries: [] },
    ]);
    const ids = (country: string | null) => placementsFor(site, new URL(PAGE), 0, country).experiments.map((e) => e.id);
    expect(ids('DE')).toEqual(['everywhere', 'dach']);
    expect(ids('at')).toEqual(['everywhere', 'dach']);
    expect(ids('FR')).toEqual(['everywhere']);
    expect(ids(null)).toEqual(['everywhere']);
    // Without a country argument (the demo traffic seed): as unknown.
    expect(placementsFor(site, new URL(PAGE), 0).experiments.map((e) => e.id)).toEqual(['everywhere']);
    // The tracker gets only the rules it applies.
    expect(placementsFor(site, new URL(PAGE), 0, 'CH').experiments[1]).toEqual({
      id: 'dach',
      variants,
      trafficRules: { visitorsPct: 40 },
    });
    expect(decidesByCountry(site)).toBe(true);
    expect(decidesByCountry(delivery([{ id: 'everywhere', page: PAGE, variants, trafficRules: {} }]))).toBe(false);
  });
});

describe("the website's analytics ids", () => {
  it('texts as set; Segment only as a flag; anything else null', () => {
    expect(
      deliveredAnalytics({
        trackingDomains: ['shop.example'],
        googleAnalyticsId: 'G-1A2B3C4D5E',
        facebookPixelId: '123456789012345',
        tagManagerId: 'GTM-AB12CD3',
        segmentWriteKey: 'abcdefghij0123456789',
        hubspotCtaClickEventId: 'pe1234567_cta_clicked',
        controlGroupPct: 10,
      }),
    ).toEqual({
      googleAnalyticsId: 'G-1A2B3C4D5E',
      tagManagerId: 'GTM-AB12CD3',
      facebookPixelId: '123456789012345',
      segment: true,
      hubspotCtaClickEventId: 'pe1234567_cta_clicked',
    });
    const none = {
      googleAnalyticsId: null,
      tagManagerId: null,
      facebookPixelId: null,
      segment: false,
      hubspotCtaClickEventId: null,
    };
    expect(
      deliveredAnalytics({ googleAnalyticsId: null, facebookPixelId: 42, tagManagerId: '  ', segmentWriteKey: '' }),
    ).toEqual(none);
    expect(deliveredAnalytics(null)).toEqual(none);
    expect(deliveredAnalytics(JSON.parse('{"__proto__": {"googleAnalyticsId": "G-X"}}'))).toEqual(none);
  });
});
