// The public endpoints the tracker on customer websites uses (DESIGN.md "Public delivery",
// "Trust boundary", "Analytics definitions"), through the real HTTP stack, on the demo's Demo Shop
// (apps/api/src/demo/cro.seed.ts): `GET /tracker.js`, `GET /api/public/sites/{key}/placements?url=`,
// `POST /api/public/collect`. Every expected answer is written out by hand from the seed and
// DESIGN.md's shapes.
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { hasCollectedEvents, readCollectedEvents } from '#libs/cro/src/projections/collected-events.js';
import { serveTracker } from '#libs/cro/src/public/tracker-asset.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

type Row = { id: string; name: string; status: string; version: number } & Record<string, unknown>;

const SHOP = 'https://shop.demo.example';
const ALL_DEVICES = ['desktop', 'tablet', 'mobile'];
/** The demo shop sets no analytics ids (test/e2e/cro-geoip-placements.test.ts sets them). */
const NO_ANALYTICS_IDS = {
  googleAnalyticsId: null,
  tagManagerId: null,
  facebookPixelId: null,
  segment: false,
  hubspotCtaClickEventId: null,
};

async function demoFacts(t: Booted, owner: Agent) {
  const websites = (await owner.get('/api/websites')).body as { id: string; name: string; key: string }[];
  const shop = websites.find((w) => w.name === 'Demo Shop')!;
  const blog = websites.find((w) => w.name === 'Demo Blog')!;
  const list = async (resource: string): Promise<Row[]> => {
    const res = await owner.get(`/api/${resource}?${listQuery({ filter: { websiteId: shop.id }, range: [0, 49] })}`);
    expectWith(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Row[];
  };
  const byName = (rows: Row[], name: string) => rows.find((r) => r.name === name)!;
  const ctas = await list('ctas');
  const campaigns = await list('campaigns');
  const experiments = await list('experiments');
  return {
    shop,
    blog,
    popup: byName(ctas, 'Newsletter popup'),
    inline: byName(ctas, 'Watering essentials'),
    bar: byName(ctas, 'Free shipping bar'),
    spring: byName(campaigns, 'Spring newsletter'),
    summer: byName(campaigns, 'Summer sale'),
    headline: byName(experiments, 'Headline test'),
    button: byName(experiments, 'Button colour test'),
    t,
  };
}

for (const setup of setups) {
  describe(`public delivery to customer websites (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let demo: Awaited<ReturnType<typeof demoFacts>>;

    const placements = async (url: string, key = demo.shop.key, origin?: string) => {
      const req = request(t.url).get(
        `/api/public/sites/${encodeURIComponent(key)}/placements?url=${encodeURIComponent(url)}`,
      );
      if (origin) req.set('Origin', origin);
      return req;
    };
    const placed = async (url: string) => {
      const res = await placements(url);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const act = async (resource: string, id: string, action: string, body: Record<string, unknown> = {}) => {
      const res = await owner.post(`/api/${resource}/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${resource} ${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as Row;
    };
    const collect = (body: unknown, contentType = 'text/plain', origin?: string) => {
      const req = request(t.url).post('/api/public/collect').set('Content-Type', contentType);
      if (origin) req.set('Origin', origin);
      return req.send(typeof body === 'string' ? body : JSON.stringify(body));
    };

    beforeAll(async () => {
      t = await boot(setup);
      owner = await signIn(t.url, OWNER);
      demo = await demoFacts(t, owner);
    });
    afterAll(async () => t?.stop());

    // The newsletter popup exactly as the seed wrote it (its request shape), nothing more.
    const popupAnswer = () => ({
      id: demo.popup.id,
      type: 'popup',
      items: [
        { type: 'heading', label: 'Ten minutes a week for happier plants' },
        { type: 'email', label: 'Email address', name: 'email', required: true },
        { type: 'consent', label: 'Yes, send me the Demo Shop newsletter', name: 'consent', required: true },
        { type: 'button', label: 'Subscribe' },
      ],
      popup: {
        triggers: [{ kind: 'scroll_percentage', value: 50 }],
        frequency: 'until_closed',
        layout: 'modal',
        width: 'half',
        closeButton: true,
        backdrop: true,
        devices: ALL_DEVICES,
      },
      design: null,
    });

    it('a guide page gets exactly the live "Spring newsletter" and its active "Newsletter popup"; nothing in draft or review', async () => {
      const res = await placements(`${SHOP}/guides/repotting`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        campaigns: [
          {
            id: demo.spring.id,
            containers: [
              {
                name: 'Newsletter popup',
                ctaId: demo.popup.id,
                devices: ALL_DEVICES,
                position: 'below',
                selector: 'main',
                selectorType: 'css',
              },
            ],
          },
        ],
        ctas: [popupAnswer()],
        experiments: [],
        controlGroupPct: 0,
        analytics: NO_ANALYTICS_IDS,
      });
      // Through the URL list "Plant care guides" (contains https://shop.demo.example/care/) too.
      expect((await placed(`${SHOP}/care/ferns`)).campaigns.map((c: { id: string }) => c.id)).toEqual([demo.spring.id]);
      const text = JSON.stringify(res.body);
      for (const hidden of [
        demo.inline.id,
        demo.bar.id,
        demo.summer.id,
        'Watering essentials',
        'Free shipping bar',
        'owner@demo.example',
        'emailNotification',
      ]) {
        expectWith(text.includes(hidden), `the answer reveals ${hidden}`).toBe(false);
      }
    });

    it('the home page gets the live "Headline test" (query and fragment ignored); other pages, other domains and a completed test get nothing', async () => {
      const headline = {
        id: demo.headline.id,
        variants: [
          { key: 'control', weight: 50, changes: [] },
          {
            key: 'variant-b',
            weight: 50,
            changes: [{ selector: 'h1', text: 'Plants that thrive on ten minutes a week' }],
          },
        ],
        trafficRules: {},
      };
      const empty = { campaigns: [], ctas: [], experiments: [], controlGroupPct: 0, analytics: NO_ANALYTICS_IDS };
      expect(await placed(`${SHOP}/`)).toEqual({ ...empty, experiments: [headline] });
      expect(await placed(`${SHOP}?utm_source=news#top`)).toEqual({ ...empty, experiments: [headline] });
      expect(await placed(`${SHOP}/sale`)).toEqual(empty);
      expect(await placed(`${SHOP}/products`)).toEqual(empty);
      // "Button colour test" is completed, not deployed: nothing.
      expect(await placed(`${SHOP}/products/ceramic-pot`)).toEqual(empty);
      // A page of another domain is not an error: the empty set.
      expect(await placed('https://evil.example/guides/repotting')).toEqual(empty);
      expect(await placed('https://shop.demo.example.evil.example/guides/repotting')).toEqual(empty);
      expect(await placed('not a url')).toEqual(empty);
      // The rule "contains https://shop.demo.example/guides" would match this page's query: another domain still gets nothing.
      expect(await placed(`https://evil.example/?next=${SHOP}/guides`)).toEqual(empty);
    });

    it('an unknown key answers 404; a missing url 400', async () => {
      const unknown = await placements(`${SHOP}/guides`, 'pk_unknown');
      expect([unknown.status, unknown.body.message]).toEqual([404, 'No website has this key']);
      expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
      const odd = await placements(`${SHOP}/guides`, 'constructor');
      expect(odd.status).toBe(404);
      const missing = await request(t.url).get(`/api/public/sites/${demo.shop.key}/placements`);
      expect([missing.status, missing.body.message]).toEqual([
        400,
        'url must be the address of a page (at most 2048 characters)',
      ]);
    });

    it('publishing changes the next answer at once: a campaign, its CTA, unpublishing, a deployed experiment', async () => {
      const sale = `${SHOP}/sale`;
      const empty = { campaigns: [], ctas: [], experiments: [], controlGroupPct: 0, analytics: NO_ANALYTICS_IDS };
      expect(await placed(sale)).toEqual(empty);
      // "Summer sale" goes live, but its bar is still in review: nothing to show.
      await act('campaigns', demo.summer.id, 'Publish');
      expect(await placed(sale)).toEqual(empty);
      // The bar is published: the campaign and the bar show at once.
      await act('ctas', demo.bar.id, 'Publish');
      expect(await placed(sale)).toEqual({
        campaigns: [
          {
            id: demo.summer.id,
            containers: [
              {
                name: 'Top bar',
                ctaId: demo.bar.id,
                devices: ALL_DEVICES,
                position: 'above',
                selector: 'header',
                selectorType: 'css',
              },
            ],
          },
        ],
        ctas: [
          {
            id: demo.bar.id,
            type: 'bar',
            items: [
              { type: 'paragraph', label: 'Free shipping on orders over €50' },
              { type: 'button', label: 'Shop now' },
            ],
            popup: null,
            design: null,
          },
        ],
        experiments: [],
        controlGroupPct: 0,
        analytics: NO_ANALYTICS_IDS,
      });
      // Unpublished: gone from the next answer.
      await act('campaigns', demo.summer.id, 'Unpublish');
      expect(await placed(sale)).toEqual(empty);
      // A CTA unpublished (deleted) leaves the live campaign that shows it empty.
      // "Button colour test" deployed with "green": everyone gets green from then on.
      await act('experiments', demo.button.id, 'CompleteAndDeploy', { variant: 'green' });
      expect(await placed(`${SHOP}/products/ceramic-pot/`)).toEqual({
        ...empty,
        experiments: [
          {
            id: demo.button.id,
            variants: [{ key: 'green', weight: 100, changes: [{ selector: '.buy-button', text: 'Add to basket' }] }],
            trafficRules: {},
          },
        ],
      });
    });

    // Issue 13: experiments' traffic rules. The tracker applies devices and visitorsPct (the answer
    // carries them); countries and audiences cannot be checked yet, so Publish refuses them (and a
    // running test cannot be given one): never silently served to everybody.
    it("an experiment's traffic rules: the answer carries devices and visitorsPct; countries and audiences are refused on Publish", async () => {
      const goals = (
        await owner.get(`/api/goals?${listQuery({ filter: { websiteId: demo.shop.id }, range: [0, 49] })}`)
      ).body as Row[];
      const page = `${SHOP}/traffic-rules-test`;
      const variants = [
        { key: 'control', weight: 50 },
        { key: 'b', weight: 50, changes: [{ selector: 'h1', text: 'B' }] },
      ];
      const create = async (name: string, trafficRules: Record<string, unknown>) => {
        const res = await owner.post('/api/experiments').send({
          websiteId: demo.shop.id,
          name,
          pageUrl: page,
          testType: 'ab',
          goalId: goals[0]!.id,
          variants,
          trafficRules,
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body as Row;
      };
      const refusal = async (id: string, action: string, body: Record<string, unknown> = {}) => {
        const res = await owner.post(`/api/experiments/${id}/actions/${action}`).send(body);
        return { status: res.status, message: res.body.message, errors: res.body.errors };
      };
      const COUNTRIES =
        'Countries cannot be checked: no GeoIP database is configured. Remove the countries to publish this test.';
      const AUDIENCES = 'Audiences cannot be checked yet. Remove the audiences to publish this test.';
      const delivered = [
        { key: 'control', weight: 50, changes: [] },
        { key: 'b', weight: 50, changes: [{ selector: 'h1', text: 'B' }] },
      ];

      // devices and visitorsPct: delivered as written.
      const desktop = await create('Desktop only, 30 %', { devices: ['desktop'], visitorsPct: 30 });
      await act('experiments', desktop.id, 'Publish');
      expect((await placed(page)).experiments).toEqual([
        { id: desktop.id, variants: delivered, trafficRules: { devices: ['desktop'], visitorsPct: 30 } },
      ]);

      // countries: refused on Publish with the reason under the field; a draft may keep them.
      const germany = await create('Germany only', { countries: ['DE'], visitorsPct: 50 });
      expect(await refusal(germany.id, 'Publish')).toEqual({
        status: 422,
        message: COUNTRIES,
        errors: { 'trafficRules.countries': COUNTRIES },
      });
      // audiences: the same.
      const audience = await create('Returning buyers', { audiences: ['aud-1'] });
      expect(await refusal(audience.id, 'Publish')).toEqual({
        status: 422,
        message: AUDIENCES,
        errors: { 'trafficRules.audiences': AUDIENCES },
      });
      // Neither was served: only the desktop test.
      expect((await placed(page)).experiments.map((e: { id: string }) => e.id)).toEqual([desktop.id]);
      // Without the countries it publishes, with its share.
      const edited = await owner.put(`/api/experiments/${germany.id}`).send({ trafficRules: { visitorsPct: 50 } });
      expectWith(edited.status, JSON.stringify(edited.body)).toBe(200);
      await act('experiments', germany.id, 'Publish');
      expect((await placed(page)).experiments).toEqual([
        { id: desktop.id, variants: delivered, trafficRules: { devices: ['desktop'], visitorsPct: 30 } },
        { id: germany.id, variants: delivered, trafficRules: { visitorsPct: 50 } },
      ]);

      // A live test cannot be given countries either; the answer is unchanged.
      const update = await owner
        .put(`/api/experiments/${desktop.id}`)
        .send({ trafficRules: { devices: ['desktop'], countries: ['NO'] } });
      expect({ status: update.status, message: update.body.message, errors: update.body.errors }).toEqual({
        status: 422,
        message: COUNTRIES,
        errors: { 'trafficRules.countries': COUNTRIES },
      });

      // Deployed: the variant goes to everybody, the rules no longer apply.
      await act('experiments', desktop.id, 'CompleteAndDeploy', { variant: 'b' });
      expect((await placed(page)).experiments).toEqual([
        {
          id: desktop.id,
          variants: [{ key: 'b', weight: 100, changes: [{ selector: 'h1', text: 'B' }] }],
          trafficRules: {},
        },
        { id: germany.id, variants: delivered, trafficRules: { visitorsPct: 50 } },
      ]);
    });

    it("CORS: the shop's own origins (and subdomains) get the answer, others get no CORS header; preflights are answered", async () => {
      const url = `${SHOP}/guides`;
      expect((await placements(url, demo.shop.key, SHOP)).headers['access-control-allow-origin']).toBe(SHOP);
      expect(
        (await placements(url, demo.shop.key, 'https://www.shop.demo.example')).headers['access-control-allow-origin'],
      ).toBe('https://www.shop.demo.example');
      expect(
        (await placements(url, demo.shop.key, 'http://blog.shop.demo.example:8080')).headers[
          'access-control-allow-origin'
        ],
      ).toBe('http://blog.shop.demo.example:8080');
      for (const other of [
        'https://evil.example',
        'https://evilshop.demo.example',
        'https://shop.demo.example.evil.example',
        'https://evilshop.demo.example.com',
        'null',
      ]) {
        const res = await placements(url, demo.shop.key, other);
        expectWith(res.status, other).toBe(200);
        expectWith(res.headers['access-control-allow-origin'], other).toBeUndefined();
        expectWith(res.headers['access-control-allow-credentials'], other).toBeUndefined();
      }
      const answer = await collect({ siteKey: demo.shop.key, events: [] }, 'text/plain', SHOP);
      expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([200, SHOP]);
      expect(
        (await collect({ siteKey: demo.shop.key, events: [] }, 'text/plain', 'https://evil.example')).headers[
          'access-control-allow-origin'
        ],
      ).toBeUndefined();
      const preflight = await request(t.url)
        .options('/api/public/collect')
        .set('Origin', SHOP)
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('collect keeps the valid events, rejects bad ones and ids of another website with a reason, and counts duplicates', async () => {
      const blogCta = await owner.post('/api/ctas').send({
        websiteId: demo.blog.id,
        name: 'Blog banner',
        type: 'inline',
        items: [{ type: 'heading', label: 'Hello' }],
      });
      expectWith(blogCta.status, JSON.stringify(blogCta.body)).toBe(201);
      const now = new Date().toISOString();
      const page = `${SHOP}/guides/repotting`;
      const base = { distinctId: 'visitor-1', sessionId: 'session-1', time: now, url: page };
      const batch = {
        siteKey: demo.shop.key,
        events: [
          {
            ...base,
            id: 'evt-page-1',
            name: 'page_view',
            referrer: 'https://search.example/',
            utm: { source: 'news' },
            properties: { controlGroup: false },
          },
          { id: 'evt-bad', name: 'page_view', time: now, url: page },
          { ...base, id: 'evt-page-1', name: 'page_view' },
          { ...base, id: 'evt-impression-1', name: 'cta_impression', ctaId: demo.popup.id, campaignId: demo.spring.id },
          { ...base, id: 'evt-foreign-cta', name: 'cta_click', ctaId: blogCta.body.id },
          { ...base, id: 'evt-foreign-campaign', name: 'page_view', campaignId: 'no-such-campaign' },
          {
            ...base,
            id: 'evt-foreign-experiment',
            name: 'experiment_exposure',
            experimentId: 'no-such-experiment',
            variant: 'control',
          },
          {
            ...base,
            id: 'evt-exposure-1',
            name: 'experiment_exposure',
            experimentId: demo.headline.id,
            variant: 'variant-b',
          },
          {
            ...base,
            id: 'evt-form-1',
            name: 'form_submitted',
            ctaId: demo.popup.id,
            fields: { email: 'ann@example.com', consent: 'true' },
          },
        ],
      };
      const rejected = [
        { index: 1, reason: 'distinctId is missing (the visitor id)' },
        { index: 4, reason: 'ctaId is not a CTA of this website' },
        { index: 5, reason: 'campaignId is not a campaign of this website' },
        { index: 6, reason: 'experimentId is not an experiment of this website' },
      ];
      const first = await collect(batch);
      expectWith(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body).toEqual({ accepted: 4, duplicates: 1, rejected });
      // The same batch again (a retry): nothing new.
      const again = await collect(batch, 'application/json');
      expectWith(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toEqual({ accepted: 0, duplicates: 5, rejected });

      const stored = await readCollectedEvents(t.app.runtime.db, demo.shop.id, {
        from: new Date(Date.now() - 3_600_000),
        to: new Date(Date.now() + 3_600_000),
      });
      expect(stored.map((e) => e.id).sort()).toEqual([
        'evt-exposure-1',
        'evt-form-1',
        'evt-impression-1',
        'evt-page-1',
      ]);
      expect(stored.find((e) => e.id === 'evt-page-1')).toMatchObject({
        name: 'page_view',
        time: now,
        distinctId: 'visitor-1',
        sessionId: 'session-1',
        url: page,
        referrer: 'https://search.example/',
        utm: { source: 'news', medium: null, campaign: null, term: null, content: null },
        ctaId: null,
        properties: { controlGroup: false },
        fields: null,
      });
      expect(stored.find((e) => e.id === 'evt-impression-1')).toMatchObject({
        name: 'cta_impression',
        ctaId: demo.popup.id,
        campaignId: demo.spring.id,
      });
      expect(stored.find((e) => e.id === 'evt-exposure-1')).toMatchObject({
        experimentId: demo.headline.id,
        variant: 'variant-b',
      });
      expect(stored.find((e) => e.id === 'evt-form-1')).toMatchObject({
        fields: { email: 'ann@example.com', consent: 'true' },
      });

      // Without an id: stored every time (no de-duplication).
      const anonymous = {
        siteKey: demo.shop.key,
        events: [{ ...base, name: 'scroll_depth', properties: { depth: 50 } }],
      };
      expect((await collect(anonymous)).body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      expect((await collect(anonymous)).body).toEqual({ accepted: 1, duplicates: 0, rejected: [] });

      // The events prove the installation; the blog has none.
      expect(await hasCollectedEvents(t.app.runtime.db, demo.shop.id)).toBe(true);
      expect(await hasCollectedEvents(t.app.runtime.db, demo.blog.id)).toBe(false);
    });

    it('installation: a website whose page cannot be read is verified once events from it have arrived', async () => {
      const created = await owner
        .post('/api/websites')
        .send({ name: 'Quiet Garden', url: 'https://quiet-garden.invalid' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      const before = await owner.post(`/api/websites/${id}/actions/VerifyInstallation`).send({});
      expect(before.status).toBe(422);
      const sent = await collect({
        siteKey: created.body.key,
        events: [
          {
            id: 'quiet-1',
            name: 'page_view',
            distinctId: 'v-1',
            time: new Date().toISOString(),
            url: 'https://quiet-garden.invalid/',
          },
        ],
      });
      expectWith(sent.body, 'collect').toEqual({ accepted: 1, duplicates: 0, rejected: [] });
      const verified = await owner.post(`/api/websites/${id}/actions/VerifyInstallation`).send({});
      expectWith(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.installation).toMatchObject({ verified: true });
    });

    it('collect refuses unusable bodies and unknown keys, and changes nothing', async () => {
      const notJson = await collect('{"siteKey":');
      expect([notJson.status, notJson.body.message]).toEqual([400, 'The request body is not valid JSON']);
      const noKey = await collect({ events: [] });
      expect([noKey.status, noKey.body.message]).toEqual([400, 'siteKey is missing']);
      const unknown = await collect({ siteKey: 'pk_unknown', events: [] });
      expect([unknown.status, unknown.body.message]).toEqual([404, 'No website has this key']);
      const tooLarge = await collect({
        siteKey: demo.shop.key,
        events: [{ name: 'page_view', padding: 'x'.repeat(70_000) }],
      });
      expect([tooLarge.status, tooLarge.body.message]).toEqual([413, 'The request body is too large']);
      const nul = await collect(
        `{"siteKey":"${demo.shop.key}","events":[{"name":"page_view","distinctId":"a\\u0000b"}]}`,
      );
      expect(nul.status).toBe(400);
    });

    it('GET /tracker.js answers the built script as JavaScript, compressed when accepted, cached five minutes', async () => {
      const plain = await request(t.url).get('/tracker.js').set('Accept-Encoding', 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(plain.headers['cache-control']).toBe('public, max-age=300');
      expect(plain.headers['access-control-allow-origin']).toBe('*');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toContain('__cro');
      const gzip = await request(t.url).get('/tracker.js').set('Accept-Encoding', 'gzip');
      expect([gzip.headers['content-encoding'], gzip.text]).toEqual(['gzip', plain.text]);
      const br = await request(t.url).get('/tracker.js').set('Accept-Encoding', 'br, gzip');
      expect([br.headers['content-encoding'], br.text]).toEqual(['br', plain.text]);
      const revalidated = await request(t.url)
        .get('/tracker.js')
        .set('If-None-Match', plain.headers.etag as string);
      expect(revalidated.status).toBe(304);
    });
  });

  describe(`public endpoints are rate limited per address and per site key (${setup.name})`, () => {
    let t: Booted;
    let shopKey: string;
    let blogKey: string;

    beforeAll(async () => {
      t = await boot(setup, { RATE_LIMIT_PUBLIC_PER_MINUTE: '9', RATE_LIMIT_PUBLIC_SITE_PER_MINUTE: '3' });
      const owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as { name: string; key: string }[];
      shopKey = websites.find((w) => w.name === 'Demo Shop')!.key;
      blogKey = websites.find((w) => w.name === 'Demo Blog')!.key;
    });
    afterAll(async () => t?.stop());

    it('429 with Retry-After beyond 3 requests a minute for one key (placements and collect each), and beyond 9 for one address', async () => {
      const get = (key: string) =>
        request(t.url).get(`/api/public/sites/${key}/placements?url=${encodeURIComponent(`${SHOP}/guides`)}`);
      const post = (key: string) =>
        request(t.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .send(JSON.stringify({ siteKey: key, events: [] }));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await get(shopKey)).status);
      const limited = await get(shopKey);
      expect([...statuses, limited.status]).toEqual([200, 200, 200, 429]);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited.body.message).toBe('Too many requests. Please wait a moment and try again.');
      // Another key still has its budget (the address has used 5 of 9 after this one).
      expect((await get(blogKey)).status).toBe(200);
      // collect counts per key too (its key is in the body): three, then 429 (the address's ninth).
      const posted: number[] = [];
      for (let i = 0; i < 4; i++) posted.push((await post(shopKey)).status);
      expect(posted).toEqual([200, 200, 200, 429]);
      // The address's tenth request, whatever the key.
      const address = await get(blogKey);
      expect([address.status, Number(address.headers['retry-after']) >= 1]).toEqual([429, true]);
    });
  });
}

describe('GET /tracker.js before the tracker is built', () => {
  it('answers 404 with a message saying how to build it', async () => {
    const app = express();
    serveTracker(app, '/nonexistent/apps/tracker/dist/tracker.js');
    const res = await request(app).get('/tracker.js');
    expect(res.status).toBe(404);
    expect(res.text).toBe(
      'tracker.js is not built: run `npm run build:tracker` (it writes apps/tracker/dist/tracker.js)',
    );
  });
});
