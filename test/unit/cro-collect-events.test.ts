// The tracking events of POST /api/public/collect against tables typed by hand from DESIGN.md
// ("Public delivery": the endpoint answers { accepted, duplicates, rejected: [{ index, reason }] };
// an event's time may lie up to 400 days in the past, older or more than 5 minutes ahead is
// rejected with a reason; "Analytics definitions": the event names, invalid events rejected one by
// one, the valid ones of the batch kept) and the decisions written in
// libs/cro/src/domain/collect-events.ts (at most 100 events a batch; the tracker's aliases `type`
// and `visitorId`; cta_* and form_submitted need ctaId; experiment_exposure needs experimentId and
// variant; flat, bounded properties and fields without __proto__ / constructor / prototype).
import { describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { validateCollectBatch, type CollectedEvent } from '#libs/cro/src/domain/collect-events.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const URL = 'https://shop.example/pricing';
const base = { id: 'e-1', name: 'page_view', distinctId: 'v-1', time: '2026-06-01T11:59:00Z', url: URL };
const NORMALISED: CollectedEvent = {
  id: 'e-1',
  name: 'page_view',
  distinctId: 'v-1',
  sessionId: null,
  time: '2026-06-01T11:59:00.000Z',
  url: URL,
  referrer: null,
  utm: null,
  ctaId: null,
  campaignId: null,
  experimentId: null,
  variant: null,
  value: null,
  currency: null,
  properties: {},
  fields: null,
};

/** One event alone in a batch: what becomes of it. */
function one(event: unknown, options?: Parameters<typeof validateCollectBatch>[2]) {
  return validateCollectBatch({ siteKey: 'site-key-1', events: [event] }, NOW, options);
}

describe('events that are accepted, and what is kept of them', () => {
  // prettier-ignore
  const TABLE: readonly [label: string, event: unknown, kept: Partial<CollectedEvent>][] = [
    ['a page view', base, {}],
    ["the tracker's names: type, visitorId, epoch milliseconds", { id: 'e-1', type: 'cta_click', visitorId: 'v-1', time: NOW - 1000, url: URL, ctaId: 'cta-1' },
      { name: 'cta_click', ctaId: 'cta-1', time: '2026-06-01T11:59:59.000Z' }],
    ['name and type both, the same', { ...base, type: 'page_view', visitorId: 'v-1' }, {}],
    ['a uuid id', { ...base, id: '7f1c2a9e-3b4d-4c5e-8f6a-0b1c2d3e4f5a' }, { id: '7f1c2a9e-3b4d-4c5e-8f6a-0b1c2d3e4f5a' }],
    ['no id (cannot be de-duplicated)', { ...base, id: undefined }, { id: null }],
    ['a time with an offset, kept in UTC', { ...base, time: '2026-06-01T13:59:00.250+02:00' }, { time: '2026-06-01T11:59:00.250Z' }],
    ['a time as the tracker writes it, kept', { ...base, time: '2026-06-01T11:59:00.250Z' }, { time: '2026-06-01T11:59:00.250Z' }],
    ['a time without milliseconds, written with them', { ...base, time: '2026-06-01T11:59:00Z' }, { time: '2026-06-01T11:59:00.000Z' }],
    ['24:00 is the next day at midnight', { ...base, time: '2026-05-31T24:00:00.000Z' }, { time: '2026-06-01T00:00:00.000Z' }],
    ['exactly 400 days old', { ...base, time: NOW - 400 * DAY }, { time: '2025-04-27T12:00:00.000Z' }],
    ['exactly 5 minutes ahead', { ...base, time: NOW + 5 * 60 * 1000 }, { time: '2026-06-01T12:05:00.000Z' }],
    ['a form submission with its fields', { ...base, name: 'form_submitted', ctaId: 'cta-1', campaignId: 'camp-1', fields: { email: 'ann@example.com', 'First name': 'Ann' } },
      { name: 'form_submitted', ctaId: 'cta-1', campaignId: 'camp-1', fields: { email: 'ann@example.com', 'First name': 'Ann' } }],
    ['a form submission without fields', { ...base, name: 'form_submitted', ctaId: 'cta-1' }, { name: 'form_submitted', ctaId: 'cta-1', fields: {} }],
    ['an experiment exposure', { ...base, name: 'experiment_exposure', experimentId: 'exp-1', variant: 'B' }, { name: 'experiment_exposure', experimentId: 'exp-1', variant: 'B' }],
    ['a holdout', { ...base, name: 'cta_holdout', ctaId: 'cta-1' }, { name: 'cta_holdout', ctaId: 'cta-1' }],
    // {"p0":"n…n",…}: 2 + 8 × 1,007 + 7 commas = 8,065 characters of JSON, under 8,192.
    ['properties of 8,065 characters of JSON', { ...base, properties: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, 'n'.repeat(1000)])) },
      { properties: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, 'n'.repeat(1000)])) }],
    ['a dialog opening (no CTA needed)', { ...base, name: 'dialog_open' }, { name: 'dialog_open' }],
    ['a Calendly booking without url', { ...base, name: 'calendly_event_scheduled', url: undefined }, { name: 'calendly_event_scheduled', url: null }],
    ['a custom event with a value and currency', { id: 'e-1', name: 'purchase', distinctId: 'v-1', time: base.time, value: 49.9, currency: 'eur' },
      { name: 'purchase', url: null, value: 49.9, currency: 'EUR' }],
    ['session, referrer, utm (unknown utm keys ignored)', { ...base, sessionId: 's-1', referrer: 'https://news.example/a', utm: { source: 'news', medium: 'email', utm_id: 'x' } },
      { sessionId: 's-1', referrer: 'https://news.example/a', utm: { source: 'news', medium: 'email', campaign: null, term: null, content: null } }],
    ['an empty referrer is none', { ...base, referrer: '' }, { referrer: null }],
    ['flat properties', { ...base, properties: { plan: 'pro', seats: 3, trial: true } }, { properties: { plan: 'pro', seats: 3, trial: true } }],
    ['unknown top-level fields are ignored', { ...base, city: 'Oslo', __proto__x: 1 }, {}],
  ];
  for (const [label, event, kept] of TABLE) {
    it(label, () => {
      const answer = one(event);
      expectWith(answer.rejected, label).toEqual([]);
      expect(answer.valid).toEqual([{ index: 0, event: { ...NORMALISED, ...kept } }]);
    });
  }
});

describe('events that are rejected, with the reason', () => {
  // prettier-ignore
  const TABLE: readonly [label: string, event: unknown, reason: string][] = [
    ['not an object',                 'page_view',                                          'an event must be an object'],
    ['null',                          null,                                                 'an event must be an object'],
    ['a list',                        [base],                                               'an event must be an object'],
    ['an id with a space',            { ...base, id: 'e 1' },                               'id must be a uuid or 1 to 64 letters, digits, _ or -'],
    ['an id of 65 characters',        { ...base, id: 'x'.repeat(65) },                      'id must be a uuid or 1 to 64 letters, digits, _ or -'],
    ['no name',                       { ...base, name: undefined },                         'name is missing (the event name, such as page_view)'],
    ['a name with a space',           { ...base, name: 'page view' },                       'name must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters'],
    ['a name of 65 characters',       { ...base, name: `e${'x'.repeat(64)}` },              'name must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters'],
    ['name and type differ',          { ...base, type: 'cta_click' },                       'name and type differ'],
    ['no visitor',                    { ...base, distinctId: undefined },                   'distinctId is missing (the visitor id)'],
    ['distinctId and visitorId differ', { ...base, visitorId: 'v-2' },                      'distinctId and visitorId differ'],
    ['a visitor id of 129 characters', { ...base, distinctId: 'v'.repeat(129) },            'distinctId must be 1 to 128 characters without control characters'],
    ['no time',                       { ...base, time: undefined },                         'time is missing'],
    ['a time without zone',           { ...base, time: '2026-06-01T11:59:00' },             'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds'],
    ['a date only',                   { ...base, time: '2026-06-01' },                      'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds'],
    ['30 February',                   { ...base, time: '2026-02-30T10:00:00Z' },            'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds'],
    ['fractional milliseconds',       { ...base, time: NOW - 0.5 },                         'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds'],
    ['a time in words',               { ...base, time: 'yesterday' },                       'time must be an ISO 8601 date and time with a time zone, or epoch milliseconds'],
    ['400 days and 1 ms old',         { ...base, time: NOW - 400 * DAY - 1 },               'time is more than 400 days in the past'],
    ['5 minutes and 1 ms ahead',      { ...base, time: NOW + 5 * 60 * 1000 + 1 },           'time is more than 5 minutes in the future'],
    ['a page view without url',       { ...base, url: undefined },                          'url is missing'],
    ['a relative url',                { ...base, url: '/pricing' },                         'url must be an absolute http(s) URL of at most 2048 characters'],
    ['a javascript: url',             { ...base, url: 'javascript:alert(1)' },              'url must be an absolute http(s) URL of at most 2048 characters'],
    ['a referrer that is no URL',     { ...base, referrer: 'news' },                        'referrer must be an absolute URL of at most 2048 characters'],
    ['utm that is text',              { ...base, utm: 'news' },                             'utm must be an object of texts (source, medium, campaign, term, content) of at most 200 characters'],
    ['a utm source that is a number', { ...base, utm: { source: 5 } },                      'utm must be an object of texts (source, medium, campaign, term, content) of at most 200 characters'],
    ['a click without CTA',           { ...base, name: 'cta_click' },                       'ctaId is missing: cta_click events need it'],
    ['an impression without CTA',     { ...base, name: 'cta_impression' },                  'ctaId is missing: cta_impression events need it'],
    ['a holdout without CTA',         { ...base, name: 'cta_holdout' },                     'ctaId is missing: cta_holdout events need it'],
    ['a form without CTA',            { ...base, name: 'form_submitted', fields: {} },      'ctaId is missing: form_submitted events need it'],
    ['an exposure without experiment', { ...base, name: 'experiment_exposure', variant: 'B' }, 'experimentId is missing: experiment_exposure events need it'],
    ['an exposure without variant',   { ...base, name: 'experiment_exposure', experimentId: 'exp-1' }, 'variant is missing: experiment_exposure events need it'],
    ['a CTA id with a slash',         { ...base, name: 'cta_click', ctaId: '../cta' },      'ctaId must be 1 to 100 letters, digits, _ or -'],
    ['a campaign id that is a number', { ...base, campaignId: 7 },                          'campaignId must be 1 to 100 letters, digits, _ or -'],
    ['a value that is text',          { ...base, value: '12' },                             'value must be a finite number between -1e12 and 1e12'],
    ['a value too large',             { ...base, value: 2e12 },                             'value must be a finite number between -1e12 and 1e12'],
    ['a currency of four letters',    { ...base, value: 1, currency: 'EURO' },              'currency must be a three-letter code such as EUR'],
    ['properties that are a list',    { ...base, properties: ['a'] },                       'properties must be a flat object of texts, numbers and true or false'],
    ['a nested property',             { ...base, properties: { plan: { name: 'pro' } } },   'properties.plan must be text, a number, or true or false'],
    ['a null property',               { ...base, properties: { plan: null } },              'properties.plan must be text, a number, or true or false'],
    ['a property key "constructor"',  { ...base, properties: { constructor: 'x' } },        'properties must not use the key constructor'],
    ['a property key "prototype"',    { ...base, properties: { prototype: 'x' } },          'properties must not use the key prototype'],
    ['a property key of 65 characters', { ...base, properties: { ['k'.repeat(65)]: 1 } },   'properties keys must be 1 to 64 characters without control characters'],
    ['an empty property key',         { ...base, properties: { '': 1 } },                   'properties keys must be 1 to 64 characters without control characters'],
    ['51 properties',                 { ...base, properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`p${i}`, i])) }, 'properties has more than 50 keys'],
    ['a property of 1,001 characters', { ...base, properties: { note: 'n'.repeat(1001) } }, 'properties.note is longer than 1000 characters'],
    ['properties over 8,192 characters', { ...base, properties: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`p${i}`, 'n'.repeat(1000)])) }, 'properties are larger than 8192 characters'],
    // 8,000 characters of text, but each " is written \" in JSON: 16,000 and more.
    ['properties over 8,192 characters once escaped', { ...base, properties: Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`p${i}`, '"'.repeat(1000)])) }, 'properties are larger than 8192 characters'],
    ['fields on a page view',         { ...base, fields: { email: 'ann@example.com' } },    'only form_submitted events carry fields'],
    ['a field that is a number',      { ...base, name: 'form_submitted', ctaId: 'cta-1', fields: { age: 42 } }, 'fields.age must be text'],
    ['fields that are text',          { ...base, name: 'form_submitted', ctaId: 'cta-1', fields: 'email' }, 'fields must be an object of texts'],
    ['a field of 2,001 characters',   { ...base, name: 'form_submitted', ctaId: 'cta-1', fields: { message: 'm'.repeat(2001) } }, 'fields.message is longer than 2000 characters'],
    ['a field key "constructor"',     { ...base, name: 'form_submitted', ctaId: 'cta-1', fields: { constructor: 'x' } }, 'fields must not use the key constructor'],
  ];
  for (const [label, event, reason] of TABLE) {
    it(`${label} -> "${reason}"`, () => {
      expect(one(event)).toEqual({
        siteKey: 'site-key-1',
        valid: [],
        rejected: [{ index: 0, reason }],
        duplicates: [],
      });
    });
  }

  it('a form field of 2,000 characters and 50 fields are accepted', () => {
    const fields = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`f${i}`, i === 0 ? 'm'.repeat(2000) : 'x']),
    );
    expect(one({ ...base, name: 'form_submitted', ctaId: 'cta-1', fields }).valid[0]?.event.fields).toEqual(fields);
  });

  it('a custom event is refused when the caller accepts only the names its goals track', () => {
    const purchase = { ...base, name: 'purchase' };
    expect(one(purchase, { customEvents: new Set(['signup']) }).rejected).toEqual([
      { index: 0, reason: 'no goal tracks the event purchase' },
    ]);
    expect(one(purchase, { customEvents: new Set(['purchase']) }).valid).toHaveLength(1);
    expect(one(base, { customEvents: new Set() }).valid).toHaveLength(1);
  });
});

describe('prototype pollution: __proto__ keys as JSON.parse makes them', () => {
  it('a "__proto__" key in properties or fields rejects the event and pollutes nothing', () => {
    const body = JSON.parse(
      JSON.stringify({
        siteKey: 'site-key-1',
        events: [
          { ...base, properties: { PROTO: { polluted: true } } },
          { ...base, id: 'e-2', name: 'form_submitted', ctaId: 'cta-1', fields: { PROTO: 'x' } },
          { ...base, id: 'e-3', PROTO: { polluted: true }, utm: { PROTO: { polluted: true }, source: 'a' } },
        ],
      }).replaceAll('PROTO', '__proto__'),
    );
    const answer = validateCollectBatch(body, NOW);
    expect(answer.rejected).toEqual([
      { index: 0, reason: 'properties must not use the key __proto__' },
      { index: 1, reason: 'fields must not use the key __proto__' },
    ]);
    expect(answer.valid.map((v) => v.index)).toEqual([2]);
    expect(answer.valid[0]?.event.utm).toEqual({
      source: 'a',
      medium: null,
      campaign: null,
      term: null,
      content: null,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(answer.valid[0]!.event)).toBe(Object.prototype);
  });
});

describe('a batch', () => {
  it('one bad event never rejects the others: each keeps its index', () => {
    const answer = validateCollectBatch(
      { siteKey: 'site-key-1', events: [base, { ...base, id: 'e-2', url: 'nope' }, { ...base, id: 'e-3' }] },
      NOW,
    );
    expect(answer.valid.map((v) => [v.index, v.event.id])).toEqual([
      [0, 'e-1'],
      [2, 'e-3'],
    ]);
    expect(answer.rejected).toEqual([
      { index: 1, reason: 'url must be an absolute http(s) URL of at most 2048 characters' },
    ]);
  });

  it('a second event with the id of an earlier valid one is a duplicate; a rejected one does not take its id', () => {
    const answer = validateCollectBatch(
      {
        siteKey: 'site-key-1',
        events: [
          base,
          { ...base, time: '2026-06-01T11:59:30Z' },
          { ...base, id: 'e-2', url: undefined },
          { ...base, id: 'e-2' },
          { ...base, id: undefined },
          { ...base, id: undefined },
        ],
      },
      NOW,
    );
    expect(answer.valid.map((v) => v.index)).toEqual([0, 3, 4, 5]);
    expect(answer.duplicates).toEqual([1]);
    expect(answer.rejected).toEqual([{ index: 2, reason: 'url is missing' }]);
  });

  it('an empty batch is valid; 100 events are accepted; `now` may be a Date', () => {
    expect(validateCollectBatch({ siteKey: 'site-key-1', events: [] }, NOW)).toEqual({
      siteKey: 'site-key-1',
      valid: [],
      rejected: [],
      duplicates: [],
    });
    const hundred = Array.from({ length: 100 }, (_, i) => ({ ...base, id: `e-${i}` }));
    expect(validateCollectBatch({ siteKey: 'site-key-1', events: hundred }, new Date(NOW)).valid).toHaveLength(100);
  });

  // prettier-ignore
  const REFUSED: readonly [label: string, body: unknown, message: string][] = [
    ['text',                'events',                                                    'The request body must be a JSON object'],
    ['null',                null,                                                        'The request body must be a JSON object'],
    ['a list',              [base],                                                      'The request body must be a JSON object'],
    ['no site key',         { events: [base] },                                          'siteKey is missing'],
    ['an empty site key',   { siteKey: '', events: [base] },                             'siteKey is missing'],
    ['a site key with a space', { siteKey: 'a b', events: [base] },                      'siteKey must be 1 to 200 characters without spaces'],
    ['a site key that is a number', { siteKey: 42, events: [base] },                     'siteKey must be 1 to 200 characters without spaces'],
    ['no events',           { siteKey: 'site-key-1' },                                   'events must be a list'],
    ['events as an object', { siteKey: 'site-key-1', events: { 0: base } },              'events must be a list'],
    ['101 events',          { siteKey: 'site-key-1', events: Array.from({ length: 101 }, () => base) }, 'A batch holds at most 100 events'],
  ];
  for (const [label, body, message] of REFUSED) {
    it(`a body with ${label} is refused whole: 400 "${message}"`, () => {
      let error: unknown;
      try {
        validateCollectBatch(body, NOW);
      } catch (caught) {
        error = caught;
      }
      expect({ status: (error as { statusCode?: number })?.statusCode, message: (error as Error)?.message }).toEqual({
        status: 400,
        message,
      });
    });
  }
});
