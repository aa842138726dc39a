// Issue 25, "Forged traffic completes a stranger's test" and "Page-rule cost", through the real HTTP
// stack on the demo data, with `TRUST_PROXY=true` so a visitor's address is the X-Forwarded-For that
// supertest sends from 127.0.0.1 (a trusted loopback proxy), as `request.ip` gives it to the collect
// route.
//
// - An experiment's id and variant keys are public (the placements answer them): anybody can send
//   exposures and conversions for it. The end rules complete a test only when its exposed visitors
//   look real (libs/analytics/src/domain/end-rules.ts `trafficProblems`: at least 80% of them with a
//   page view of the test's page around their exposure; no network (/24, /64) with more than 20% of
//   them and at least √visitors networks). Otherwise the rule is held (`ExperimentEndRuleHeld`, the
//   test stays live and says why) until a person confirms (`ConfirmCompletion`).
// - The placements of a website whose live campaign names one URL list of 500 rules of 1.6 kB 100
//   times answer the same matches as the campaign's match endpoint (the straightforward matcher),
//   written out by hand. Their cost is measured by `npm run bench` (BENCH_SECTIONS=placements), never here.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { settleAnalytics } from '../support/analytics.js';
import { expectWith } from '../support/expect.js';
import { EDITOR, OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

const SHOP = 'https://shop.demo.example';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

type Event = Record<string, unknown> & { name: string; distinctId: string };
type Visitor = { distinctId: string; ip: string; events: Event[] };

for (const setup of setups) {
  describe(`forged traffic and page-rule cost (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let shop: { id: string; key: string };
    let purchase: { id: string };
    let seq = 0;
    const at = (offsetMs: number) => new Date(Date.now() - 10 * 60_000 + offsetMs).toISOString();

    /** Each visitor's events in one batch, from the visitor's address. */
    const send = async (visitors: Visitor[]) => {
      for (const visitor of visitors) {
        const events = visitor.events.map((e) => ({ id: `forged-${++seq}`, time: at(0), ...e }));
        const res = await request(t.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .set('User-Agent', CHROME)
          .set('X-Forwarded-For', visitor.ip)
          .send(JSON.stringify({ siteKey: shop.key, events }));
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expectWith(res.body.rejected, JSON.stringify(res.body.rejected)).toEqual([]);
      }
    };
    /** `count` visitors of the test, alternating arms, every third buying; `ip(i)` their address; page views or not. */
    const traffic = (
      test: { id: string; pageUrl: string },
      prefix: string,
      count: number,
      ip: (i: number) => string,
      pageViews: boolean,
    ): Visitor[] =>
      Array.from({ length: count }, (_, i) => {
        const distinctId = `${prefix}-${i}`;
        const events: Event[] = [];
        if (pageViews) events.push({ name: 'page_view', distinctId, url: test.pageUrl, time: at(0) });
        events.push({
          name: 'experiment_exposure',
          distinctId,
          url: test.pageUrl,
          experimentId: test.id,
          variant: i % 2 === 0 ? 'control' : 'b',
          time: at(1_000),
        });
        if (i % 3 === 0) events.push({ name: 'purchase', distinctId, url: `${SHOP}/checkout`, time: at(60_000) });
        return { distinctId, ip: ip(i), events };
      });
    const created = async (resource: string, body: Record<string, unknown>) => {
      const res = await owner.post(`/api/${resource}`).send({ websiteId: shop.id, ...body });
      expectWith(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
      return res.body as { id: string } & Record<string, unknown>;
    };
    const act = async (resource: string, id: string, action: string, body: Record<string, unknown> = {}) => {
      const res = await owner.post(`/api/${resource}/${id}/actions/${action}`).send(body);
      expectWith(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      return res.body as Record<string, unknown>;
    };
    const get = async (path: string) => {
      const res = await owner.get(path);
      expectWith(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    /** A live A/B test on its own page that ends at `visitors` visitors. */
    const liveTest = async (name: string, page: string, visitors: number) => {
      const test = await created('experiments', {
        name,
        pageUrl: `${SHOP}${page}`,
        testType: 'ab',
        goalId: purchase.id,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'b', weight: 50 },
        ],
        endRule: { mode: 'any', visitors },
      });
      await act('experiments', test.id, 'Publish');
      return { id: test.id, pageUrl: `${SHOP}${page}` };
    };
    const history = async (id: string) =>
      (await get(`/api/experiments/${id}/history`)) as { type: string; data: Record<string, unknown> }[];

    beforeAll(async () => {
      t = await boot(setup, { TRUST_PROXY: 'true' });
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string; key: string }[];
      shop = websites.find((w) => w.name === 'Demo Shop')!;
      purchase = await created('goals', { name: 'Purchases (forged traffic)', type: 'count', event: 'purchase' });
    });
    afterAll(async () => t?.stop());

    it('forged exposures and conversions from one network complete nothing: the end rule is held and the test says why, once', async () => {
      const test = await liveTest('Forged from one network', '/forged', 20);
      // 20 "visitors" with page views, exposures and purchases, all from addresses of 198.51.100.0/24.
      await send(traffic(test, 'forger', 20, (i) => `198.51.100.${i + 1}`, true));
      await settleAnalytics(t.app);
      const record = await get(`/api/experiments/${test.id}`);
      expect(record.status).toBe('live');
      expect(record.endRuleHeld).toEqual({
        rule: 'visitors',
        figures: {
          met: ['visitors'],
          visitors: 20,
          conversionsPerVariant: { control: 4, b: 3 },
          date: expect.any(String),
          significance: expect.any(Number),
        },
        reasons: ['networks'],
        traffic: { visitors: 20, withPageView: 20, networks: 1, largestNetwork: 20 },
      });
      expect(record.allowedActions).toContain('ConfirmCompletion');
      // More forged traffic: still held, and held once (no event per batch).
      await send(traffic(test, 'forger-more', 6, (i) => `198.51.100.${i + 100}`, true));
      await settleAnalytics(t.app);
      expect((await get(`/api/experiments/${test.id}`)).status).toBe('live');
      const events = (await history(test.id)).map((e) => e.type);
      expect(events.filter((type) => type === 'ExperimentEndRuleHeld')).toHaveLength(1);
      expect(events).not.toContain('ExperimentCompleted');

      // A member without a CRO role may not confirm it; a runner (the owner) may, once.
      const editor = await signIn(t.url, EDITOR);
      expect((await editor.post(`/api/experiments/${test.id}/actions/ConfirmCompletion`).send({})).status).toBe(403);
      const confirmed = await act('experiments', test.id, 'ConfirmCompletion');
      expect(confirmed.status).toBe('completed');
      expect(confirmed.allowedActions).not.toContain('ConfirmCompletion');
      const completed = (await history(test.id)).find((e) => e.type === 'ExperimentCompleted');
      expect(completed?.data).toMatchObject({
        from: 'live',
        endRule: 'visitors',
        winner: null,
        heldFor: ['networks'],
        by: { name: expect.any(String) },
      });
      expect(completed?.data.by).not.toBeNull();
      const again = await owner.post(`/api/experiments/${test.id}/actions/ConfirmCompletion`).send({});
      expect(again.status).toBe(422);
    });

    it("exposures without page views of the test's page are held too, even from many networks", async () => {
      const test = await liveTest('Exposures alone', '/exposures-alone', 10);
      const live = await get(`/api/experiments/${test.id}`);
      // Nothing held: the action is neither offered nor taken.
      expect(live.allowedActions).not.toContain('ConfirmCompletion');
      const refused = await owner.post(`/api/experiments/${test.id}/actions/ConfirmCompletion`).send({});
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 422,
        message: 'No end rule is waiting for confirmation',
      });
      await send(traffic(test, 'scripted', 10, (i) => `203.0.${i}.7`, false));
      await settleAnalytics(t.app);
      const record = await get(`/api/experiments/${test.id}`);
      expect(record.status).toBe('live');
      expect(record.endRuleHeld).toMatchObject({
        reasons: ['page_views'],
        traffic: { visitors: 10, withPageView: 0, networks: 10, largestNetwork: 1 },
      });
    });

    it('realistic traffic (page views, visitors spread over networks) completes the test by its end rule as before', async () => {
      const test = await liveTest('Real visitors', '/real', 20);
      // 20 visitors over 10 networks (two per /24: 192.0.{0..9}.x), each viewing the page.
      await send(traffic(test, 'real', 20, (i) => `192.0.${i % 10}.${10 + i}`, true));
      await settleAnalytics(t.app);
      const record = await get(`/api/experiments/${test.id}`);
      expect(record.status).toBe('completed');
      expect(record.endRuleHeld).toBeNull();
      const completed = (await history(test.id)).find((e) => e.type === 'ExperimentCompleted');
      expect(completed?.data).toMatchObject({
        from: 'live',
        endRule: 'visitors',
        by: null,
        figures: { met: ['visitors'], visitors: 20, conversionsPerVariant: { control: 4, b: 3 } },
      });
    });

    it('placements with 100 list rules naming a list of 500 rules of 1.6 kB answer the same matches as before', async () => {
      const filler = (i: number) => `${i}-${'x'.repeat(1_600)}`;
      const rules = Array.from({ length: 500 }, (_, i) => ({
        kind: i % 2 ? 'exact' : 'contains',
        value: `${SHOP}/catalog/${filler(i)}`,
      }));
      rules[250] = { kind: 'exact', value: `${SHOP}/offers/*` };
      rules[251] = { kind: 'exact', value: `${SHOP}/size-guide?unit=cm` };
      rules[499] = { kind: 'contains', value: `${SHOP}/guides/winter` };
      const list = await created('url-lists', { name: 'Hostile list', rules });
      const ctas = (await get(`/api/ctas?${listQuery({ filter: { websiteId: shop.id }, range: [0, 49] })}`)) as {
        id: string;
        name: string;
        status: string;
      }[];
      const popup = ctas.find((c) => c.name === 'Newsletter popup' && c.status === 'active')!;
      const campaign = await created('campaigns', {
        name: 'Hundred list rules',
        url: `${SHOP}/`,
        containers: [
          {
            name: 'Top',
            ctaId: popup.id,
            devices: ['desktop', 'tablet', 'mobile'],
            position: 'above',
            selector: 'body',
            selectorType: 'css',
          },
        ],
        pageRules: { operator: 'or', rules: Array.from({ length: 100 }, () => ({ kind: 'list', listId: list.id })) },
      });
      await act('campaigns', campaign.id, 'Publish');

      // prettier-ignore
      const PAGES: readonly [url: string, matches: boolean][] = [
        [`${SHOP}/offers/spring?utm_source=mail`,        true],  // exact prefix `/offers/*`
        [`${SHOP}/offers`,                               true],  // the prefix without its slash
        [`${SHOP}/offerings`,                            false],
        [`${SHOP}/guides/winter-care#top`,               true],  // contains
        [`${SHOP}/size-guide?unit=cm`,                   true],  // exact with its query
        [`${SHOP}/size-guide?unit=in`,                   false],
        [`${SHOP}/catalog/${filler(7)}/`,                true],  // a long exact rule, trailing slash aside
        [`${SHOP}/catalog/${filler(8)}-and-more`,        true],  // a long contains rule
        [`${SHOP}/catalog/${filler(9)}-and-more`,        false], // rule 9 is exact
        [`${SHOP}/about`,                                false],
      ];
      for (const [url, matches] of PAGES) {
        const res = await request(t.url).get(`/api/public/sites/${shop.key}/placements?url=${encodeURIComponent(url)}`);
        expectWith(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
        const ids = (res.body.campaigns as { id: string }[]).map((c) => c.id);
        expectWith(ids.includes(campaign.id), url.slice(0, 80)).toBe(matches);
        // The campaign's match endpoint (the rule-by-rule matcher) agrees.
        const match = await get(`/api/campaigns/${campaign.id}/match?url=${encodeURIComponent(url)}`);
        expectWith(match.matches, url.slice(0, 80)).toBe(matches);
      }
    });
  });
}
