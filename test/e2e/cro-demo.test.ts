// The demo's conversion optimisation (apps/api/src/demo/cro.seed.ts): whoever starts the product
// finds Demo Shop's CRO area filled, through the real HTTP stack. The expected names, types and
// statuses are the ones the seed's brief names, written out by hand.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { OWNER, boot, listQuery, newAgent, setups, signIn, type Agent, type Booted } from './setups.js';

type Row = { id: string; name: string; type?: string; status: string } & Record<string, unknown>;

for (const setup of setups) {
  describe(`the demo's CRO data (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let shop: string;
    let blog: string;

    const list = async (resource: string, websiteId = shop): Promise<Row[]> => {
      const res = await owner.get(
        `/api/${resource}?${listQuery({ filter: { websiteId }, sort: ['name', 'ASC'], range: [0, 49] })}`,
      );
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Row[];
    };

    beforeAll(async () => {
      t = await boot(setup);
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string }[];
      shop = websites.find((w) => w.name === 'Demo Shop')!.id;
      blog = websites.find((w) => w.name === 'Demo Blog')!.id;
    });
    afterAll(async () => t?.stop());

    it('Demo Shop has three products, a count and a value goal, and a URL list', async () => {
      const products = await list('products');
      expect(products.map((p) => [p.name, p.status, p.score, p.starRating])).toEqual([
        ['Brass watering can', 'active', 9, 4.5],
        ['Ceramic pot', 'active', 8, 4],
        ['Plant food', 'active', 7, 3.5],
      ]);
      expect(products[2]).toMatchObject({
        primaryCta: { url: 'https://shop.demo.example/products/plant-food', text: 'Subscribe and save' },
        pricing: { type: 'subscription', currency: 'EUR', startingPrice: 6.9, freeTrial: true, trialDays: 30 },
      });

      const goals = await list('goals');
      expect(goals.map((g) => [g.name, g.type, g.event, g.currency, g.status])).toEqual([
        ['Newsletter sign-ups', 'count', 'form_submitted', null, 'active'],
        ['Revenue', 'value', 'purchase', 'EUR', 'active'],
      ]);

      const lists = await list('url-lists');
      expect(lists.map((l) => [l.name, l.status, l.rules])).toEqual([
        [
          'Plant care guides',
          'active',
          [
            { kind: 'contains', value: 'https://shop.demo.example/care/' },
            { kind: 'exact', value: 'https://shop.demo.example/guides/watering' },
          ],
        ],
      ]);
    });

    it('Demo Shop has an active newsletter popup, an inline product CTA in draft and a top bar in review', async () => {
      const ctas = await list('ctas');
      expect(ctas.map((c) => [c.name, c.type, c.status])).toEqual([
        ['Free shipping bar', 'bar', 'review'],
        ['Newsletter popup', 'popup', 'active'],
        ['Watering essentials', 'inline', 'draft'],
      ]);
      const popup = ctas[1]!;
      expect((popup.items as { type: string }[]).map((i) => i.type)).toEqual(['heading', 'email', 'consent', 'button']);
      expect(popup.popup).toMatchObject({
        triggers: [{ kind: 'scroll_percentage', value: 50 }],
        frequency: 'until_closed',
        layout: 'modal',
        width: 'half',
        devices: ['desktop', 'tablet', 'mobile'],
      });
      expect(popup.emailNotification).toMatchObject({
        recipients: ['owner@demo.example'],
        subject: 'New newsletter sign-up',
      });
      const products = await list('products');
      const idOf = (name: string) => products.find((p) => p.name === name)!.id;
      expect(ctas[2]!.productIds).toEqual([idOf('Brass watering can'), idOf('Ceramic pot')]);
    });

    it('"Spring newsletter" is live and shows on the guides (its contains rule and its URL list); "Summer sale" is a draft', async () => {
      const campaigns = await list('campaigns');
      expect(campaigns.map((c) => [c.name, c.status])).toEqual([
        ['Spring newsletter', 'live'],
        ['Summer sale', 'draft'],
      ]);
      const spring = campaigns[0]!;
      expect(spring.warnings).toEqual([]);
      const ctas = await list('ctas');
      expect((spring.containers as { ctaId: string }[]).map((c) => c.ctaId)).toEqual([
        ctas.find((c) => c.name === 'Newsletter popup')!.id,
      ]);
      const listId = (await list('url-lists'))[0]!.id;

      const match = async (url: string) => {
        const res = await owner.get(`/api/campaigns/${spring.id}/match?url=${encodeURIComponent(url)}`);
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      expect(await match('https://shop.demo.example/guides/repotting')).toEqual({
        matches: true,
        rules: [
          { kind: 'contains', value: 'https://shop.demo.example/guides', matches: true },
          { kind: 'list', value: null, listId, matches: false },
        ],
      });
      expect(await match('https://shop.demo.example/care/ferns')).toMatchObject({
        matches: true,
        rules: [{ matches: false }, { matches: true }],
      });
      expect(await match('https://shop.demo.example/sale')).toMatchObject({ matches: false });
    });

    it('"Headline test" is live on the shop, measured by the count goal; a finished test has its winner', async () => {
      const experiments = await list('experiments');
      expect(experiments.map((x) => [x.name, x.status])).toEqual([
        ['Button colour test', 'completed'],
        ['Headline test', 'live'],
      ]);
      const goals = await list('goals');
      const headline = experiments[1]!;
      expect(headline).toMatchObject({
        pageUrl: 'https://shop.demo.example/',
        testType: 'ab',
        goalId: goals.find((g) => g.name === 'Newsletter sign-ups')!.id,
      });
      expect((headline.variants as { key: string; weight: number }[]).map((v) => [v.key, v.weight])).toEqual([
        ['control', 50],
        ['variant-b', 50],
      ]);
      expect(experiments[0]!.winner).toBe('green');
    });

    it('in demo mode a visitor sees the CRO area filled, and no record offers an action', async () => {
      const visitor = newAgent(t.url);
      const signup = await visitor
        .post('/api/auth/signup')
        .send({ email: 'cro-visitor@new.example', password: 'Visitor-pass-1', name: 'Cora', orgName: 'Cora Co' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      expectWith((await visitor.post('/api/auth/demo/enter').send({})).status, 'enter demo').toBe(200);
      const seen: Record<string, number> = {};
      for (const resource of ['ctas', 'campaigns', 'experiments', 'products', 'goals', 'url-lists']) {
        const res = await visitor.get(`/api/${resource}?${listQuery({ filter: { websiteId: shop }, range: [0, 49] })}`);
        expectWith(res.status, `demo GET /api/${resource}: ${JSON.stringify(res.body)}`).toBe(200);
        const records = res.body as Row[];
        seen[resource] = records.length;
        const offered = records
          .filter((r) => ((r.allowedActions as string[] | undefined) ?? []).length > 0)
          .map((r) => `${r.name}: ${(r.allowedActions as string[]).join(', ')}`);
        expectWith(offered, `demo ${resource} offering actions`).toEqual([]);
      }
      expect(seen).toEqual({ ctas: 3, campaigns: 2, experiments: 2, products: 3, goals: 2, 'url-lists': 1 });
    });

    it('Demo Blog has no CRO records', async () => {
      for (const resource of ['ctas', 'campaigns', 'experiments', 'products', 'goals', 'url-lists']) {
        expect([resource, await list(resource, blog)]).toEqual([resource, []]);
      }
    });
  });
}
