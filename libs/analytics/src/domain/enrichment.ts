import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/**
 * What ingestion adds to a tracking event (issue "Enrichment", seed 001: an event has a city,
 * country, OS, browser, device, url, landing page, referrer and UTMs; DESIGN.md "Analytics
 * definitions"). Pure: no clock, no database, no network. The caller (POST /api/public/collect)
 * passes the request's `User-Agent`, the event's `url`, `referrer` and `utm`, and the website's
 * domains (its domain and its tracking domains); country and city come from the GeoIP database
 * elsewhere (libs/cro/src/public/geoip.ts), not from here.
 *
 * Device, OS and browser: `bowser` (MIT, maintained; chosen over ua-parser-js, whose 2.x is AGPL,
 * and because it names the desktop platform outright instead of leaving it undefined). Its
 * platform type `desktop`, `mobile` or `tablet` is the device; anything else (a bot, a TV, an
 * unknown client) is null. An iPad whose Safari asks for desktop pages sends a Mac's user agent:
 * it counts as desktop, as every user-agent parser must read it.
 *
 * Bots: `isbot` (MIT, the list already used for the redirect counters). An event whose user agent
 * is a crawler, a preview fetcher or a script (curl, python-requests...) is stored with
 * `bot: true`; reports leave it out. An event without a user agent is NOT marked: browsers always
 * send one, so it comes from a server-side integration (a conversion sent by the website's
 * back end), whose events must count.
 *
 * UTMs: the event's `utm` when it sent one (as it is, keys it left out are null), else the
 * `utm_source`, `utm_medium`, `utm_campaign`, `utm_term` and `utm_content` of the URL's query
 * (the first value of each; empty is none; at most 200 characters each, longer is cut).
 *
 * Referrer class: the first of these rules that holds, in this order (hosts compared in lower
 * case, without a trailing dot; "a host of D" is D itself or a subdomain of D; utm_medium compared
 * in lower case):
 *   1. paid     utm_medium is cpc, ppc, cpm, cpv, cpa, display, banner, retargeting or starts with
 *               "paid" (paid, paidsearch, paid_social...), or the URL's query has an ad click id:
 *               gclid, gbraid, wbraid, dclid (Google), msclkid (Microsoft), fbclid (Meta),
 *               ttclid (TikTok), twclid (X), li_fat_id (LinkedIn)   [PAID_MEDIUMS, AD_CLICK_IDS]
 *   2. email    utm_medium is email, e-mail, e_mail or newsletter, or the referrer is a host of a
 *               webmail service (mail.google.com, outlook.live.com, mail.yahoo.com...)  [WEBMAIL_HOSTS]
 *   3. social   the referrer is a host of a social network (facebook.com, t.co, twitter.com, x.com,
 *               linkedin.com, instagram.com, pinterest.*, reddit.com, youtube.com, tiktok.com...),
 *               or utm_medium is social, social-media, social_media, social-network or sm  [SOCIAL_HOSTS]
 *   4. organic  the referrer is a search engine (google.*, bing.com, duckduckgo.com, search.yahoo.*,
 *               baidu.com, yandex.*, ecosia.org...), or utm_medium is organic  [SEARCH_ENGINES]
 *   5. internal the referrer is a host of one of the website's domains (a click from page to page)
 *   6. direct   no referrer (none, empty, or not an absolute http(s) URL)
 *   7. referral any other referrer
 */

export type Device = 'desktop' | 'mobile' | 'tablet';
export type ReferrerClass = 'organic' | 'paid' | 'social' | 'email' | 'direct' | 'internal' | 'referral';
export interface Utm {
  source: string | null;
  medium: string | null;
  campaign: string | null;
  term: string | null;
  content: string | null;
}
export interface EnrichInput {
  /** The request's `User-Agent` (absent: nothing is known of the client). */
  userAgent?: string | null;
  /** The page the event happened on (absolute http(s) URL), if any. */
  url?: string | null;
  /** `url` already parsed (ingestion has parsed it to check its host): it is then not parsed again. */
  page?: URL | null;
  referrer?: string | null;
  /** The UTMs the event sent, if any. */
  utm?: Partial<Utm> | null;
  /** The website's domain and its tracking domains (lower case, without `www.`). */
  websiteDomains: readonly string[];
}
export interface Enrichment {
  device: Device | null;
  os: string | null;
  browser: string | null;
  bot: boolean;
  referrerClass: ReferrerClass;
  utm: Utm;
}

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const UTM_MAX = 200;
const DEVICES: readonly Device[] = ['desktop', 'mobile', 'tablet'];
/** A user agent longer than this is cut before parsing (browsers send a few hundred characters). */
const USER_AGENT_MAX = 1024;

export const PAID_MEDIUMS: readonly string[] = ['cpc', 'ppc', 'cpm', 'cpv', 'cpa', 'display', 'banner', 'retargeting'];
export const AD_CLICK_IDS: readonly string[] = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'fbclid',
  'ttclid',
  'twclid',
  'li_fat_id',
];
export const EMAIL_MEDIUMS: readonly string[] = ['email', 'e-mail', 'e_mail', 'newsletter'];
export const SOCIAL_MEDIUMS: readonly string[] = [
  'social',
  'social-media',
  'social_media',
  'social-network',
  'social_network',
  'sm',
];
export const ORGANIC_MEDIUMS: readonly string[] = ['organic'];

/** Webmail services: a referrer on one of these hosts (or a subdomain) is an email. */
export const WEBMAIL_HOSTS: readonly string[] = [
  'mail.google.com',
  'outlook.live.com',
  'outlook.office.com',
  'outlook.office365.com',
  'mail.yahoo.com',
  'mail.yahoo.co.jp',
  'mail.aol.com',
  'mail.proton.me',
  'mail.protonmail.com',
  'mail.zoho.com',
  'mail.zoho.eu',
  'app.fastmail.com',
  'www.icloud.com',
  'mail.yandex.ru',
  'mail.yandex.com',
  'e.mail.ru',
  'mail.gmx.net',
  'mail.gmx.com',
  'navigator.web.de',
];

/** Social networks: a referrer on one of these hosts (or a subdomain) is social. */
export const SOCIAL_HOSTS: readonly string[] = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'messenger.com',
  't.co',
  'twitter.com',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'instagram.com',
  'threads.net',
  'pinterest.com',
  'pin.it',
  'reddit.com',
  'redd.it',
  'youtube.com',
  'youtu.be',
  'tiktok.com',
  'snapchat.com',
  'tumblr.com',
  'bsky.app',
  'mastodon.social',
  'vk.com',
  'ok.ru',
  'weibo.com',
  'quora.com',
  'discord.com',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'xing.com',
  'medium.com',
];
/** Pinterest has a domain per country (pinterest.de, pinterest.co.uk...). */
const PINTEREST = /(^|\.)pinterest\.([a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

/**
 * Search engines, by host. Google only on its own search hosts (google.com, www.google.co.uk...),
 * not on docs.google.com or the like; the others on any subdomain of their search domain.
 */
export const SEARCH_ENGINES: readonly RegExp[] = [
  /^(www\.)?google\.([a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  /(^|\.)bing\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)search\.yahoo\.([a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  /^(www\.)?yahoo\.([a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)yandex\.([a-z]{2,3}|com\.[a-z]{2})$/,
  /(^|\.)ya\.ru$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)startpage\.com$/,
  /(^|\.)qwant\.com$/,
  /^search\.brave\.com$/,
  /(^|\.)search\.naver\.com$/,
  /(^|\.)seznam\.cz$/,
  /(^|\.)sogou\.com$/,
  /(^|\.)so\.com$/,
  /(^|\.)ask\.com$/,
  /(^|\.)search\.aol\.com$/,
];

/** The URL when `text` is an absolute http(s) URL, else null. */
function httpUrl(text: string | null | undefined): URL | null {
  if (typeof text !== 'string' || text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/\.$/, '');
/** Whether `host` is `domain` or a subdomain of it. */
const onHost = (host: string, domain: string) => {
  const d = domain.toLowerCase().replace(/\.$/, '');
  return d !== '' && (host === d || host.endsWith(`.${d}`));
};
const onAny = (host: string, domains: readonly string[]) => domains.some((d) => onHost(host, d));
/** A fixed list of domains, normalised once, for `onAnyOf`. */
const domainSet = (domains: readonly string[]): ReadonlySet<string> =>
  new Set(domains.map((d) => d.toLowerCase().replace(/\.$/, '')).filter((d) => d !== ''));
/** `onAny` for a `domainSet`: `host` itself or one of its parent domains is in the set. */
const onAnyOf = (host: string, domains: ReadonlySet<string>) => {
  for (let at = 0; at !== -1; at = host.indexOf('.', at) + 1 || -1) {
    if (domains.has(host.slice(at))) return true;
  }
  return false;
};
const WEBMAIL = domainSet(WEBMAIL_HOSTS);
const SOCIAL = domainSet(SOCIAL_HOSTS);

/** Device, OS and browser from a user agent (all null when there is none or the parser knows nothing). */
export function parseUserAgent(userAgent: string | null | undefined): Pick<Enrichment, 'device' | 'os' | 'browser'> {
  const ua = typeof userAgent === 'string' ? userAgent.slice(0, USER_AGENT_MAX).trim() : '';
  if (ua === '') return { device: null, os: null, browser: null };
  const parsed = Bowser.parse(ua);
  const type = parsed.platform.type;
  const device = DEVICES.find((d) => d === type) ?? null;
  const name = (value: string | undefined) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return { device, os: name(parsed.os.name), browser: name(parsed.browser.name) };
}

/** Whether the user agent is a bot's (crawler, preview, script); no user agent is not. */
export function isBotAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && userAgent.trim() !== '' && isbot(userAgent);
}

/** The event's UTMs when it sent any, else those of the URL's query (see the file's comment). */
export function utmOf(utm: Partial<Utm> | null | undefined, url: string | null | undefined): Utm {
  return utmFrom(utm, () => httpUrl(url));
}

/** `utmOf` with the page's URL parsed at most once, and only when the event sent no UTMs. */
function utmFrom(utm: Partial<Utm> | null | undefined, page: () => URL | null): Utm {
  const clean = (value: unknown): string | null =>
    typeof value === 'string' && value !== '' ? value.slice(0, UTM_MAX) : null;
  if (utm !== null && utm !== undefined && typeof utm === 'object') {
    const own = (key: (typeof UTM_KEYS)[number]) => (Object.hasOwn(utm, key) ? clean(utm[key]) : null);
    return {
      source: own('source'),
      medium: own('medium'),
      campaign: own('campaign'),
      term: own('term'),
      content: own('content'),
    };
  }
  const query = page()?.searchParams;
  const param = (key: (typeof UTM_KEYS)[number]) => clean(query?.get(`utm_${key}`));
  return {
    source: param('source'),
    medium: param('medium'),
    campaign: param('campaign'),
    term: param('term'),
    content: param('content'),
  };
}

/** The referrer class of an event (rules in the order of the file's comment). */
export function referrerClassOf(input: {
  url?: string | null;
  referrer?: string | null;
  utm: Utm;
  websiteDomains: readonly string[];
}): ReferrerClass {
  return referrerClassFrom(httpUrl(input.url), input);
}

/** `referrerClassOf` with the page's URL already parsed. */
function referrerClassFrom(
  page: URL | null,
  input: { referrer?: string | null; utm: Utm; websiteDomains: readonly string[] },
): ReferrerClass {
  const medium = input.utm.medium?.trim().toLowerCase() ?? '';
  const referrer = httpUrl(input.referrer);
  const from = referrer ? hostOf(referrer) : null;

  if (PAID_MEDIUMS.includes(medium) || medium.startsWith('paid')) return 'paid';
  if (page && AD_CLICK_IDS.some((id) => page.searchParams.has(id))) return 'paid';
  if (EMAIL_MEDIUMS.includes(medium) || (from !== null && onAnyOf(from, WEBMAIL))) return 'email';
  if (SOCIAL_MEDIUMS.includes(medium) || (from !== null && (onAnyOf(from, SOCIAL) || PINTEREST.test(from))))
    return 'social';
  if (ORGANIC_MEDIUMS.includes(medium) || (from !== null && SEARCH_ENGINES.some((engine) => engine.test(from))))
    return 'organic';
  if (from !== null && onAny(from, input.websiteDomains)) return 'internal';
  if (from === null) return 'direct';
  return 'referral';
}

/** How many user agents `agentOf` remembers (a batch comes from one browser; a busy process sees a few hundred kinds). */
const AGENT_MEMO_SIZE = 2_000;
const agentMemo = new LRUCache<string, Pick<Enrichment, 'device' | 'os' | 'browser' | 'bot'>>({ max: AGENT_MEMO_SIZE });

/**
 * Device, OS, browser and bot of a user agent, remembered: parsing one costs far more than the
 * rest of an event's enrichment, and every event of a batch has the same. The answer depends on
 * the text alone, so remembering it changes nothing but the time.
 */
function agentOf(userAgent: string | null | undefined): Pick<Enrichment, 'device' | 'os' | 'browser' | 'bot'> {
  if (typeof userAgent !== 'string') return { ...parseUserAgent(userAgent), bot: isBotAgent(userAgent) };
  const known = agentMemo.get(userAgent);
  if (known) return known;
  const found = { ...parseUserAgent(userAgent), bot: isBotAgent(userAgent) };
  agentMemo.set(userAgent, found);
  return found;
}

/** Everything ingestion adds to one event. */
export function enrich(input: EnrichInput): Enrichment {
  let parsed: URL | null | undefined =
    input.page && (input.page.protocol === 'http:' || input.page.protocol === 'https:') ? input.page : undefined;
  const page = () => (parsed === undefined ? (parsed = httpUrl(input.url)) : parsed);
  const utm = utmFrom(input.utm, page);
  return {
    ...agentOf(input.userAgent),
    referrerClass: referrerClassFrom(page(), { referrer: input.referrer, utm, websiteDomains: input.websiteDomains }),
    utm,
  };
}
