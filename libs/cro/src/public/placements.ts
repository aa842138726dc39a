import { LRUCache } from 'lru-cache';
import type { SqlExecutor } from '#libs/eventstore/src/index.js';
import {
  compilePageRules,
  type CompiledPageRules,
  type PageRulesInput,
  type UrlListLookup,
} from '../domain/page-rules.js';
import { urlListRules } from '../projections/queries.js';
import { pageOnWebsite } from './site-origin.js';

/**
 * `GET /api/public/sites/{key}/placements?url=` (DESIGN.md "Public delivery"): what the tracker
 * shows on one page of a website. Only live content, never a draft, a record in review, a
 * deactivated or deleted one:
 *
 * - `campaigns`: campaigns `live` whose page rules match the page (`matchPageRules`, with the
 *   website's active URL lists), each with its containers whose CTA is delivered (below); a live
 *   campaign none of whose containers has a delivered CTA shows nothing and is left out.
 * - `ctas`: the CTAs those containers name that are `active` (`{ id, type, items, popup, design }`;
 *   `popup` and `design` are null when the CTA has none), each once, in the order first named.
 * - `experiments`: experiments `live` whose `pageUrl` is the page: the same scheme, host (any case)
 *   and port, and the same path ignoring one trailing slash; the query and the fragment of both are
 *   ignored (`https://shop.com/` matches `https://shop.com/?utm_source=x#top`). Their variants
 *   `{ key, weight, changes }` (`changes` [] when none). An experiment `completed_deployed` answers
 *   only its deployed variant, with weight 100 and no traffic rules: from then on every visitor
 *   gets it.
 *   Each experiment carries `trafficRules: { devices?, visitorsPct? }` (an added field; `{}` when
 *   the experiment has neither): the tracker enters a visitor only on one of `devices` (absent or
 *   empty: every device) and only in the first `visitorsPct` percent of the visitor's traffic
 *   bucket (`inExperimentTraffic`, independent of the variant bucket; absent: everybody). The
 *   tracker classifies the device and owns the visitor id, so both rules are applied there.
 *   `countries` (ISO 3166-1 alpha-2, compared without case) is applied here, by the country of the
 *   request's address (`request.ip`, so as far as `TRUST_PROXY` lets a forwarded address count)
 *   in the GeoIP database (`GEOIP_DATABASE`, ./geoip.service.ts): an experiment with a non-empty
 *   `countries` is in the answer only for a visitor whose country is listed. A visitor whose
 *   country is unknown (an address the database does not know, or no readable database) is never
 *   entered: such a test is served to nobody rather than to everybody. `Publish` accepts
 *   countries only when the database is readable (experiment.decider.ts, "Traffic rules").
 *   `audiences` cannot be checked (no audience definitions yet): `Publish` refuses them, and a
 *   live experiment that has them anyway is left out of the answer.
 * - `controlGroupPct`: the website's (see `deliveryWebsiteByKey`; 0 when it has none).
 * - `analytics` (an added field, `PlacementsAnswer`): the website's analytics settings the tracker
 *   forwards CTA events with to the tools the page has loaded (apps/tracker/README.md,
 *   "Forwarding"): `{ googleAnalyticsId, tagManagerId, facebookPixelId, hubspotCtaClickEventId }`
 *   (each a text or null) and `segment` (true when a Segment write key is set: the page's own
 *   `analytics.js` already holds the key, so the key itself is never answered). Only ids that the
 *   page publishes anyway: nothing secret.
 *
 * A page that is not an absolute http(s) URL on the website's domain (or a subdomain) gets the
 * empty set (and `analytics` all null or false), and so does a website whose organisation's plan
 * lacks the CRO product.
 */
export interface Placements {
  campaigns: { id: string; containers: Container[] }[];
  ctas: { id: string; type: string; items: unknown[]; popup: unknown; design: unknown }[];
  experiments: {
    id: string;
    variants: { key: string; weight: number; changes: unknown[] }[];
    trafficRules: DeliveredTrafficRules;
  }[];
  controlGroupPct: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const own = (value: Record<string, unknown>, key: string): unknown =>
  Object.hasOwn(value, key) ? value[key] : undefined;

/** What the route answers: the page's placements and the website's analytics ids (see `Placements`). */
export type PlacementsAnswer = Placements & { analytics: DeliveredAnalytics };

/** The website's analytics ids as the tracker reads them (see `Placements`, "analytics"). */
export interface DeliveredAnalytics {
  googleAnalyticsId: string | null;
  tagManagerId: string | null;
  facebookPixelId: string | null;
  /** Whether a Segment write key is set (the key is not answered). */
  segment: boolean;
  hubspotCtaClickEventId: string | null;
}

export const NO_ANALYTICS: DeliveredAnalytics = {
  googleAnalyticsId: null,
  tagManagerId: null,
  facebookPixelId: null,
  segment: false,
  hubspotCtaClickEventId: null,
};

/** The ids out of a website's `analytics` settings (texts only; anything else is null). */
export function deliveredAnalytics(settings: unknown): DeliveredAnalytics {
  if (!isObject(settings)) return NO_ANALYTICS;
  const text = (key: string): string | null => {
    const value = own(settings, key);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  return {
    googleAnalyticsId: text('googleAnalyticsId'),
    tagManagerId: text('tagManagerId'),
    facebookPixelId: text('facebookPixelId'),
    segment: text('segmentWriteKey') !== null,
    hubspotCtaClickEventId: text('hubspotCtaClickEventId'),
  };
}

/** The traffic rules the tracker applies: the devices it may enter a visitor on, the share of visitors. */
export interface DeliveredTrafficRules {
  devices?: string[];
  visitorsPct?: number;
}

/**
 * The rules the tracker cannot apply (it does not know the visitor's country or audiences): a
 * non-empty list of either. The placements apply `countries` themselves (`countriesOf`); an
 * experiment with `audiences` is served to nobody.
 */
export function unservableTrafficRules(rules: unknown): ('countries' | 'audiences')[] {
  if (!isObject(rules)) return [];
  return (['countries', 'audiences'] as const).filter((key) => {
    const list = own(rules, key);
    return Array.isArray(list) && list.length > 0;
  });
}

/** A non-empty `countries` rule, upper case (ISO 3166-1 alpha-2), or undefined when there is none. */
export function countriesOf(rules: unknown): string[] | undefined {
  if (!isObject(rules)) return undefined;
  const list = own(rules, 'countries');
  if (!Array.isArray(list) || list.length === 0) return undefined;
  // A rule of no valid code matches no visitor (never everybody): the empty list is kept as it is.
  return list.filter((c): c is string => typeof c === 'string').map((c) => c.trim().toUpperCase());
}

/** `trafficRules` as delivered: `devices` (a non-empty list of strings) and `visitorsPct` (a number) when set. */
export function deliveredTrafficRules(rules: unknown): DeliveredTrafficRules {
  const delivered: DeliveredTrafficRules = {};
  if (!isObject(rules)) return delivered;
  const devices = own(rules, 'devices');
  if (Array.isArray(devices) && devices.length > 0)
    delivered.devices = devices.filter((d): d is string => typeof d === 'string');
  const pct = own(rules, 'visitorsPct');
  if (typeof pct === 'number' && Number.isFinite(pct)) delivered.visitorsPct = pct;
  return delivered;
}

/** A campaign container as delivered: the keys of DESIGN.md's request shape, nothing else. */
export type Container = Record<string, unknown> & { ctaId: string };
const CONTAINER_KEYS = [
  'name',
  'ctaId',
  'devices',
  'position',
  'selector',
  'selectorType',
  'marginPx',
  'layout',
  'customCss',
] as const;

export const emptyPlacements = (controlGroupPct = 0): Placements => ({
  campaigns: [],
  ctas: [],
  experiments: [],
  controlGroupPct,
});

/** What a website delivers on any page: its live records, read once per version of its CRO data. */
export interface WebsiteDelivery {
  campaigns: { id: string; pageRules: PageRulesInput | null; containers: Container[] }[];
  ctas: Map<string, Placements['ctas'][number]>;
  /** `countries`: served only to visitors of these countries (upper case); absent: to every country. */
  experiments: {
    id: string;
    page: string | null;
    variants: Placements['experiments'][number]['variants'];
    trafficRules: DeliveredTrafficRules;
    countries?: string[];
  }[];
  lists: UrlListLookup;
}

/** Whether some experiment of the website is served by country (the answers then depend on the visitor's country). */
export const decidesByCountry = (delivery: WebsiteDelivery): boolean =>
  delivery.experiments.some((e) => e.countries !== undefined);

/**
 * The key an experiment's page and a visited page are compared by: `scheme://host:port/path`
 * without one trailing slash, without query and fragment (null: not an absolute http(s) URL).
 */
export function experimentPageKey(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const page = new URL(url);
    if (page.protocol !== 'http:' && page.protocol !== 'https:') return null;
    const path = page.pathname.endsWith('/') ? page.pathname.slice(0, -1) : page.pathname;
    return `${page.protocol}//${page.host}${path}`;
  } catch {
    return null;
  }
}

/**
 * A cheap fingerprint of everything a website delivers from: per table, the number of its rows,
 * the sum of their versions and the last change. Every event a CRO projection applies raises a
 * record's version (so the sum), a purge lowers the count: any change of the website's CTAs,
 * campaigns, experiments or URL lists changes the fingerprint, in every API process at once.
 */
export async function deliveryVersion(db: SqlExecutor, websiteId: string): Promise<string> {
  const part = (table: string) =>
    `(SELECT count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') FROM ${table} WHERE website_id = $1)`;
  const found = await db.query<{ v: string }>(
    `SELECT ${part('rm_campaigns')} || '|' || ${part('rm_ctas')} || '|' || ${part('rm_experiments')} || '|' || ${part('rm_url_lists')} AS v`,
    [websiteId],
  );
  return found.rows[0]?.v ?? '';
}

/** Reads what a website delivers (its live campaigns, active CTAs, running or deployed experiments, active URL lists). */
export async function loadDelivery(db: SqlExecutor, websiteId: string): Promise<WebsiteDelivery> {
  const [campaigns, ctas, experiments, lists] = await Promise.all([
    db.query<{ id: string; record: Record<string, unknown> }>(
      `SELECT id, record FROM rm_campaigns WHERE website_id = $1 AND status = 'live' ORDER BY created_at, id`,
      [websiteId],
    ),
    db.query<{ id: string; record: Record<string, unknown> }>(
      `SELECT id, record FROM rm_ctas WHERE website_id = $1 AND status = 'active'`,
      [websiteId],
    ),
    db.query<{ id: string; status: string; record: Record<string, unknown> }>(
      `SELECT id, status, record FROM rm_experiments WHERE website_id = $1 AND status IN ('live', 'completed_deployed') ORDER BY created_at, id`,
      [websiteId],
    ),
    urlListRules(db, websiteId),
  ]);
  const delivery: WebsiteDelivery = { campaigns: [], ctas: new Map(), experiments: [], lists };
  for (const row of ctas.rows) {
    const r = row.record;
    delivery.ctas.set(row.id, {
      id: row.id,
      type: typeof own(r, 'type') === 'string' ? (own(r, 'type') as string) : '',
      items: Array.isArray(own(r, 'items')) ? (own(r, 'items') as unknown[]) : [],
      popup: own(r, 'popup') ?? null,
      design: own(r, 'design') ?? null,
    });
  }
  for (const row of campaigns.rows) {
    const containers = (
      Array.isArray(own(row.record, 'containers')) ? (own(row.record, 'containers') as unknown[]) : []
    )
      .filter(isObject)
      .filter((c) => typeof own(c, 'ctaId') === 'string')
      .map(
        (c) =>
          Object.fromEntries(
            CONTAINER_KEYS.filter((key) => own(c, key) !== undefined).map((key) => [key, own(c, key)]),
          ) as Container,
      );
    const pageRules = own(row.record, 'pageRules');
    delivery.campaigns.push({
      id: row.id,
      pageRules: isObject(pageRules) ? (pageRules as unknown as PageRulesInput) : null,
      containers,
    });
  }
  for (const row of experiments.rows) {
    const variants = (Array.isArray(own(row.record, 'variants')) ? (own(row.record, 'variants') as unknown[]) : [])
      .filter(isObject)
      .map((v) => ({
        key: String(own(v, 'key') ?? ''),
        weight: typeof own(v, 'weight') === 'number' ? (own(v, 'weight') as number) : 0,
        changes: Array.isArray(own(v, 'changes')) ? (own(v, 'changes') as unknown[]) : [],
      }));
    let delivered = variants;
    const rules = own(row.record, 'trafficRules');
    let trafficRules = deliveredTrafficRules(rules);
    let countries = countriesOf(rules);
    if (row.status === 'completed_deployed') {
      const deployed = own(row.record, 'deployedVariant');
      const variant = variants.find((v) => v.key === deployed);
      if (!variant) continue;
      delivered = [{ ...variant, weight: 100 }];
      trafficRules = {};
      countries = undefined;
    } else if (unservableTrafficRules(rules).includes('audiences')) continue;
    const experiment: WebsiteDelivery['experiments'][number] = {
      id: row.id,
      page: experimentPageKey(own(row.record, 'pageUrl')),
      variants: delivered,
      trafficRules,
    };
    if (countries) experiment.countries = countries;
    delivery.experiments.push(experiment);
  }
  return delivery;
}

/**
 * The campaigns' page rules compiled (`compilePageRules`): once per delivery, i.e. once per version
 * of the website's live records (`PlacementsCache` keeps a delivery until its fingerprint changes),
 * so a page view costs one pass over the compiled rules, not a parse of every rule of every list
 * each rule names.
 */
const compiled = new WeakMap<WebsiteDelivery, CompiledPageRules>();
function matcherOf(delivery: WebsiteDelivery): CompiledPageRules {
  let matcher = compiled.get(delivery);
  if (!matcher) {
    matcher = compilePageRules(
      delivery.campaigns.map((c) => c.pageRules),
      delivery.lists,
    );
    compiled.set(delivery, matcher);
  }
  return matcher;
}

/**
 * The placements of one page, from what the website delivers (pure). `country`: the visitor's
 * (ISO 3166-1 alpha-2), or null when unknown: an experiment with a `countries` rule is answered
 * only when the country is in its list.
 */
export function placementsFor(
  delivery: WebsiteDelivery,
  page: URL,
  controlGroupPct: number,
  country: string | null = null,
): Placements {
  const answer = emptyPlacements(controlGroupPct);
  const url = page.href;
  const named = new Set<string>();
  const matched = matcherOf(delivery).matchAll(url);
  for (const [index, campaign] of delivery.campaigns.entries()) {
    if (!matched[index]) continue;
    const containers = campaign.containers.filter((c) => delivery.ctas.has(c.ctaId));
    if (containers.length === 0) continue;
    answer.campaigns.push({ id: campaign.id, containers });
    for (const container of containers) {
      if (named.has(container.ctaId)) continue;
      named.add(container.ctaId);
      answer.ctas.push(delivery.ctas.get(container.ctaId)!);
    }
  }
  const key = experimentPageKey(url);
  const visitorCountry = country?.toUpperCase() ?? null;
  for (const experiment of delivery.experiments) {
    if (experiment.countries && (visitorCountry === null || !experiment.countries.includes(visitorCountry))) continue;
    if (key !== null && experiment.page === key)
      answer.experiments.push({
        id: experiment.id,
        variants: experiment.variants,
        trafficRules: experiment.trafficRules,
      });
  }
  return answer;
}

/** The client address a visitor's country is looked up by (a GeoIP reader: ./geoip.service.ts). */
export interface CountryLookup {
  lookup(ip: string | null | undefined): Promise<{ country: string | null }>;
}

/** The analytics settings of a website (its `analytics` record field), as delivered. */
async function websiteAnalytics(db: SqlExecutor, websiteId: string): Promise<DeliveredAnalytics> {
  const found = await db.query<{ analytics: unknown }>(
    `SELECT record->'analytics' AS analytics FROM rm_websites WHERE id = $1`,
    [websiteId],
  );
  return deliveredAnalytics(found.rows[0]?.analytics);
}

/**
 * The placements with an in-process cache. Each request reads the website (by its key, done by the
 * caller) and the fingerprint of its CRO data (`deliveryVersion`: one query of four aggregates over
 * the website's records); the live records are read again only when the fingerprint changed, the
 * website's analytics ids only when the website's version changed, and a page's answer is kept
 * per (website and its version, fingerprint, control group, page without fragment) and, when some
 * experiment of the website has a `countries` rule, per visitor country too (unknown is a country
 * of its own): one visitor's country never decides another's answer. The country is looked up
 * (GeoIP) only then.
 *
 * Trade-off: a read per request instead of subscribing to the event log. It is correct across any
 * number of API processes and workers without a notification channel (PGlite has no LISTEN), and
 * a publish changes the very next answer once its projection has applied it (the action routes wait
 * for that); the cost is one aggregate over the website's CRO records per request (hundreds of
 * rows at most, on the `website_id` indexes), which is far below reading and matching the records.
 */
export class PlacementsCache {
  private readonly deliveries = new LRUCache<string, { version: string; delivery: WebsiteDelivery }>({ max: 1_000 });
  private readonly analytics = new LRUCache<string, DeliveredAnalytics>({ max: 1_000 });
  private readonly answers = new LRUCache<string, PlacementsAnswer>({ max: 10_000 });

  constructor(
    private readonly db: SqlExecutor,
    private readonly geoip: CountryLookup | null = null,
  ) {}

  /** `ip`: the visitor's address (`request.ip`), looked up only for a website that serves by country. */
  async placements(
    website: {
      id: string;
      version: number;
      domain: string;
      trackingDomains?: readonly string[];
      controlGroupPct: number;
      hasProduct: boolean;
    },
    url: string,
    ip: string | null = null,
  ): Promise<PlacementsAnswer> {
    const page = pageOnWebsite(url, [website.domain, ...(website.trackingDomains ?? [])]);
    if (!page || !website.hasProduct) return { ...emptyPlacements(website.controlGroupPct), analytics: NO_ANALYTICS };
    page.hash = '';
    const version = await deliveryVersion(this.db, website.id);
    let entry = this.deliveries.get(website.id);
    if (!entry || entry.version !== version) {
      entry = { version, delivery: await loadDelivery(this.db, website.id) };
      this.deliveries.set(website.id, entry);
    }
    const country = decidesByCountry(entry.delivery) ? ((await this.geoip?.lookup(ip))?.country ?? null) : null;
    const byCountry = decidesByCountry(entry.delivery) ? `\n${country ?? '-'}` : '';
    const answerKey = `${website.id}\n${website.version}\n${version}\n${website.controlGroupPct}\n${page.href}${byCountry}`;
    const cached = this.answers.get(answerKey);
    if (cached) return cached;
    const analyticsKey = `${website.id}\n${website.version}`;
    let analytics = this.analytics.get(analyticsKey);
    if (!analytics) {
      analytics = await websiteAnalytics(this.db, website.id);
      this.analytics.set(analyticsKey, analytics);
    }
    const answer: PlacementsAnswer = {
      ...placementsFor(entry.delivery, page, website.controlGroupPct, country),
      analytics,
    };
    this.answers.set(answerKey, answer);
    return answer;
  }
}
