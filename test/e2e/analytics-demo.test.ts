// The demo's generated traffic (DEMO_TRAFFIC, on by default, off in the other suites): after the
// first start and the analytics projector, every report of Demo Shop shows something
// (issue: "The demo organisation has generated traffic for the last 90 days so every report shows
// something on first start"). The bounds come from the seed's size (2,000 visitors, 32 bots: the
// generator's own unit test pins its figures).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { settleAnalytics } from '../support/analytics.js';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

type Rec = Record<string, any>;

for (const setup of setups) {
  describe(`the demo's generated traffic (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let shop: Rec;
    const get = async (path: string) => {
      const res = await owner.get(path);
      expectWith(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    const list = async (resource: string): Promise<Rec[]> =>
      get(`/api/${resource}?${listQuery({ filter: { websiteId: shop.id }, range: [0, 99] })}`);

    beforeAll(async () => {
      t = await boot(setup, { DEMO_TRAFFIC: 'true' });
      owner = await signIn(t.url, OWNER);
      shop = ((await owner.get('/api/websites')).body as Rec[]).find((w) => w.name === 'Demo Shop')!;
      await settleAnalytics(t.app);
    });
    afterAll(async () => t?.stop());

    it('Insights: 2,000 visitors over 90 days, 32 of them bots and left out', async () => {
      const metrics = await get(`/api/reports/metrics?websiteId=${shop.id}&range=last_12_months&interval=week`);
      expect(metrics.totals.visitors).toBeGreaterThan(1500);
      expect(metrics.totals.visitors).toBeLessThanOrEqual(2000 - 32);
      expect(metrics.totals.pageViews).toBeGreaterThan(metrics.totals.visitors);
      expect(metrics.totals.impressions).toBeGreaterThan(0);
      expect(metrics.totals.clicks).toBeGreaterThan(0);
      expect(metrics.totals.clicks).toBeLessThan(metrics.totals.impressions);
      expect(metrics.pendingVisitors).toBe(0);
    });

    it('the live A/B test has visitors in both arms and conversions', async () => {
      const headline = (await list('experiments')).find((e) => e.name === 'Headline test')!;
      const results = await get(`/api/experiments/${headline.id}/results`);
      expect(results.control.visitors).toBeGreaterThan(100);
      expect(results.variants[0].visitors).toBeGreaterThan(100);
      expect(results.control.conversions + results.variants[0].conversions).toBeGreaterThan(0);
      expect(JSON.stringify(results)).not.toContain('NaN');
    });

    it('the funnels, goal completions, attribution and incrementality show something', async () => {
      for (const funnel of await list('funnels')) {
        const results = await get(`/api/funnels/${funnel.id}/results?range=last_3_months`);
        expectWith(results.steps[0].count, funnel.name).toBeGreaterThan(0);
      }
      const goals = await list('goals');
      const reached = [];
      for (const goal of goals) {
        const completions = await get(
          `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${goal.id}&range=last_3_months&interval=week`,
        );
        reached.push(completions.conversions);
        const rows = (await get(
          `/api/reports/attribution?websiteId=${shop.id}&goalId=${goal.id}&model=u-shape&range=last_3_months`,
        )) as Rec[];
        expect(rows.length).toBeGreaterThan(0);
      }
      expect(reached.some((n) => n > 0)).toBe(true);
      const popup = (await list('ctas')).find((c) => c.name === 'Newsletter popup')!;
      const incremental = await get(
        `/api/reports/incrementality?websiteId=${shop.id}&ctaId=${popup.id}&goalId=${goals[0]!.id}&range=last_3_months`,
      );
      expect(incremental.exposed.users).toBeGreaterThan(0);
      expect(incremental.holdout.users).toBeGreaterThan(0);
    });
  });
}
