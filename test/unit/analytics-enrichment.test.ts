// Enrichment of tracking events at ingestion (libs/analytics/src/domain/enrichment.ts): device, OS
// and browser from the user agent (bowser's published names: OS_MAP, BROWSER_MAP), bots (isbot),
// UTMs and the referrer class, rules in the order the file's comment gives; and country and city
// from a MaxMind database (libs/cro/src/public/geoip.ts) written for the test by
// test/support/mmdb.ts. Every expected answer is written out by hand.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { enrich, parseUserAgent, referrerClassOf, utmOf, type Utm } from '#libs/analytics/src/domain/enrichment.js';
import { GeoIp, locationOf, lookupAddress } from '#libs/cro/src/public/geoip.js';
import { buildMmdb } from '../support/mmdb.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const SAFARI_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CURL = 'curl/8.5.0';

const SITE = ['shop.example', 'shop-tracking.example'];
const PAGE = 'https://shop.example/guides/repotting';
const NO_UTM: Utm = { source: null, medium: null, campaign: null, term: null, content: null };
const withMedium = (medium: string): Utm => ({ ...NO_UTM, medium });

describe('enrichment: device, OS and browser from the user agent', () => {
  it.each([
    ['Chrome on Windows', CHROME_WINDOWS, { device: 'desktop', os: 'Windows', browser: 'Chrome' }],
    ['Safari on an iPhone', SAFARI_IPHONE, { device: 'mobile', os: 'iOS', browser: 'Safari' }],
    ['Safari on an iPad', SAFARI_IPAD, { device: 'tablet', os: 'iOS', browser: 'Safari' }],
    [
      'Safari on a Mac (also an iPad asking for desktop pages)',
      SAFARI_MAC,
      { device: 'desktop', os: 'macOS', browser: 'Safari' },
    ],
    ['Chrome on Android', CHROME_ANDROID, { device: 'mobile', os: 'Android', browser: 'Chrome' }],
    ['Firefox on Linux', FIREFOX_LINUX, { device: 'desktop', os: 'Linux', browser: 'Firefox' }],
    ['Edge on Windows', EDGE_WINDOWS, { device: 'desktop', os: 'Windows', browser: 'Microsoft Edge' }],
  ])('%s', (_name, userAgent, expected) => {
    expect(parseUserAgent(userAgent)).toEqual(expected);
    expect(enrich({ userAgent, url: PAGE, websiteDomains: SITE }).bot).toBe(false);
  });

  it('Googlebot is a bot with no device (its platform is a bot, not a screen)', () => {
    const result = enrich({ userAgent: GOOGLEBOT, url: PAGE, websiteDomains: SITE });
    expect([result.bot, result.device, result.os]).toEqual([true, null, null]);
  });

  it('curl is a bot the parser knows nothing of: device, OS and browser null', () => {
    expect(enrich({ userAgent: CURL, url: PAGE, websiteDomains: SITE })).toEqual({
      device: null,
      os: null,
      browser: null,
      bot: true,
      referrerClass: 'direct',
      utm: NO_UTM,
    });
  });

  it('no user agent, or a blank one: nothing known, and not a bot (a server-side integration)', () => {
    for (const userAgent of [undefined, null, '', '   ']) {
      expect(enrich({ userAgent, url: PAGE, websiteDomains: SITE })).toEqual({
        device: null,
        os: null,
        browser: null,
        bot: false,
        referrerClass: 'direct',
        utm: NO_UTM,
      });
    }
  });
});

describe('enrichment: UTMs', () => {
  it("the event's utm when it sent one, missing keys null, the URL's query ignored", () => {
    expect(utmOf({ source: 'news', campaign: 'spring' }, `${PAGE}?utm_source=other&utm_medium=email`)).toEqual({
      source: 'news',
      medium: null,
      campaign: 'spring',
      term: null,
      content: null,
    });
  });

  it("else the URL's utm_* parameters (first value; empty is none)", () => {
    const url = `${PAGE}?utm_source=google&utm_medium=cpc&utm_campaign=spring%20sale&utm_term=pots&utm_content=&utm_source=second`;
    expect(utmOf(null, url)).toEqual({
      source: 'google',
      medium: 'cpc',
      campaign: 'spring sale',
      term: 'pots',
      content: null,
    });
    expect(utmOf(undefined, PAGE)).toEqual(NO_UTM);
    expect(utmOf(undefined, null)).toEqual(NO_UTM);
    expect(utmOf(undefined, 'not a url?utm_source=x')).toEqual(NO_UTM);
  });

  it('inherited keys are not UTMs (own keys only)', () => {
    const inherited = Object.create({ source: 'proto' }) as Partial<Utm>;
    expect(utmOf(inherited, `${PAGE}?utm_source=url`)).toEqual(NO_UTM);
  });
});

describe('enrichment: referrer class, rules in order', () => {
  const classOf = (referrer: string | null, options: { url?: string; utm?: Utm } = {}) =>
    referrerClassOf({ url: options.url ?? PAGE, referrer, utm: options.utm ?? NO_UTM, websiteDomains: SITE });

  it.each([
    // 1. paid
    ['utm_medium cpc', null, { utm: withMedium('cpc') }, 'paid'],
    ['utm_medium PPC (any case)', null, { utm: withMedium('PPC') }, 'paid'],
    ['utm_medium paid_social', 'https://www.facebook.com/', { utm: withMedium('paid_social') }, 'paid'],
    ['utm_medium paidsearch', null, { utm: withMedium('paidsearch') }, 'paid'],
    ['utm_medium display', null, { utm: withMedium('display') }, 'paid'],
    ['gclid on a Google referral', 'https://www.google.com/', { url: `${PAGE}?gclid=abc123` }, 'paid'],
    ['fbclid', 'https://l.facebook.com/', { url: `${PAGE}?fbclid=IwAR0` }, 'paid'],
    ['msclkid', 'https://www.bing.com/', { url: `${PAGE}?msclkid=9f8e` }, 'paid'],
    // 2. email
    ['utm_medium email', null, { utm: withMedium('email') }, 'email'],
    [
      'utm_medium email from a search engine still email (rule 2 before 4)',
      'https://www.google.com/',
      { utm: withMedium('email') },
      'email',
    ],
    ['Gmail (before google.* as a search engine)', 'https://mail.google.com/', {}, 'email'],
    ['Outlook on the web', 'https://outlook.live.com/mail/0/inbox', {}, 'email'],
    ['Yahoo Mail (before yahoo as a search engine)', 'https://mail.yahoo.com/d/folders/1', {}, 'email'],
    // 3. social
    ['Facebook', 'https://www.facebook.com/', {}, 'social'],
    ['Facebook link shim', 'https://l.facebook.com/l.php?u=x', {}, 'social'],
    ['t.co', 'https://t.co/abc', {}, 'social'],
    ['x.com', 'https://x.com/', {}, 'social'],
    ['LinkedIn', 'https://www.linkedin.com/feed/', {}, 'social'],
    ['Instagram', 'https://l.instagram.com/', {}, 'social'],
    ['Pinterest (a country domain)', 'https://www.pinterest.co.uk/', {}, 'social'],
    ['Reddit', 'https://old.reddit.com/r/houseplants', {}, 'social'],
    ['YouTube', 'https://m.youtube.com/', {}, 'social'],
    ['TikTok', 'https://www.tiktok.com/', {}, 'social'],
    ['utm_medium social with no referrer', null, { utm: withMedium('social') }, 'social'],
    // 4. organic
    ['Google', 'https://www.google.com/', {}, 'organic'],
    ['Google UK', 'https://www.google.co.uk/', {}, 'organic'],
    ['Google Brazil', 'https://www.google.com.br/', {}, 'organic'],
    ['Bing', 'https://www.bing.com/', {}, 'organic'],
    ['DuckDuckGo', 'https://duckduckgo.com/', {}, 'organic'],
    ['Yahoo search', 'https://search.yahoo.com/', {}, 'organic'],
    ['Baidu', 'https://www.baidu.com/link?url=x', {}, 'organic'],
    ['Yandex', 'https://yandex.ru/', {}, 'organic'],
    ['Ecosia', 'https://www.ecosia.org/', {}, 'organic'],
    ['utm_medium organic', null, { utm: withMedium('organic') }, 'organic'],
    // 5. internal
    ["the website's own page", 'https://shop.example/', {}, 'internal'],
    ["a subdomain of the website's domain", 'https://www.shop.example/cart', {}, 'internal'],
    ['a tracking domain', 'http://shop-tracking.example:8080/landing', {}, 'internal'],
    // 6. direct
    ['no referrer', null, {}, 'direct'],
    ['an empty referrer', '', {}, 'direct'],
    ['a referrer that is not an http(s) URL', 'android-app://com.google.android.gm/', {}, 'direct'],
    // 7. referral
    ['a blog', 'https://plants-blog.example/best-pots', {}, 'referral'],
    ['Google Docs is not a search engine', 'https://docs.google.com/document/d/1', {}, 'referral'],
    ['a look-alike of the website', 'https://shop.example.evil.example/', {}, 'referral'],
    ['a look-alike of a social network', 'https://notfacebook.com/', {}, 'referral'],
    ['utm_medium referral (not a class rule)', 'https://partner.example/', { utm: withMedium('referral') }, 'referral'],
  ] as [string, string | null, { url?: string; utm?: Utm }, string][])(
    '%s: %s',
    (_name, referrer, options, expected) => {
      expect(classOf(referrer, options)).toBe(expected);
    },
  );

  it('enrich reads the medium from the URL when the event sent no utm', () => {
    const result = enrich({
      userAgent: CHROME_WINDOWS,
      url: `${PAGE}?utm_source=newsletter&utm_medium=email&utm_campaign=may`,
      referrer: null,
      websiteDomains: SITE,
    });
    expect(result).toEqual({
      device: 'desktop',
      os: 'Windows',
      browser: 'Chrome',
      bot: false,
      referrerClass: 'email',
      utm: { source: 'newsletter', medium: 'email', campaign: 'may', term: null, content: null },
    });
  });

  it("enrich uses the event's utm over the URL's (paid by the sent medium, not email by the URL's)", () => {
    const result = enrich({
      userAgent: SAFARI_IPHONE,
      url: `${PAGE}?utm_medium=email`,
      referrer: 'https://www.google.com/',
      utm: { source: 'google', medium: 'cpc' },
      websiteDomains: SITE,
    });
    expect([result.referrerClass, result.utm.medium, result.device]).toEqual(['paid', 'cpc', 'mobile']);
  });
});

describe('GeoIP: country and city of the client address', () => {
  const dir = mkdtempSync(join(tmpdir(), 'geoip-unit-'));
  const database = join(dir, 'City-Test.mmdb');
  writeFileSync(
    database,
    buildMmdb([
      {
        network: '127.0.0.0/8',
        record: { country: { iso_code: 'DE' }, city: { names: { en: 'Berlin', de: 'Berlin' } } },
      },
      { network: '2001:db8::/32', record: { country: { iso_code: 'fr' }, city: { names: { en: 'Paris' } } } },
      {
        network: '198.51.100.0/24',
        record: { registered_country: { iso_code: 'US' }, city: { names: { de: 'München' } } },
      },
    ]),
  );
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the address looked up: IPv4, IPv4-mapped IPv6 as IPv4, IPv6 without its zone; anything else none', () => {
    expect(lookupAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(lookupAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(lookupAddress('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(lookupAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(lookupAddress('2001:db8::1')).toBe('2001:db8::1');
    for (const bad of [undefined, null, '', 'unknown', '999.1.1.1', '127.0.0.1:3000'])
      expect(lookupAddress(bad)).toBeNull();
  });

  it("a record's country code (upper case) and English city name; registered_country is not where the visitor is", () => {
    expect(locationOf({ country: { iso_code: 'de' }, city: { names: { en: 'Berlin' } } } as never)).toEqual({
      country: 'DE',
      city: 'Berlin',
    });
    expect(locationOf({ registered_country: { iso_code: 'US' }, city: { names: { de: 'München' } } } as never)).toEqual(
      { country: null, city: null },
    );
    expect(locationOf({ country: { iso_code: 'DEU' } } as never)).toEqual({ country: null, city: null });
    expect(locationOf(null)).toEqual({ country: null, city: null });
  });

  it('with the database: the networks it knows, nulls for the rest', async () => {
    const geo = new GeoIp(database);
    expect(geo.enabled).toBe(true);
    expect(await geo.lookup('127.0.0.1')).toEqual({ country: 'DE', city: 'Berlin' });
    expect(await geo.lookup('::ffff:127.0.0.1')).toEqual({ country: 'DE', city: 'Berlin' });
    expect(await geo.lookup('2001:db8:1::5')).toEqual({ country: 'FR', city: 'Paris' });
    expect(await geo.lookup('198.51.100.7')).toEqual({ country: null, city: null });
    expect(await geo.lookup('8.8.8.8')).toEqual({ country: null, city: null });
    expect(await geo.lookup('2001:db9::1')).toEqual({ country: null, city: null });
    expect(await geo.lookup('not an address')).toEqual({ country: null, city: null });
  });

  it('without GEOIP_DATABASE: nulls, nothing opened', async () => {
    const geo = new GeoIp(undefined);
    expect(geo.enabled).toBe(false);
    expect(await geo.lookup('127.0.0.1')).toEqual({ country: null, city: null });
  });

  it('a file that cannot be read is reported once; every lookup answers nulls', async () => {
    const errors: unknown[] = [];
    const geo = new GeoIp(join(dir, 'missing.mmdb'), (error) => errors.push(error));
    expect(await geo.lookup('127.0.0.1')).toEqual({ country: null, city: null });
    expect(await geo.lookup('127.0.0.2')).toEqual({ country: null, city: null });
    expect(errors).toHaveLength(1);
  });
});
