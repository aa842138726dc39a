// Experiments served by country, and the website's analytics ids in the placements (issue 14;
// DESIGN.md "Public delivery"; seed 001 "Analytics settings"), through the real HTTP stack of two
// apps on the demo data:
// - one with `GEOIP_DATABASE` (a database written for the test with test/support/mmdb.ts:
//   198.51.100.0/24 is Germany, 203.0.113.0/24 is France, nothing else is known) and
//   `TRUST_PROXY=true`, so the visitor's address is the X-Forwarded-For that supertest sends from
//   127.0.0.1 (a trusted loopback proxy), exactly as `request.ip` gives it to the collect route;
// - one whose `GEOIP_DATABASE` names a file that is not a MaxMind database (configured, not
//   readable): countries cannot be checked there, so Publish refuses them (no database at all:
//   test/e2e/cro-public.test.ts).
// Every expected answer is written out by hand.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { buildMmdb } from '../support/mmdb.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

type Row = { id: string; name: string; status: string } & Record<string, unknown>;

const SHOP = 'https://shop.demo.example';
const PAGE = `${SHOP}/geo-test`;
const GERMAN = '198.51.100.7';
const FRENCH = '203.0.113.9';
const UNKNOWN = '192.0.2.10';
const COUNTRIES =
  'Countries cannot be checked: no GeoIP database is configured. Remove the countries to publish this test.';
const VARIANTS = [
  { key: 'control', weight: 50 },
  { key: 'b', weight: 50, changes: [{ selector: 'h1', text: 'B' }] },
];
const DELIVERED = [
  { key: 'control', weight: 50, changes: [] },
  { key: 'b', weight: 50, changes: [{ selector: 'h1', text: 'B' }] },
];

/** The demo's Demo Shop: its id and key, and a goal of it. */
async function shopOf(owner: Agent): Promise<{ id: string; key: string; goalId: string }> {
  const websites = (await owner.get('/api/websites')).body as { id: string; name: string; key: string }[];
  const shop = websites.find((w) => w.name === 'Demo Shop')!;
  const goals = (await owner.get(`/api/goals?${listQuery({ filter: { websiteId: shop.id }, range: [0, 49] })}`))
    .body as Row[];
  return { id: shop.id, key: shop.key, goalId: goals[0]!.id };
}

async function createExperiment(
  owner: Agent,
  shop: { id: string; goalId: string },
  name: string,
  trafficRules: Record<string, unknown>,
): Promise<Row> {
  const res = await owner.post('/api/experiments').send({
    websiteId: shop.id,
    name,
    pageUrl: PAGE,
    testType: 'ab',
    goalId: shop.goalId,
    variants: VARIANTS,
    trafficRules,
  });
  expectWith(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Row;
}

const publish = async (owner: Agent, id: string) => {
  const res = await owner.post(`/api/experiments/${id}/actions/Publish`).send({});
  return { status: res.status, message: res.body.message, errors: res.body.errors, record: res.body as Row };
};

describe.each(setups)('experiments by country and the analytics ids in the placements ($name)', (setup) => {
  let dir: string;
  let geo: Booted;
  let unreadable: Booted;
  let owner: Agent;
  let shop: { id: string; key: string; goalId: string };

  /** The placements of `url` for a visitor at `address` (sent as X-Forwarded-For; none: 127.0.0.1 itself). */
  const placed = async (url: string, address?: string) => {
    const req = request(geo.url).get(
      `/api/public/sites/${encodeURIComponent(shop.key)}/placements?url=${encodeURIComponent(url)}`,
    );
    if (address) req.set('X-Forwarded-For', address);
    const res = await req;
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      experiments: { id: string; variants: unknown; trafficRules: unknown }[];
      analytics: Record<string, unknown>;
    } & Record<string, unknown>;
  };
  const experimentIds = async (address?: string) => (await placed(PAGE, address)).experiments.map((e) => e.id);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'geoip-placements-'));
    const database = join(dir, 'Country-Test.mmdb');
    writeFileSync(
      database,
      buildMmdb([
        { network: '198.51.100.0/24', record: { country: { iso_code: 'DE' } } },
        { network: '203.0.113.0/24', record: { country: { iso_code: 'FR' } } },
      ]),
    );
    const broken = join(dir, 'not-a-database.mmdb');
    writeFileSync(broken, 'this is no MaxMind database');
    geo = await boot(setup, { GEOIP_DATABASE: database, TRUST_PROXY: 'true' });
    unreadable = await boot(setup, { GEOIP_DATABASE: broken, TRUST_PROXY: 'true' });
    owner = await signIn(geo.url, OWNER);
    shop = await shopOf(owner);
  }, 120_000);
  afterAll(async () => {
    await geo?.stop();
    await unreadable?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('with a readable GeoIP database an experiment for DE publishes and is served to German visitors only; answers never cross countries', async () => {
    const everybody = await createExperiment(owner, shop, 'Everybody', {});
    expect((await publish(owner, everybody.id)).status).toBe(200);
    const germany = await createExperiment(owner, shop, 'Germany only', { countries: ['DE'], visitorsPct: 80 });
    const published = await publish(owner, germany.id);
    expectWith(published.status, JSON.stringify(published)).toBe(200);
    expect(published.record.status).toBe('live');

    // German first: its answer is the one cached for this page.
    expect((await placed(PAGE, GERMAN)).experiments).toEqual([
      { id: everybody.id, variants: DELIVERED, trafficRules: {} },
      // The country rule is decided here: the tracker gets the rules it applies itself.
      { id: germany.id, variants: DELIVERED, trafficRules: { visitorsPct: 80 } },
    ]);
    // France, an address the database does not know, and the proxy's own address: not entered.
    expect(await experimentIds(FRENCH)).toEqual([everybody.id]);
    expect(await experimentIds(UNKNOWN)).toEqual([everybody.id]);
    expect(await experimentIds()).toEqual([everybody.id]);
    // The French answer (now cached too) is not served to a German visitor, nor the German one to France.
    expect(await experimentIds('198.51.100.200')).toEqual([everybody.id, germany.id]);
    expect(await experimentIds(FRENCH)).toEqual([everybody.id]);
    // The visitor is the address the trusted proxy forwarded (the right-most untrusted one).
    expect(await experimentIds(`${FRENCH}, ${GERMAN}`)).toEqual([everybody.id, germany.id]);

    // A live test may be given more countries (and loses them on the same terms).
    const edited = await owner
      .put(`/api/experiments/${germany.id}`)
      .send({ trafficRules: { countries: ['DE', 'FR'], visitorsPct: 80 } });
    expectWith(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await experimentIds(FRENCH)).toEqual([everybody.id, germany.id]);
    expect(await experimentIds(UNKNOWN)).toEqual([everybody.id]);

    // Deployed, its variant goes to everybody, whatever the country.
    const deployed = await owner
      .post(`/api/experiments/${germany.id}/actions/CompleteAndDeploy`)
      .send({ variant: 'b' });
    expectWith(deployed.status, JSON.stringify(deployed.body)).toBe(200);
    expect((await placed(PAGE, UNKNOWN)).experiments).toEqual([
      { id: everybody.id, variants: DELIVERED, trafficRules: {} },
      {
        id: germany.id,
        variants: [{ key: 'b', weight: 100, changes: [{ selector: 'h1', text: 'B' }] }],
        trafficRules: {},
      },
    ]);
    // Audiences stay unservable with a database: refused on Publish.
    const audience = await createExperiment(owner, shop, 'Returning buyers in Germany', {
      countries: ['DE'],
      audiences: ['aud-1'],
    });
    const refused = await publish(owner, audience.id);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.errors)).toEqual(['trafficRules.audiences']);
  });

  it('a GeoIP database that cannot be read checks no country: Publish refuses countries with the reason', async () => {
    const other = await signIn(unreadable.url, OWNER);
    const otherShop = await shopOf(other);
    const germany = await createExperiment(other, otherShop, 'Germany only', { countries: ['DE'] });
    const refused = await publish(other, germany.id);
    expect({ status: refused.status, message: refused.message, errors: refused.errors }).toEqual({
      status: 422,
      message: COUNTRIES,
      errors: { 'trafficRules.countries': COUNTRIES },
    });
    // A draft keeps them; without them it publishes.
    const edited = await other.put(`/api/experiments/${germany.id}`).send({ trafficRules: {} });
    expectWith(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await publish(other, germany.id)).status).toBe(200);
  });

  it("the placements answer carries the website's analytics ids (Segment as a flag, never its write key), and a change shows at once", async () => {
    // The demo shop sets none.
    const none = {
      googleAnalyticsId: null,
      tagManagerId: null,
      facebookPixelId: null,
      segment: false,
      hubspotCtaClickEventId: null,
    };
    expect((await placed(`${SHOP}/`)).analytics).toEqual(none);

    const writeKey = 'SegWriteKey0123456789abcdef';
    const settings = {
      googleAnalyticsId: 'G-GEO1TEST42',
      tagManagerId: 'GTM-GEO1T42',
      facebookPixelId: '1234567890123',
      segmentWriteKey: writeKey,
      hubspotCtaClickEventId: 'pe7654321_cta_clicked',
    };
    const put = await owner.put(`/api/websites/${shop.id}`).send({ analytics: settings });
    expectWith(put.status, JSON.stringify(put.body)).toBe(200);
    const answer = await placed(`${SHOP}/`);
    expect(answer.analytics).toEqual({
      googleAnalyticsId: 'G-GEO1TEST42',
      tagManagerId: 'GTM-GEO1T42',
      facebookPixelId: '1234567890123',
      segment: true,
      hubspotCtaClickEventId: 'pe7654321_cta_clicked',
    });
    expect(JSON.stringify(answer)).not.toContain(writeKey);
    // Every page of the website (and every country) gets them.
    expect((await placed(PAGE, GERMAN)).analytics).toEqual(answer.analytics);

    const cleared = await owner
      .put(`/api/websites/${shop.id}`)
      .send({ analytics: { ...settings, googleAnalyticsId: 'G-GEO2TEST42', segmentWriteKey: null } });
    expectWith(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await placed(`${SHOP}/`)).analytics).toEqual({
      ...answer.analytics,
      googleAnalyticsId: 'G-GEO2TEST42',
      segment: false,
    });
    // A page off the website gets the empty set, without ids.
    expect((await placed('https://elsewhere.example/')).analytics).toEqual(none);
  });
});
