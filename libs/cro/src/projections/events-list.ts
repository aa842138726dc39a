import type { ListDefinition } from '#libs/platform/src/list-query.js';

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `GET /api/analytics-events` (the Analytics area's Events tab; seed 001 "Event: name, time,
 * distinct id, city, country, OS, browser, device, url, landing page, referrer, UTMs"): a website's
 * stored tracking events, newest first, filtered by `websiteId` (required), `name`, `distinctId`,
 * `bot`, `from`/`to` and searched by `q` in the URL, the referrer and the distinct id. The landing
 * page is the URL of the first page view of the event's session (the tracker's session id).
 */
export const EVENTS_LIST: ListDefinition = {
  resource: 'analytics-events',
  table: 'collected_events',
  fields: {
    id: 'id',
    name: 'name',
    time: 'time',
    distinctId: 'distinct_id',
    url: 'url',
    websiteId: 'website_id',
    bot: 'bot',
    country: 'country',
    device: 'device',
    browser: 'browser',
    os: 'os',
  },
  search: ['url', 'referrer', 'distinct_id'],
  dateField: 'time',
  defaultSort: ['time', 'DESC'],
  defaultPageSize: 25,
  maxPageSize: 500,
  recordColumn: `jsonb_build_object(
    'id', id, 'websiteId', website_id, 'name', name, 'time', ${ISO('time')}, 'distinctId', distinct_id, 'sessionId', session_id,
    'city', city, 'country', country, 'os', os, 'browser', browser, 'device', device, 'bot', bot,
    'url', url, 'referrer', referrer, 'referrerClass', referrer_class, 'utm', utm,
    'ctaId', cta_id, 'campaignId', campaign_id, 'experimentId', experiment_id, 'variant', variant, 'value', value, 'currency', currency,
    'properties', properties,
    'landingPage', CASE WHEN session_id IS NULL THEN NULL ELSE (
      SELECT l.url FROM collected_events l
       WHERE l.website_id = collected_events.website_id AND l.distinct_id = collected_events.distinct_id AND l.session_id = collected_events.session_id
         AND l.name = 'page_view' AND l.time <= collected_events.time
       ORDER BY l.time LIMIT 1) END)`,
};
