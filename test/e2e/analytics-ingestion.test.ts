// Enrichment and the website's analytics settings at ingestion (issue "Enrichment"; DESIGN.md
// "Public delivery", "Analytics definitions"; seed 001 "Event: name, time, distinct id, city,
// country, OS, browser, device, url, landing page, referrer, UTMs"), through the real HTTP stack:
// `POST /api/public/collect` with a browser's User-Agent, a GeoIP database written for the test
// (test/support/mmdb.ts: 127.0.0.0/8, where supertest's requests come from, is Berlin, DE), a
// website with a tracking domain, and the stored rows read back. Every expected answer is written
// out by hand.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readCollectedEvents, type StoredEvent } from '#libs/cro/src/projections/collected-events.js';
import { expectWith } from '../support/expect.js';
import { buildMmdb } from '../support/mmdb.js';
import { OWNER, boot, setups, signIn, type Agent, type Booted } from './setups.js';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const SITE = 'https://enrich-garden.example';
const TRACKING = 'garden-tracking.example';

describe.each(setups)('ingestion: enrichment and analytics settings ($name)', (setup) => {
  let t: Booted;
  let owner: Agent;
  let site: { id: string; key: string };
  let dir: string;

  const collect = (events: unknown[], userAgent?: string) => {
    const req = request(t.url).post('/api/public/collect').set('Content-Type', 'text/plain');
    // Without a header of our own, supertest (superagent) sends none: a missing User-Agent.
    if (userAgent) req.set('User-Agent', userAgent);
    return req.send(JSON.stringify({ siteKey: site.key, events }));
  };
  const stored = async (): Promise<Map<string, StoredEvent>> => {
    const rows = await readCollectedEvents(t.app.runtime.db, site.id, {
      from: new Date(Date.now() - 3_600_000),
      to: new Date(Date.now() + 3_600_000),
    });
    return new Map(rows.map((r) => [r.id, r]));
  };
  const event = (id: string, fields: Record<string, unknown>) => ({
    id,
    name: 'page_view',
    distinctId: `visitor-${id}`,
    time: new Date().toISOString(),
    ...fields,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'geoip-'));
    const database = join(dir, 'City-Test.mmdb');
    writeFileSync(
      database,
      buildMmdb([
        {
          network: '127.0.0.0/8',
          record: {
            country: { iso_code: 'DE', names: { en: 'Germany' } },
            city: { names: { en: 'Berlin', de: 'Berlin' } },
          },
        },
        { network: '2001:db8::/32', record: { country: { iso_code: 'FR' }, city: { names: { en: 'Paris' } } } },
      ]),
    );
    t = await boot(setup, { GEOIP_DATABASE: database });
    owner = await signIn(t.url, OWNER);
    const created = await owner.post('/api/websites').send({ name: 'Enrichment Garden', url: SITE });
    expectWith(created.status, JSON.stringify(created.body)).toBe(201);
    site = created.body;
    const put = await owner.put(`/api/websites/${site.id}`).send({ analytics: { trackingDomains: [TRACKING] } });
    expectWith(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.analytics.trackingDomains).toEqual([TRACKING]);
  });
  afterAll(async () => {
    await t?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("a browser's events come back with device, OS, browser, country, city, referrer class and the URL's UTMs", async () => {
    const res = await collect(
      [
        event('landing', {
          url: `${SITE}/guides/ferns?utm_source=newsletter&utm_medium=email&utm_campaign=may`,
          referrer: '',
        }),
        event('from-search', { url: `https://www.${TRACKING}/offers`, referrer: 'https://www.google.com/' }),
        event('next-page', {
          url: `${SITE}/guides/ferns/watering`,
          referrer: `${SITE}/guides/ferns`,
          utm: { source: 'newsletter', medium: 'email' },
        }),
        event('from-blog', {
          url: `https://blog.enrich-garden.example/`,
          referrer: 'https://plant-lovers.example/post',
        }),
      ],
      CHROME_WINDOWS,
    );
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ accepted: 4, duplicates: 0, rejected: [] });

    const rows = await stored();
    const browser = { device: 'desktop', os: 'Windows', browser: 'Chrome', bot: false, country: 'DE', city: 'Berlin' };
    expect(rows.get('landing')).toMatchObject({
      ...browser,
      referrer: null,
      referrerClass: 'email',
      utm: { source: 'newsletter', medium: 'email', campaign: 'may', term: null, content: null },
    });
    expect(rows.get('from-search')).toMatchObject({
      ...browser,
      referrer: 'https://www.google.com/',
      referrerClass: 'organic',
      utm: null,
    });
    // The sent utm rules (rule 2: email before internal).
    expect(rows.get('next-page')).toMatchObject({
      ...browser,
      referrerClass: 'email',
      utm: { source: 'newsletter', medium: 'email', campaign: null, term: null, content: null },
    });
    expect(rows.get('from-blog')).toMatchObject({ ...browser, referrerClass: 'referral', utm: null });

    const phone = await collect(
      [event('phone', { url: `${SITE}/cart`, referrer: `https://${TRACKING}/offers` })],
      SAFARI_IPHONE,
    );
    expect(phone.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    expect((await stored()).get('phone')).toMatchObject({
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
      bot: false,
      country: 'DE',
      city: 'Berlin',
      referrerClass: 'internal',
    });
  });

  it("a bot's events are kept, marked bot; without a User-Agent nothing is known of the client and it is no bot", async () => {
    const bot = await collect([event('crawler', { url: `${SITE}/` })], GOOGLEBOT);
    expect(bot.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const none = await collect([
      {
        id: 'server-side',
        name: 'purchase',
        distinctId: 'visitor-9',
        time: new Date().toISOString(),
        value: 30,
        currency: 'EUR',
      },
    ]);
    expect(none.body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });

    const rows = await stored();
    expect(rows.get('crawler')).toMatchObject({
      bot: true,
      device: null,
      os: null,
      country: 'DE',
      city: 'Berlin',
      referrerClass: 'direct',
    });
    expect(rows.get('server-side')).toMatchObject({
      bot: false,
      device: null,
      os: null,
      browser: null,
      url: null,
      referrerClass: 'direct',
      utm: null,
    });
  });

  it("an event on neither the website's domain nor a tracking domain is rejected with the reason; the rest of the batch is kept", async () => {
    const res = await collect(
      [
        event('own', { url: `http://www.enrich-garden.example:8080/a` }),
        event('foreign', { url: 'https://evil.example/guides' }),
        event('look-alike', { url: `https://enrich-garden.example.evil.example/` }),
        event('glued', { url: `https://not${TRACKING}/` }),
        event('tracking-sub', { url: `https://shop.${TRACKING}/checkout` }),
      ],
      CHROME_WINDOWS,
    );
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    const reason = 'url is not on this website or its tracking domains';
    expect(res.body).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [
        { index: 1, reason },
        { index: 2, reason },
        { index: 3, reason },
      ],
    });
    const ids = [...(await stored()).keys()];
    expect(['own', 'foreign', 'look-alike', 'glued', 'tracking-sub'].filter((id) => ids.includes(id))).toEqual([
      'own',
      'tracking-sub',
    ]);
  });

  it('an event on a page an active excluded-page rule names is rejected with the reason; a deleted rule excludes nothing', async () => {
    const prefix = await owner.post('/api/excluded-pages').send({ websiteId: site.id, urlRule: `${SITE}/account/*` });
    expectWith(prefix.status, JSON.stringify(prefix.body)).toBe(201);
    const exact = await owner.post('/api/excluded-pages').send({ websiteId: site.id, urlRule: `${SITE}/thanks` });
    expectWith(exact.status, JSON.stringify(exact.body)).toBe(201);

    const reason = 'page is excluded from tracking';
    const res = await collect(
      [
        event('account', { url: `${SITE}/account` }),
        event('orders', { url: `${SITE}/account/orders?page=2` }),
        event('thanks', { url: `${SITE}/thanks/` }),
        event('thanks-more', { url: `${SITE}/thanks/again` }),
        event('accounting', { url: `${SITE}/accounting` }),
        { id: 'no-page', name: 'purchase', distinctId: 'visitor-np', time: new Date().toISOString(), value: 12 },
      ],
      CHROME_WINDOWS,
    );
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [
        { index: 0, reason },
        { index: 1, reason },
        { index: 2, reason },
      ],
    });
    const ids = [...(await stored()).keys()];
    expect(
      ['account', 'orders', 'thanks', 'thanks-more', 'accounting', 'no-page'].filter((id) => ids.includes(id)),
    ).toEqual(['thanks-more', 'accounting', 'no-page']);

    // A page off the website is rejected for that, whatever the rules say.
    const foreign = await collect(
      [event('foreign-account', { url: 'https://evil.example/account/x' })],
      CHROME_WINDOWS,
    );
    expect(foreign.body.rejected).toEqual([{ index: 0, reason: 'url is not on this website or its tracking domains' }]);

    const removed = await owner.delete(`/api/excluded-pages/${prefix.body.id}`);
    expectWith(removed.status, JSON.stringify(removed.body)).toBe(200);
    const after = await collect(
      [event('orders-later', { url: `${SITE}/account/orders` }), event('thanks-later', { url: `${SITE}/thanks` })],
      CHROME_WINDOWS,
    );
    expect(after.body).toEqual({ accepted: 1, duplicates: 0, rejected: [{ index: 1, reason }] });
  });
});
