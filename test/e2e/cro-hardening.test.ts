// Issue 25, "Low and hardening" and "Demo mode": each rule driven once through the real API (one
// boot for the file), the expected answers written out by hand.
// - Demo mode is a CRO viewer of the demo organisation: it gets exactly a viewer's answers, and
//   a viewer reads the records but no report, raw tracking event or history (403).
// - An action that carries fields (a CTA's SaveDraft) checks its references like create.
// - Report and list days are bounded (2000-01-01 to a year from today): never a 5xx.
// - Excluded pages match the decoded, normalised path.
// - Quotas per kind per website, and the bytes of a website's URL lists.
// - Security headers on the console, the API and tracker.js; a trickled body is cut off.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { expectWith } from '../support/expect.js';
import { EDITOR, OWNER, WRITER, boot, listQuery, newAgent, setups, signIn, type Agent, type Booted } from './setups.js';

type Row = Record<string, any>;

/** The request time-out of this file's API (HTTP_REQUEST_TIMEOUT_MS): short, so the trickled body is cut off quickly. */
const REQUEST_TIMEOUT_MS = 1500;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

for (const setup of setups) {
  describe(`tenant hardening (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let organisationId: string;
    let shop: Row;
    let blog: Row;
    let ids: { goal: string; cta: string; funnel: string; experiment: string; product: string };

    const listOf = async (agent: Agent, resource: string, websiteId: string): Promise<Row[]> => {
      const res = await agent.get(`/api/${resource}?${listQuery({ filter: { websiteId }, range: [0, 99] })}`);
      expectWith(res.status, `${resource}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body as Row[];
    };
    const croRole = async (email: string, role: string) => {
      const members = (await owner.get(`/api/members?${listQuery({ filter: { organisationId }, range: [0, 99] })}`))
        .body as Row[];
      const member = members.find((m) => m.email === email)!;
      const changed = await owner.put(`/api/members/${member.id}`).send({ croRole: role });
      expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
    };
    /** A new organisation on the Scale plan (it has the `cro` product) with one website. */
    const tenant = async (email: string, domain: string): Promise<{ agent: Agent; websiteId: string }> => {
      const agent = newAgent(t.url);
      const signup = await agent
        .post('/api/auth/signup')
        .send({ email, password: 'Tenant-pass-1', name: 'Tess', orgName: `${email} Co` });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const org = (await agent.get('/api/auth/user')).body.organisations[0].id as string;
      const plan = await agent.post(`/api/organisations/${org}/actions/ChangePlan`).send({ plan: 'scale' });
      expectWith(plan.status, JSON.stringify(plan.body)).toBe(200);
      const site = await agent.post('/api/websites').send({ name: domain, url: `https://${domain}` });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      return { agent, websiteId: site.body.id };
    };

    beforeAll(async () => {
      t = await boot(setup, { HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
      owner = await signIn(t.url, OWNER);
      const websites = (await owner.get('/api/websites')).body as Row[];
      shop = websites.find((w) => w.name === 'Demo Shop')!;
      blog = websites.find((w) => w.name === 'Demo Blog')!;
      organisationId = shop.organisationId;
      const [goals, ctas, funnels, experiments, products] = await Promise.all(
        ['goals', 'ctas', 'funnels', 'experiments', 'products'].map((resource) => listOf(owner, resource, shop.id)),
      );
      ids = {
        goal: goals[0]!.id,
        cta: ctas[0]!.id,
        funnel: funnels[0]!.id,
        experiment: experiments[0]!.id,
        product: products[0]!.id,
      };
    }, 60_000);
    afterAll(async () => t?.stop());

    describe('demo mode gets the answers of a CRO viewer of the demo organisation', () => {
      const routes = () => [
        `/api/reports/metrics?websiteId=${shop.id}&range=last_28_days`,
        `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${ids.goal}&range=last_28_days`,
        `/api/reports/attribution?websiteId=${shop.id}&goalId=${ids.goal}&model=u-shape&range=last_28_days`,
        `/api/reports/incrementality?websiteId=${shop.id}&ctaId=${ids.cta}&goalId=${ids.goal}&range=last_28_days`,
        `/api/funnels/${ids.funnel}/results?range=last_28_days`,
        `/api/experiments/${ids.experiment}/results`,
        `/api/analytics-events?${listQuery({ filter: { websiteId: shop.id }, range: [0, 9] })}`,
        `/api/ctas/${ids.cta}/history`,
        `/api/campaigns/${(shop as Row).campaign}/history`,
      ];

      it('reports, raw events and histories: 403 for the viewer and for demo mode alike; an analyst reads them', async () => {
        const campaigns = await listOf(owner, 'campaigns', shop.id);
        (shop as Row).campaign = campaigns[0]!.id;
        await croRole(WRITER.email, 'viewer');
        await croRole(EDITOR.email, 'analyst');
        const [viewer, analyst] = await Promise.all([signIn(t.url, WRITER), signIn(t.url, EDITOR)]);
        const visitor = newAgent(t.url);
        expect(
          (
            await visitor
              .post('/api/auth/signup')
              .send({ email: 'demo-guest@hardening.example', password: 'Guest-pass-1', name: 'Gus', orgName: 'Gus Co' })
          ).status,
        ).toBe(201);
        expectWith((await visitor.post('/api/auth/demo/enter').send({})).status, 'enter demo').toBe(200);

        const refused = {
          status: 403,
          message: 'Your CRO role shows the records only: no reports, tracking events or histories',
        };
        for (const path of routes()) {
          const [asViewer, inDemo, asAnalyst] = await Promise.all([
            viewer.get(path),
            visitor.get(path),
            analyst.get(path),
          ]);
          expectWith({ status: asViewer.status, message: asViewer.body.message }, `viewer ${path}`).toEqual(refused);
          expectWith({ status: inDemo.status, message: inDemo.body.message }, `demo ${path}`).toEqual(refused);
          expectWith(asAnalyst.status, `analyst ${path}: ${JSON.stringify(asAnalyst.body).slice(0, 200)}`).toBe(200);
        }
        // Both still read the records themselves, and the same ones.
        for (const path of [
          `/api/ctas/${ids.cta}`,
          `/api/goals/${ids.goal}`,
          `/api/ctas?${listQuery({ filter: { websiteId: shop.id }, range: [0, 99] })}`,
        ]) {
          const [asViewer, inDemo] = await Promise.all([viewer.get(path), visitor.get(path)]);
          expectWith([asViewer.status, inDemo.status], path).toEqual([200, 200]);
          expect(JSON.stringify(inDemo.body)).toBe(JSON.stringify(asViewer.body));
        }
        // The console offers neither of them the analytics screen.
        expect((await viewer.get('/api/auth/user')).body.navigation).not.toContain('cro/analytics');
        expect((await visitor.get('/api/auth/user')).body.navigation).not.toContain('cro/analytics');
        expect((await analyst.get('/api/auth/user')).body.navigation).toContain('cro/analytics');
      });
    });

    it("SaveDraft checks references like create: another organisation's product is refused, and the product stays deletable", async () => {
      const { agent, websiteId } = await tenant('saver@hardening.example', 'saver-garden.example');
      const cta = await agent
        .post('/api/ctas')
        .send({ websiteId, name: 'Picks', type: 'top_products', items: [{ type: 'button', label: 'Go' }] });
      expectWith(cta.status, JSON.stringify(cta.body)).toBe(201);
      const foreign = {
        status: 422,
        message: 'Product not found on this website',
        errors: { productIds: 'Product not found on this website' },
      };
      // Create and update refused it already; SaveDraft (an action with fields) does now.
      for (const [what, res] of [
        [
          'create',
          await agent
            .post('/api/ctas')
            .send({ websiteId, name: 'Picks 2', type: 'top_products', productIds: [ids.product] }),
        ],
        ['update', await agent.put(`/api/ctas/${cta.body.id}`).send({ productIds: [ids.product] })],
        [
          'SaveDraft',
          await agent.post(`/api/ctas/${cta.body.id}/actions/SaveDraft`).send({ productIds: [ids.product] }),
        ],
      ] as const) {
        expectWith({ status: res.status, message: res.body.message, errors: res.body.errors }, what).toEqual(foreign);
      }
      expect((await agent.get(`/api/ctas/${cta.body.id}`)).body.productIds ?? []).toEqual([]);
      // A product of the other website of the same organisation is not this website's either.
      const blogCta = await owner.post('/api/ctas').send({
        websiteId: blog.id,
        name: 'Blog picks',
        type: 'top_products',
        items: [{ type: 'button', label: 'Go' }],
      });
      expectWith(blogCta.status, JSON.stringify(blogCta.body)).toBe(201);
      const sameOrg = await owner
        .post(`/api/ctas/${blogCta.body.id}/actions/SaveDraft`)
        .send({ productIds: [ids.product] });
      expectWith({ status: sameOrg.status, message: sameOrg.body.message }, JSON.stringify(sameOrg.body)).toEqual({
        status: 422,
        message: 'Product not found on this website',
      });
      // The shop's own product, named by a shop CTA, is still taken by SaveDraft.
      const shopCta = await owner.post('/api/ctas').send({
        websiteId: shop.id,
        name: 'Shop picks',
        type: 'top_products',
        items: [{ type: 'button', label: 'Go' }],
      });
      const own = await owner
        .post(`/api/ctas/${shopCta.body.id}/actions/SaveDraft`)
        .send({ productIds: [ids.product] });
      expectWith(own.status, JSON.stringify(own.body)).toBe(200);
      expect(own.body.productIds).toEqual([ids.product]);
    });

    it('report and list days outside 2000-01-01 .. a year from today answer 422/400 with the reason, never 5xx', async () => {
      const next = new Date();
      const latest = new Date(Date.UTC(next.getUTCFullYear() + 1, next.getUTCMonth(), next.getUTCDate()))
        .toISOString()
        .slice(0, 10);
      const reports = [
        `/api/reports/metrics?websiteId=${shop.id}`,
        `/api/reports/goal-completions?websiteId=${shop.id}&goalId=${ids.goal}`,
        `/api/reports/attribution?websiteId=${shop.id}&goalId=${ids.goal}`,
        `/api/reports/incrementality?websiteId=${shop.id}&ctaId=${ids.cta}&goalId=${ids.goal}`,
        `/api/funnels/${ids.funnel}/results?`,
      ];
      for (const base of reports) {
        for (const [from, to, field] of [
          ['0001-01-01', '2024-01-31', 'from'],
          ['1999-12-31', '2024-01-31', 'from'],
          ['2024-01-01', '9999-12-31', 'to'],
          ['0001-01-01', '9999-12-31', 'from'],
        ] as const) {
          const res = await owner.get(`${base}&from=${from}&to=${to}`);
          const message = `${field} must be a day from 2000-01-01 to ${latest}`;
          expectWith(
            { status: res.status, message: res.body.message, field: res.body.errors?.[field] },
            `${base} ${from}..${to}`,
          ).toEqual({ status: 422, message, field: message });
        }
        const edge = await owner.get(`${base}&from=2000-01-01&to=${latest}`);
        expectWith(edge.status, `${base} at the bounds: ${JSON.stringify(edge.body).slice(0, 200)}`).toBe(200);
      }
      // The experiment's results take no days: a far one changes nothing.
      expect((await owner.get(`/api/experiments/${ids.experiment}/results?from=0001-01-01&to=9999-12-31`)).status).toBe(
        200,
      );
      // Lists: 400 with the reason.
      for (const [query, message] of [
        ['from=0001-01-01', `from must be a day from 2000-01-01 to ${latest}`],
        ['to=9999-12-31', `to must be a day from 2000-01-01 to ${latest}`],
        [
          listQuery({ filter: { updatedAt_gte: '0001-01-01' } }),
          `Filter updatedAt_gte must be a day from 2000-01-01 to ${latest}`,
        ],
      ] as const) {
        const res = await owner.get(`/api/ctas?${query}`);
        expectWith({ status: res.status, message: res.body.message }, query).toEqual({ status: 400, message });
      }
    });

    it('an excluded page is excluded however its path is spelled (decoded, normalised)', async () => {
      const site = `https://${shop.domain}`;
      const rule = await owner.post('/api/excluded-pages').send({ websiteId: shop.id, urlRule: `${site}/account/*` });
      expectWith(rule.status, JSON.stringify(rule.body)).toBe(201);
      const urls = [
        `${site}/%61ccount/x`,
        `${site}//account/x`,
        `${site}/./account/x`,
        `${site}/a/../account/x`,
        `${site}/a/%2E%2e/account/x`,
        `${site}/account%2fx`,
        `${site}/accounting`,
      ];
      const time = new Date().toISOString();
      const res = await request(t.url)
        .post('/api/public/collect')
        .set('Content-Type', 'text/plain')
        .set('User-Agent', CHROME)
        .send(
          JSON.stringify({
            siteKey: shop.key,
            events: urls.map((url, i) => ({
              id: `spelled-${i}`,
              name: 'page_view',
              distinctId: 'visitor-spelled',
              time,
              url,
            })),
          }),
        );
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      const reason = 'page is excluded from tracking';
      expect(res.body).toEqual({
        accepted: 1,
        duplicates: 0,
        rejected: [0, 1, 2, 3, 4, 5].map((index) => ({ index, reason })),
      });
      expect((await owner.delete(`/api/excluded-pages/${rule.body.id}`)).status).toBe(200);
    });

    it('quotas: the 51st goal of a website is refused with 422, and so are URL lists past 1 MB of rules', async () => {
      const { agent, websiteId } = await tenant('quota@hardening.example', 'quota-garden.example');
      for (let i = 1; i <= 50; i++) {
        const made = await agent
          .post('/api/goals')
          .send({ websiteId, name: `Goal ${i}`, type: 'count', event: `event_${i}` });
        expectWith(made.status, `goal ${i}: ${JSON.stringify(made.body)}`).toBe(201);
      }
      const over = await agent
        .post('/api/goals')
        .send({ websiteId, name: 'Goal 51', type: 'count', event: 'event_51' });
      expectWith({ status: over.status, message: over.body.message }, JSON.stringify(over.body)).toEqual({
        status: 422,
        message: 'This website has reached its limit of 50 goals.',
      });
      // A deleted goal frees its place.
      const goals = await listOf(agent, 'goals', websiteId);
      expect((await agent.delete(`/api/goals/${goals[0]!.id}`)).status).toBe(200);
      expect(
        (await agent.post('/api/goals').send({ websiteId, name: 'Goal 51', type: 'count', event: 'event_51' })).status,
      ).toBe(201);

      // URL lists: at most 500 rules a list (the schema), at most 1 MB of rule values a website.
      const rules = (n: number, tag: string) =>
        Array.from({ length: n }, (_, i) => ({
          kind: 'contains',
          value: `https://quota-garden.example/${tag}/${i}/${'x'.repeat(1100)}`,
        }));
      const tooMany = await agent.post('/api/url-lists').send({ websiteId, name: 'Too many', rules: rules(501, 'a') });
      expectWith(
        { status: tooMany.status, message: tooMany.body.message },
        JSON.stringify(tooMany.body).slice(0, 300),
      ).toEqual({ status: 422, message: 'URL rules: at most 500' });
      const first = await agent.post('/api/url-lists').send({ websiteId, name: 'First', rules: rules(500, 'a') });
      expectWith(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(201);
      const bytes = 'The URL lists of this website may hold at most 1 MB of rules together.';
      const second = await agent.post('/api/url-lists').send({ websiteId, name: 'Second', rules: rules(500, 'b') });
      expectWith(
        { status: second.status, message: second.body.message, errors: second.body.errors },
        JSON.stringify(second.body).slice(0, 300),
      ).toEqual({ status: 422, message: bytes, errors: { rules: bytes } });
      const small = await agent.post('/api/url-lists').send({ websiteId, name: 'Small', rules: rules(400, 'b') });
      expectWith(small.status, JSON.stringify(small.body).slice(0, 300)).toBe(201);
      // An update that grows a list past the website's bytes is refused too; one that shrinks it is taken.
      const grown = await agent.put(`/api/url-lists/${small.body.id}`).send({ rules: rules(500, 'c') });
      expectWith(
        { status: grown.status, message: grown.body.message },
        JSON.stringify(grown.body).slice(0, 300),
      ).toEqual({ status: 422, message: bytes });
      expect((await agent.put(`/api/url-lists/${small.body.id}`).send({ rules: rules(10, 'c') })).status).toBe(200);
      // A campaign's page rules: at most 100 (the schema).
      const pageRules = {
        operator: 'or',
        rules: Array.from({ length: 101 }, (_, i) => ({
          kind: 'contains',
          value: `https://quota-garden.example/p/${i}`,
        })),
      };
      const campaign = await agent
        .post('/api/campaigns')
        .send({ websiteId, name: 'Many rules', url: 'https://quota-garden.example/', pageRules });
      expectWith(
        { status: campaign.status, message: campaign.body.message },
        JSON.stringify(campaign.body).slice(0, 300),
      ).toEqual({ status: 422, message: 'At most 100 page rules' });
    }, 60_000);

    it('security headers: the console has its CSP and refuses framing; every answer is nosniff; tracker.js may be loaded by customer sites', async () => {
      const csp =
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';frame-ancestors 'none';object-src 'none';base-uri 'self';form-action 'self'";
      for (const path of ['/', '/login', '/favicon.svg']) {
        const res = await request(t.url).get(path);
        expectWith(
          {
            csp: res.headers['content-security-policy'],
            frame: res.headers['x-frame-options'],
            nosniff: res.headers['x-content-type-options'],
            referrer: res.headers['referrer-policy'],
            corp: res.headers['cross-origin-resource-policy'],
          },
          path,
        ).toEqual({
          csp,
          frame: 'DENY',
          nosniff: 'nosniff',
          referrer: 'strict-origin-when-cross-origin',
          corp: 'same-origin',
        });
      }
      for (const [path, status] of [
        ['/api/auth/user', 401],
        ['/api/nothing-here', 404],
        ['/api/health/live', 200],
      ] as const) {
        const res = await request(t.url).get(path);
        expectWith([res.status, res.headers['x-content-type-options'], res.headers['referrer-policy']], path).toEqual([
          status,
          'nosniff',
          'strict-origin-when-cross-origin',
        ]);
      }
      const tracker = await request(t.url).get('/tracker.js');
      expect([tracker.headers['x-content-type-options'], tracker.headers['cross-origin-resource-policy']]).toEqual([
        'nosniff',
        'cross-origin',
      ]);
      const placements = await request(t.url).get(
        `/api/public/sites/${shop.key}/placements?url=${encodeURIComponent(`https://${shop.domain}/`)}`,
      );
      expect([
        placements.status,
        placements.headers['x-content-type-options'],
        placements.headers['cross-origin-resource-policy'],
      ]).toEqual([200, 'nosniff', 'cross-origin']);
    });

    it('a request whose body trickles in is cut off within the request time-out (HTTP_REQUEST_TIMEOUT_MS)', async () => {
      const { port } = new URL(t.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const started = Date.now();
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
      socket.on('error', () => undefined);
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`,
      );
      // One byte every 100 ms: the body never completes on its own.
      const drip = setInterval(() => socket.writable && socket.write(' '), 100);
      const limit = REQUEST_TIMEOUT_MS + 2_000;
      let wait: NodeJS.Timeout | undefined;
      const timer = new Promise<number>((resolve) => (wait = setTimeout(() => resolve(Infinity), limit + 3_000)));
      const took = await Promise.race([closed, timer]);
      clearTimeout(wait);
      clearInterval(drip);
      socket.destroy();
      expectWith(took, `closed after ${took} ms; answered ${JSON.stringify(answer.slice(0, 80))}`).toBeLessThan(limit);
      expect(took).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    }, 20_000);
  });
}
