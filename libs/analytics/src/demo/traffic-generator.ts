import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { EVENT_NAME_PATTERN, TRACKER_EVENT_NAMES, type CollectedEvent } from '#libs/cro/src/domain/collect-events.js';
import { inControlGroup } from '#libs/cro/src/domain/variant-assignment.js';
import { isBotAgent, parseUserAgent, type Device, type ReferrerClass, type Utm } from '../domain/enrichment.js';

/**
 * Realistic synthetic tracking traffic (the demo's 90 days, the 10M-event benchmark). Pure and
 * deterministic: the same options give the same events, byte for byte (no clock, no
 * Math.random, no database). A generator function, so ten million events never sit in memory:
 * events come visitor after visitor, visitors in the order of their first visit, each visitor's
 * events in time order.
 *
 * Randomness: `pure-rand` (xoroshiro128+, MIT, fast-check's own generator; chosen over a
 * hand-written PRNG). Each visitor draws from a stream of its own, seeded from (seed, visitor
 * number) through murmur3's finaliser, so a visitor's events do not depend on how many numbers
 * the visitors before it drew; the arrival schedule has stream 0.
 *
 * The model (every constant below is named and exported):
 * - Arrivals: `visitors` first visits spread over the `days` days before `end`, split between the
 *   days by weekday (WEEKDAY_WEIGHTS, in the website's local time `utcOffsetMinutes`), a gentle
 *   growth over the period and a little day-to-day noise (largest remainders: the total is exact);
 *   within a day by the hour (HOUR_WEIGHTS, local time). Every event lies in
 *   [end - days, end - 1 minute]; a visit cut by that bound loses its later events.
 * - Visitors: a user agent (AGENTS; BOT_AGENTS for `botPct` percent of them, whose `bot` flag the
 *   ingestion's isbot sets), a place (LOCATIONS), 1 + returning sessions (RETURN_PCT of visitors
 *   come back up to 4 more times, at least 31 minutes and about RETURN_MEAN_DAYS days later).
 * - Sessions: 1-8 page views (PAGES_PER_SESSION_WEIGHTS), 10 s to 4 min apart (never 30 minutes:
 *   a session is what the 30-minute rule sees); the landing page carries the session's source
 *   (SOURCES: organic, social, email, paid, direct, referral: referrer and utm_* as a browser and
 *   the tracker send them), later pages the previous page as referrer (`internal`). Pages are
 *   drawn with Zipf weights (the first page of `pages` is the most visited).
 * - Bots: page views only (no CTA, experiment or goal events).
 * - Page view: `page_view` with `properties.controlGroup` as the tracker sends it; then an
 *   `experiment_exposure` per experiment shown on that page (an experiment without `pageUrl` is
 *   shown on each session's landing page), the variant drawn once per visitor by weight.
 * - CTAs: each CTA placed on the page (its `pages`, else every page) is shown with SHOW_RATE
 *   (popup) or INLINE_SHOW_RATE; a visitor of the website's control group (`controlGroupPct`,
 *   the tracker's own bucket: `inControlGroup`) gets `cta_holdout` instead, never an impression.
 *   Shown: `cta_impression` (+ `dialog_open` for a popup), a click with CLICK_RATE, a
 *   `form_submitted` for FORM_RATE of the clicks (a CTA with `form: false` has none), and a
 *   popup not submitted is closed (`dialog_close`).
 * - Goals (custom event names; goals on the tracker's own names, such as `form_submitted`, are
 *   met by the CTA events above): each session converts with the goal's `rate` (GOAL_RATE), times
 *   CLICKED_BOOST once the visitor has clicked a CTA and IMPRESSION_BOOST once they saw one, so
 *   attribution and incrementality show something; a value goal's `value` is drawn in its
 *   `valueRange` (to the cent).
 * - Experiments: one variant (`lift.variant`, else the second) converts better: after the
 *   visitor's exposure to it, clicks, forms and goals are `1 + lift.relative` times as likely
 *   (DEFAULT_LIFT).
 *
 * Ids: visitor `${idPrefix}-${seed base 36}-${visitor number base 36}`, session `…-s{n}`, event
 * `…-{n base 36}` (unique per website, so writing the same traffic twice stores it once).
 * Each event is yielded with the enrichment ingestion would store for it (device, OS and browser
 * from the user agent through the ingestion's own parser, bot, country, city, referrer class, UTMs):
 * `{ id, event, enrichment }` is what `insertCollectedEvents` takes.
 */

export const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

/** Relative traffic by local weekday, Sunday first. */
export const WEEKDAY_WEIGHTS: readonly number[] = [0.75, 1.05, 1.1, 1.08, 1.02, 0.92, 0.7];
/** Relative traffic by local hour 0..23: quiet nights, a late-morning and an evening peak. */
export const HOUR_WEIGHTS: readonly number[] = [
  0.25, 0.15, 0.1, 0.08, 0.08, 0.12, 0.3, 0.6, 0.9, 1.1, 1.25, 1.35, 1.4, 1.3, 1.2, 1.15, 1.1, 1.1, 1.2, 1.35, 1.45,
  1.3, 0.95, 0.55,
];
/** The last day has this much more traffic than the first (growth over the period). */
export const GROWTH = 0.2;
/** Day-to-day noise: each day's weight times a factor in [1 - NOISE, 1 + NOISE]. */
export const DAILY_NOISE = 0.1;
/** Weights of 1..8 page views per session. */
export const PAGES_PER_SESSION_WEIGHTS: readonly number[] = [30, 22, 15, 11, 8, 6, 4, 4];
/** Percentage of visitors who come back (for 1 to 4 more sessions). */
export const RETURN_PCT = 30;
export const RETURN_MEAN_DAYS = 3;
/** A CTA placed on a page is shown on this share of the page's views (popups wait for a trigger). */
export const SHOW_RATE = 0.35;
export const INLINE_SHOW_RATE = 0.6;
/** Clicks per impression, form submissions per click (before any experiment lift). */
export const CLICK_RATE = 0.07;
export const FORM_RATE = 0.45;
/** A goal's conversions per session when its `rate` is not given. */
export const GOAL_RATE = 0.02;
export const CLICKED_BOOST = 4;
export const IMPRESSION_BOOST = 2;
/** The true relative lift of an experiment's better variant when `lift` is not given. */
export const DEFAULT_LIFT = 0.15;
export const DEFAULT_BOT_PCT = 2;
/** Local time of the daily cycle: Central European Time when not given. */
export const DEFAULT_UTC_OFFSET_MINUTES = 60;
export const MAX_DAYS = 400;
export const MAX_VISITORS = 10_000_000;

export type SourceKind = 'organic' | 'social' | 'email' | 'paid' | 'direct' | 'referral';
interface Source {
  kind: SourceKind;
  weight: number;
  /** For a returning session: its weight then (people come back directly or from email). */
  returningWeight: number;
  referrers: readonly (string | null)[];
  utms: readonly (Partial<Utm> | null)[];
}

/** Where sessions come from (a referrer and utm_* are drawn from the lists, one of each). */
export const SOURCES: readonly Source[] = [
  {
    kind: 'organic',
    weight: 34,
    returningWeight: 20,
    referrers: [
      'https://www.google.com/',
      'https://www.google.com/',
      'https://www.google.de/',
      'https://www.bing.com/',
      'https://duckduckgo.com/',
      'https://www.ecosia.org/',
    ],
    utms: [null],
  },
  {
    kind: 'social',
    weight: 14,
    returningWeight: 8,
    referrers: [
      'https://www.facebook.com/',
      'https://l.instagram.com/',
      'https://t.co/',
      'https://www.pinterest.com/',
      'https://www.reddit.com/',
    ],
    utms: [null, null, { source: 'instagram', medium: 'social', campaign: 'spring' }],
  },
  {
    kind: 'email',
    weight: 9,
    returningWeight: 22,
    referrers: [null, null, 'https://mail.google.com/'],
    utms: [
      { source: 'newsletter', medium: 'email', campaign: 'weekly' },
      { source: 'newsletter', medium: 'email', campaign: 'spring-offers' },
    ],
  },
  {
    kind: 'paid',
    weight: 12,
    returningWeight: 6,
    referrers: ['https://www.google.com/', 'https://www.facebook.com/'],
    utms: [
      { source: 'google', medium: 'cpc', campaign: 'brand', term: 'plant shop' },
      { source: 'google', medium: 'cpc', campaign: 'generic' },
      { source: 'facebook', medium: 'paid_social', campaign: 'spring', content: 'carousel' },
    ],
  },
  { kind: 'direct', weight: 25, returningWeight: 40, referrers: [null], utms: [null] },
  {
    kind: 'referral',
    weight: 6,
    returningWeight: 4,
    referrers: [
      'https://www.gardening-forum.example/threads/4821',
      'https://plantblog.example/best-pots',
      'https://news.example/home-and-garden',
    ],
    utms: [null],
  },
];

/** Browsers, with their share of visitors (desktop, mobile and tablet). */
export const AGENTS: readonly { userAgent: string; weight: number }[] = [
  {
    weight: 22,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  {
    weight: 6,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  },
  { weight: 4, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0' },
  {
    weight: 9,
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  },
  {
    weight: 5,
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
  { weight: 1, userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
  {
    weight: 24,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  },
  {
    weight: 17,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  },
  {
    weight: 4,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  },
  {
    weight: 5,
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  },
  {
    weight: 3,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  },
];
/** Crawlers and scripts (ingestion marks them `bot`). */
export const BOT_AGENTS: readonly string[] = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'python-requests/2.32.3',
];
/** Where visitors are (ISO 3166-1 alpha-2 country, city), with their share. */
export const LOCATIONS: readonly { country: string; city: string; weight: number }[] = [
  { country: 'DE', city: 'Berlin', weight: 14 },
  { country: 'DE', city: 'Hamburg', weight: 8 },
  { country: 'DE', city: 'Munich', weight: 9 },
  { country: 'DE', city: 'Cologne', weight: 6 },
  { country: 'DE', city: 'Frankfurt am Main', weight: 5 },
  { country: 'AT', city: 'Vienna', weight: 7 },
  { country: 'CH', city: 'Zurich', weight: 5 },
  { country: 'NL', city: 'Amsterdam', weight: 6 },
  { country: 'FR', city: 'Paris', weight: 6 },
  { country: 'GB', city: 'London', weight: 9 },
  { country: 'US', city: 'New York', weight: 6 },
  { country: 'US', city: 'San Francisco', weight: 3 },
  { country: 'ES', city: 'Madrid', weight: 3 },
  { country: 'IT', city: 'Milan', weight: 3 },
];

export interface TrafficCta {
  id: string;
  /** The campaign that shows it (carried on its events). */
  campaignId?: string | null;
  /** The pages it is placed on (compared without query and fragment); absent: every page. */
  pages?: readonly string[] | null;
  /** A popup: shown with SHOW_RATE, opens and closes a dialog. */
  popup?: boolean;
  /** Whether a click may lead to a form submission (default true). */
  form?: boolean;
  /** The names of the form's fields (default `email`); `email` gets an address, others "true". */
  fields?: readonly string[];
}

export interface TrafficExperiment {
  id: string;
  variants: readonly { key: string; weight: number }[];
  /** The page it runs on; absent: every session's landing page. */
  pageUrl?: string | null;
  /** The variant that truly converts better and by how much (default: the second, DEFAULT_LIFT). */
  lift?: { variant: string; relative: number } | null;
}

export interface TrafficGoal {
  /** The event the goal tracks. Goals on the tracker's own names are met through the CTA events. */
  event: string;
  /** A value goal: values drawn in [min, max], to the cent. */
  valueRange?: readonly [number, number] | null;
  /** The value's currency (default `currency`, for value goals). */
  currency?: string | null;
  /** Conversions per session before boosts (default GOAL_RATE). */
  rate?: number;
}

export interface TrafficOptions {
  seed: number;
  visitors: number;
  days: number;
  /** Events lie in [end - days, end - 1 minute]. */
  end: Date;
  /** Absolute http(s) URLs of the website's pages, most visited first. */
  pages: readonly string[];
  ctas: readonly TrafficCta[];
  experiments: readonly TrafficExperiment[];
  goals: readonly TrafficGoal[];
  /** The website's control group, 0..100 percent of visitors held out from CTAs. */
  controlGroupPct: number;
  /** Percentage of visitors that are bots (default DEFAULT_BOT_PCT). */
  botPct?: number;
  /** The website's offset from UTC for the daily and weekly cycles (default DEFAULT_UTC_OFFSET_MINUTES). */
  utcOffsetMinutes?: number;
  /** The start of every id (default `gen`): 1-20 letters, digits, `_` or `-`. */
  idPrefix?: string;
  /** The currency of value goals that name none (default EUR). */
  currency?: string;
}

/** What ingestion would have stored beside the event (the `EventEnrichment` of collected-events.ts). */
export interface TrafficEnrichment {
  device: Device | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
  country: string | null;
  city: string | null;
  referrerClass: ReferrerClass;
  utm: Utm | null;
}

/** One visitor as generated (shared by their events). */
export interface TrafficVisitor {
  distinctId: string;
  /** The visitor's number, 0 first (in order of first visit). */
  index: number;
  userAgent: string;
  bot: boolean;
  /** In the website's control group (held out from CTAs). */
  control: boolean;
  country: string;
  city: string;
  /** The variant of each experiment, by experiment id. */
  variants: ReadonlyMap<string, string>;
}

/** One generated event: `{ id, event, enrichment }` is an `EventToStore`. */
export interface TrafficItem {
  id: string;
  event: CollectedEvent & { id: string };
  enrichment: TrafficEnrichment;
  visitor: TrafficVisitor;
}

/** A stream of numbers in [0, 1) with the helpers the model needs. */
export class Random {
  constructor(private readonly rng: RandomGenerator) {}

  /** Stream `stream` of `seed` (both taken as unsigned 32-bit integers). */
  static of(seed: number, stream: number): Random {
    const a = seed >>> 0;
    const b = stream >>> 0;
    const s0 = fmix32((a ^ 0x9e3779b9) >>> 0);
    const s1 = fmix32((b + 0x7f4a7c15 + s0) >>> 0);
    const s2 = fmix32((s1 ^ a ^ 0x6a09e667) >>> 0);
    const s3 = fmix32((s2 + b + 0xbb67ae85) >>> 0);
    // xoroshiro's state must not be all zero.
    return new Random(xoroshiro128plusFromState([s0 | 0, s1 | 0, s2 | 0, (s0 | s1 | s2 | s3) === 0 ? 1 : s3 | 0]));
  }

  /** [0, 1). */
  next(): number {
    return uniformFloat64(this.rng);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** An index drawn by weight (`cumulative`: the running sums of the weights). */
  weighted(cumulative: readonly number[]): number {
    const point = this.next() * cumulative[cumulative.length - 1]!;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (point < cumulative[mid]!) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  /** Exponentially distributed with this mean. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
}

/** murmur3's 32-bit finaliser. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const cumulativeOf = (weights: readonly number[]): number[] => {
  let sum = 0;
  return weights.map((w) => (sum += Math.max(0, w)));
};

/**
 * The key pages are compared by, as the placements compare an experiment's page
 * (libs/cro/src/public/placements.ts `experimentPageKey`): scheme, host and port, and the path
 * without one trailing slash; no query, no fragment (null when it is not an absolute http(s) URL).
 */
export function pageKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    const path = parsed.pathname.endsWith('/') ? parsed.pathname.slice(0, -1) : parsed.pathname;
    return `${parsed.protocol}//${parsed.host}${path}`;
  } catch {
    return null;
  }
}

/**
 * Splits `total` into whole parts proportional to `weights` (largest remainders; ties to the
 * earlier part): the parts always sum to `total`.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (Math.max(0, w) / sum) * total);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

const ID_PREFIX = /^[A-Za-z0-9_-]{1,20}$/;
const TRACKER_NAMES: ReadonlySet<string> = new Set(TRACKER_EVENT_NAMES);

/** Checks the options; throws RangeError naming the first bad one. */
function checked(options: TrafficOptions) {
  const { seed, visitors, days, end, pages, controlGroupPct } = options;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
  if (!Number.isInteger(visitors) || visitors < 0 || visitors > MAX_VISITORS)
    throw new RangeError(`visitors must be a whole number from 0 to ${MAX_VISITORS}`);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
    throw new RangeError(`days must be a whole number from 1 to ${MAX_DAYS}`);
  if (!(end instanceof Date) || !Number.isFinite(end.getTime())) throw new RangeError('end must be a valid date');
  if (!Array.isArray(pages) || pages.length === 0) throw new RangeError('pages must list at least one URL');
  for (const page of pages)
    if (typeof page !== 'string' || pageKey(page) === null)
      throw new RangeError(`pages must be absolute http(s) URLs: ${String(page)}`);
  if (
    typeof controlGroupPct !== 'number' ||
    !Number.isFinite(controlGroupPct) ||
    controlGroupPct < 0 ||
    controlGroupPct > 100
  ) {
    throw new RangeError('controlGroupPct must be a percentage from 0 to 100');
  }
  const botPct = options.botPct ?? DEFAULT_BOT_PCT;
  if (typeof botPct !== 'number' || !Number.isFinite(botPct) || botPct < 0 || botPct > 100)
    throw new RangeError('botPct must be a percentage from 0 to 100');
  const offset = options.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES;
  if (!Number.isInteger(offset) || Math.abs(offset) > 14 * 60)
    throw new RangeError('utcOffsetMinutes must be a whole number of minutes within ±14 hours');
  const idPrefix = options.idPrefix ?? 'gen';
  if (!ID_PREFIX.test(idPrefix)) throw new RangeError('idPrefix must be 1 to 20 letters, digits, _ or -');
  const currency = (options.currency ?? 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError('currency must be a three-letter code');
  for (const goal of options.goals) {
    const range = goal.valueRange;
    if (range && !(Number.isFinite(range[0]) && Number.isFinite(range[1]) && range[0] <= range[1]))
      throw new RangeError(`the value range of goal ${goal.event} must be [min, max]`);
    if (goal.rate !== undefined && !(Number.isFinite(goal.rate) && goal.rate >= 0 && goal.rate <= 1))
      throw new RangeError(`the rate of goal ${goal.event} must be 0 to 1`);
  }
  return { botPct, offset, idPrefix, currency };
}

interface PreparedCta {
  id: string;
  campaignId: string | null;
  pages: ReadonlySet<string> | null;
  popup: boolean;
  form: boolean;
  fields: readonly string[];
}
interface PreparedExperiment {
  id: string;
  keys: string[];
  cumulative: number[];
  page: string | null;
  liftKey: string | null;
  lift: number;
}
interface PreparedGoal {
  event: string;
  range: readonly [number, number] | null;
  currency: string | null;
  rate: number;
}

/** What the events of one page view share. */
interface PageContext {
  sessionId: string;
  url: string;
  referrer: string | null;
  utm: Utm | null;
  enrichment: TrafficEnrichment;
}
/** An event before its id and ISO time (sorted by `time` first). */
interface Pending {
  time: number;
  name: string;
  on: PageContext;
  ctaId: string | null;
  campaignId: string | null;
  experimentId: string | null;
  variant: string | null;
  value: number | null;
  currency: string | null;
  fields: Record<string, string> | null;
  properties: Record<string, string | number | boolean>;
}

const NO_PROPERTIES: Readonly<Record<string, never>> = Object.freeze({});
const IN_CONTROL = Object.freeze({ controlGroup: true });
const NOT_IN_CONTROL = Object.freeze({ controlGroup: false });

/** The utm_* query of a landing page (the tracker reads the UTMs from the URL). */
function withUtm(url: string, utm: Utm | null): string {
  if (!utm) return url;
  const parsed = new URL(url);
  for (const key of ['source', 'medium', 'campaign', 'term', 'content'] as const) {
    const value = utm[key];
    if (value !== null) parsed.searchParams.set(`utm_${key}`, value);
  }
  return parsed.href;
}

const fullUtm = (utm: Partial<Utm> | null): Utm | null =>
  utm
    ? {
        source: utm.source ?? null,
        medium: utm.medium ?? null,
        campaign: utm.campaign ?? null,
        term: utm.term ?? null,
        content: utm.content ?? null,
      }
    : null;

/**
 * The traffic: events visitor after visitor (in order of first visit), each visitor's in time
 * order, each with its enrichment. Throws RangeError when an option is out of range.
 */
export function* generateTraffic(options: TrafficOptions): Generator<TrafficItem, void, undefined> {
  const { botPct, offset, idPrefix, currency } = checked(options);
  const seed = options.seed >>> 0;
  const endMs = options.end.getTime();
  const startMs = endMs - options.days * DAY_MS;
  const lastMs = endMs - MINUTE_MS;
  const offsetMs = offset * MINUTE_MS;
  const seedTag = seed.toString(36);

  const pages = options.pages.map((url) => ({ url, key: pageKey(url)! }));
  const pageCumulative = cumulativeOf(pages.map((_, i) => 1 / (i + 1)));
  const ctas: PreparedCta[] = options.ctas.map((c) => ({
    id: c.id,
    campaignId: c.campaignId ?? null,
    pages: c.pages ? new Set(c.pages.map((p) => pageKey(p)).filter((p): p is string => p !== null)) : null,
    popup: c.popup === true,
    form: c.form !== false,
    fields: c.fields && c.fields.length > 0 ? c.fields : ['email'],
  }));
  const experiments: PreparedExperiment[] = options.experiments
    .map((e) => {
      const usable = e.variants.filter((v) => Number.isFinite(v.weight) && v.weight > 0);
      const liftKey = e.lift ? e.lift.variant : (e.variants[1]?.key ?? null);
      const lift = e.lift ? e.lift.relative : DEFAULT_LIFT;
      return {
        id: e.id,
        keys: usable.map((v) => v.key),
        cumulative: cumulativeOf(usable.map((v) => v.weight)),
        page: e.pageUrl ? pageKey(e.pageUrl) : null,
        liftKey,
        lift: Number.isFinite(lift) && lift > -1 ? lift : 0,
      };
    })
    .filter((e) => e.keys.length > 0);
  const goals: PreparedGoal[] = options.goals
    .filter((g) => !TRACKER_NAMES.has(g.event) && EVENT_NAME_PATTERN.test(g.event))
    .map((g) => ({
      event: g.event,
      range: g.valueRange ?? null,
      currency: g.valueRange ? (g.currency ?? currency).toUpperCase() : null,
      rate: g.rate ?? GOAL_RATE,
    }));
  const agentCumulative = cumulativeOf(AGENTS.map((a) => a.weight));
  const locationCumulative = cumulativeOf(LOCATIONS.map((l) => l.weight));
  const sourceCumulative = cumulativeOf(SOURCES.map((s) => s.weight));
  const returningCumulative = cumulativeOf(SOURCES.map((s) => s.returningWeight));
  const pagesCumulative = cumulativeOf(PAGES_PER_SESSION_WEIGHTS);
  const hourMax = Math.max(...HOUR_WEIGHTS);
  const parsedAgents = new Map<
    string,
    { device: Device | null; os: string | null; browser: string | null; bot: boolean }
  >();
  const agentInfo = (userAgent: string) => {
    let info = parsedAgents.get(userAgent);
    if (!info) parsedAgents.set(userAgent, (info = { ...parseUserAgent(userAgent), bot: isBotAgent(userAgent) }));
    return info;
  };

  // Visitors per day: weekday (local, at the day's middle), growth and noise; exact total.
  const schedule = Random.of(seed, 0);
  const dayWeights: number[] = [];
  for (let d = 0; d < options.days; d++) {
    const middle = startMs + d * DAY_MS + DAY_MS / 2 + offsetMs;
    const weekday = new Date(middle).getUTCDay();
    const noise = 1 - DAILY_NOISE + 2 * DAILY_NOISE * schedule.next();
    dayWeights.push(WEEKDAY_WEIGHTS[weekday]! * (1 + (GROWTH * d) / Math.max(1, options.days - 1)) * noise);
  }
  const perDay = apportion(options.visitors, dayWeights);

  let index = 0;
  for (let d = 0; d < options.days; d++) {
    const dayStart = startMs + d * DAY_MS;
    const dayEnd = Math.min(dayStart + DAY_MS, lastMs + 1);
    const arrivals: number[] = [];
    while (arrivals.length < perDay[d]!) {
      // The hour's weight by rejection (the day's part after `last` is never drawn).
      const time = dayStart + Math.floor(schedule.next() * (dayEnd - dayStart));
      const hour = new Date(time + offsetMs).getUTCHours();
      if (schedule.next() * hourMax < HOUR_WEIGHTS[hour]!) arrivals.push(time);
    }
    arrivals.sort((a, b) => a - b);
    for (const arrival of arrivals) {
      yield* visitorEvents(index, arrival);
      index += 1;
    }
  }

  function* visitorEvents(number: number, arrival: number): Generator<TrafficItem, void, undefined> {
    const rng = Random.of(seed, number + 1);
    const distinctId = `${idPrefix}-${seedTag}-${number.toString(36).padStart(5, '0')}`;
    const isBot = rng.chance(botPct / 100);
    const userAgent = isBot ? rng.pick(BOT_AGENTS) : AGENTS[rng.weighted(agentCumulative)]!.userAgent;
    const agent = agentInfo(userAgent);
    const place = LOCATIONS[rng.weighted(locationCumulative)]!;
    const control = !isBot && inControlGroup(distinctId, options.controlGroupPct);
    const variants = new Map<string, string>();
    for (const e of experiments) variants.set(e.id, e.keys[rng.weighted(e.cumulative)]!);
    const visitor: TrafficVisitor = {
      distinctId,
      index: number,
      userAgent,
      bot: isBot,
      control,
      country: place.country,
      city: place.city,
      variants,
    };

    const out: Pending[] = [];
    let exposedLift = 1;
    let clicked = false;
    let impressed = false;
    const exposed = new Set<string>();
    const sessions = 1 + (!isBot && rng.chance(RETURN_PCT / 100) ? rng.int(1, 4) : 0);
    let sessionStart = arrival;
    let latest = arrival;
    let cut = false;

    for (let s = 0; s < sessions && !cut; s++) {
      if (s > 0) {
        sessionStart = latest + 31 * MINUTE_MS + Math.floor(rng.exponential(RETURN_MEAN_DAYS * DAY_MS));
        if (sessionStart > lastMs) break;
      }
      const sessionId = `${distinctId}-s${s}`;
      const source = isBot
        ? SOURCES.find((x) => x.kind === 'direct')!
        : SOURCES[rng.weighted(s === 0 ? sourceCumulative : returningCumulative)]!;
      const landingUtm = fullUtm(rng.pick(source.utms));
      const landingReferrer = rng.pick(source.referrers);
      const views = 1 + rng.weighted(pagesCumulative);
      let time = sessionStart;
      let previousUrl: string | null = null;
      let current = -1;

      for (let v = 0; v < views; v++) {
        if (v > 0) time += rng.int(10, 240) * SECOND_MS;
        if (time > lastMs) {
          cut = true;
          break;
        }
        let next = rng.weighted(pageCumulative);
        if (next === current && pages.length > 1) next = (next + 1 + rng.int(0, pages.length - 2)) % pages.length;
        current = next;
        const page = pages[current]!;
        const landing = v === 0;
        const url = landing ? withUtm(page.url, landingUtm) : page.url;
        const referrer = landing ? landingReferrer : previousUrl;
        const utm = landing ? landingUtm : null;
        const enrichment: TrafficEnrichment = {
          device: agent.device,
          os: agent.os,
          browser: agent.browser,
          bot: agent.bot,
          country: place.country,
          city: place.city,
          referrerClass: landing ? source.kind : 'internal',
          utm,
        };
        previousUrl = url;
        const on: PageContext = { sessionId, url, referrer, utm, enrichment };
        // One shape for every pending event (fast: no spreads, no dictionary-mode objects).
        const add = (
          at: number,
          name: string,
          cta: PreparedCta | null,
          more: Partial<
            Pick<Pending, 'experimentId' | 'variant' | 'value' | 'currency' | 'fields' | 'properties'>
          > | null = null,
        ) => {
          out.push({
            time: at,
            name,
            on,
            ctaId: cta ? cta.id : null,
            campaignId: cta ? cta.campaignId : null,
            experimentId: more?.experimentId ?? null,
            variant: more?.variant ?? null,
            value: more?.value ?? null,
            currency: more?.currency ?? null,
            fields: more?.fields ?? null,
            properties: more?.properties ?? NO_PROPERTIES,
          });
          if (at > latest) latest = at;
        };
        add(time, 'page_view', null, { properties: control ? IN_CONTROL : NOT_IN_CONTROL });
        let pageEnd = time;
        if (isBot) continue;

        for (const e of experiments) {
          if (e.page !== null ? e.page !== page.key : !landing) continue;
          const variant = variants.get(e.id)!;
          const at = time + rng.int(50, 400);
          add(at, 'experiment_exposure', null, { experimentId: e.id, variant });
          pageEnd = Math.max(pageEnd, at);
          if (!exposed.has(e.id)) {
            exposed.add(e.id);
            if (variant === e.liftKey) exposedLift *= 1 + e.lift;
          }
        }

        for (const cta of ctas) {
          if (cta.pages !== null && !cta.pages.has(page.key)) continue;
          if (!rng.chance(cta.popup ? SHOW_RATE : INLINE_SHOW_RATE)) continue;
          let at = time + rng.int(2, 40) * SECOND_MS;
          if (control) {
            add(at, 'cta_holdout', cta);
            pageEnd = Math.max(pageEnd, at);
            continue;
          }
          impressed = true;
          add(at, 'cta_impression', cta);
          if (cta.popup) add(at, 'dialog_open', cta);
          let submitted = false;
          if (rng.chance(Math.min(1, CLICK_RATE * exposedLift))) {
            at += rng.int(3, 60) * SECOND_MS;
            add(at, 'cta_click', cta);
            clicked = true;
            if (cta.form && rng.chance(Math.min(1, FORM_RATE * exposedLift))) {
              at += rng.int(10, 90) * SECOND_MS;
              add(at, 'form_submitted', cta, { fields: formFields(cta.fields, distinctId) });
              submitted = true;
            }
          }
          if (cta.popup && !submitted) {
            at += rng.int(2, 20) * SECOND_MS;
            add(at, 'dialog_close', cta);
          }
          pageEnd = Math.max(pageEnd, at);
        }

        // Goals: at most once per session each, at the end of the session's last page.
        if (v === views - 1) {
          for (const goal of goals) {
            const boost = (clicked ? CLICKED_BOOST : impressed ? IMPRESSION_BOOST : 1) * exposedLift;
            if (!rng.chance(Math.min(1, goal.rate * boost))) continue;
            const at = pageEnd + rng.int(20, 300) * SECOND_MS;
            const value = goal.range
              ? Math.round((goal.range[0] + rng.next() * (goal.range[1] - goal.range[0])) * 100) / 100
              : null;
            add(at, goal.event, null, { value, currency: goal.currency });
            pageEnd = at;
          }
        }
        time = pageEnd;
      }
    }

    // Time order (the sort is stable: the same moment keeps the order of the model), then the
    // bound: what falls after `last` was never sent.
    out.sort((a, b) => a.time - b.time);
    let n = 0;
    for (const item of out) {
      if (item.time > lastMs) break;
      const id = `${distinctId}-${(n++).toString(36)}`;
      const { on } = item;
      const event: CollectedEvent & { id: string } = {
        id,
        name: item.name,
        distinctId,
        sessionId: on.sessionId,
        time: new Date(item.time).toISOString(),
        url: on.url,
        referrer: on.referrer,
        utm: on.utm,
        ctaId: item.ctaId,
        campaignId: item.campaignId,
        experimentId: item.experimentId,
        variant: item.variant,
        value: item.value,
        currency: item.currency,
        properties: item.properties,
        fields: item.fields,
      };
      yield { id, event, enrichment: on.enrichment, visitor };
    }
  }
}

/** A form's fields: an address under `email`, "true" for the others (consent boxes and the like). */
function formFields(names: readonly string[], distinctId: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of names) fields[name] = name === 'email' ? `${distinctId.toLowerCase()}@example.com` : 'true';
  return fields;
}

/** A plausible page list for a website without one: its home, listings, products, guides, cart and checkout. */
export function defaultPages(origin: string, products = 24): string[] {
  const base = new URL(origin).origin;
  const pages = [`${base}/`, `${base}/products`, `${base}/guides`, `${base}/sale`];
  for (let i = 1; i <= products; i++) pages.push(`${base}/products/item-${i}`);
  for (const guide of ['watering', 'repotting', 'light', 'pests', 'winter']) pages.push(`${base}/guides/${guide}`);
  pages.push(`${base}/cart`, `${base}/checkout`, `${base}/about`, `${base}/contact`);
  return pages;
}
