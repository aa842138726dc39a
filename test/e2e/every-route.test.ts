import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { ADMIN, OWNER, boot, setups, signIn, routesOf, type Agent, type Booted, type Route } from './setups.js';

/** Resources readable only by platform admins: other users get 403 (they learn nothing either). */
const ADMIN_ONLY = new Set(['users']);

for (const setup of setups) {
  describe(`every route of the API (${setup.name})`, () => {
    let t: Booted;
    let routes: Route[];
    let admin: Agent;
    let orgB: string;

    beforeAll(async () => {
      t = await boot(setup);
      routes = routesOf(t);
      admin = await signIn(t.url, ADMIN);
      // Organisation B (the admin owns it) with one record of every kind.
      orgB = (await admin.post('/api/organisations').send({ name: 'Tenant B' })).body.id;
      const siteB = (
        await admin.post('/api/websites').send({ organisationId: orgB, name: 'B site', url: 'https://b-site.example' })
      ).body.id;
      await admin.post('/api/members').send({ organisationId: orgB, email: 'b-member@b.example', name: 'B Member' });
      // The community and CRO need a plan that includes them.
      await admin.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'scale' });
      const questionB = (await admin.post('/api/questions').send({ websiteId: siteB, title: 'B question' })).body.id;
      await admin.post('/api/answers').send({ questionId: questionB, body: 'B answer' });
      await admin.post('/api/posts').send({ websiteId: siteB, title: 'B post', type: 'blog' });
      await admin.post('/api/redirect-rules').send({ websiteId: siteB, fromPath: '/b-old', toPath: '/b-new' });
      await admin
        .post('/api/bios')
        .send({ websiteId: siteB, kind: 'expert', displayName: 'B Expert', text: 'Knows B.' });
      const product = (await admin.post('/api/products').send({ websiteId: siteB, name: 'B product' })).body.id;
      const goal = (
        await admin
          .post('/api/goals')
          .send({ websiteId: siteB, name: 'B goal', type: 'count', event: 'form_submitted' })
      ).body.id;
      await admin
        .post('/api/url-lists')
        .send({ websiteId: siteB, name: 'B list', rules: [{ kind: 'exact', value: 'https://b-site.example/' }] });
      await admin
        .post('/api/funnels')
        .send({ websiteId: siteB, name: 'B funnel', steps: [{ event: 'page_view' }, { event: 'form_submitted' }] });
      await admin.post('/api/excluded-pages').send({ websiteId: siteB, urlRule: 'https://b-site.example/account/*' });
      await admin.post('/api/ctas').send({
        websiteId: siteB,
        name: 'B cta',
        type: 'form',
        items: [
          { type: 'email', label: 'Email' },
          { type: 'button', label: 'Go' },
        ],
        productIds: [product],
      });
      await admin.post('/api/campaigns').send({
        websiteId: siteB,
        name: 'B campaign',
        url: 'https://b-site.example/',
        containers: [],
        pageRules: { operator: 'or', rules: [] },
      });
      await admin.post('/api/experiments').send({
        websiteId: siteB,
        name: 'B test',
        pageUrl: 'https://b-site.example/',
        testType: 'ab',
        goalId: goal,
        variants: [
          { key: 'control', weight: 50 },
          { key: 'b', weight: 50 },
        ],
      });
    });
    afterAll(async () => t?.stop());

    it('finds the routes', () => {
      expect(routes.length).toBeGreaterThan(30);
      expect(routes).toContainEqual({ method: 'get', path: '/api/websites/:id' });
    });

    it("answers 404 for another organisation's records on every route with an id, and leaves them out of lists", async () => {
      const owner = await signIn(t.url, OWNER);
      const resources = [
        ...new Set(routes.map((r) => /^\/api\/([a-z-]+)\/:id(\/|$)/.exec(r.path)?.[1]).filter((r): r is string => !!r)),
      ];
      const checked: string[] = [];
      for (const resource of resources) {
        if (resource === 'auth') continue; // /auth/login/as/:id is a user id, covered by the auth suite
        if (ADMIN_ONLY.has(resource)) {
          const list = await owner.get(`/api/${resource}`);
          expectWith(list.status, resource).toBe(403);
          checked.push(resource);
          continue;
        }
        const all = (await admin.get(`/api/${resource}?range=[0,999]`)).body as Array<Record<string, unknown>>;
        const ofB = all.filter((r) => (resource === 'organisations' ? r.id === orgB : r.organisationId === orgB));
        expectWith(ofB.length, `no record of organisation B for ${resource}: give the fixture one`).toBeGreaterThan(0);
        const ids = ofB.map((r) => String(r.id));
        for (const route of routes.filter((r) => r.path.startsWith(`/api/${resource}/:id`))) {
          for (const id of ids) {
            const path = route.path.replace(':id', id).replace(':action', 'Update');
            const res = await owner[route.method](path).send({ name: 'Hijacked' });
            expectWith(res.status, `${route.method.toUpperCase()} ${path}`).toBe(404);
          }
        }
        const list = (await owner.get(`/api/${resource}?range=[0,999]`)).body as Array<{ id: string }>;
        expectWith(
          list.filter((r) => ids.includes(r.id)),
          `${resource} list`,
        ).toEqual([]);
        const many = (await owner.get(`/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`))
          .body;
        expectWith(many, `${resource} getMany`).toEqual([]);
        checked.push(resource);
      }
      expect(checked.sort()).toEqual(resources.filter((r) => r !== 'auth').sort());
      // Nothing of B changed.
      expect((await admin.get(`/api/organisations/${orgB}`)).body.name).toBe('Tenant B');
    });

    it('never answers 500: bad JSON, wrong types, huge strings, arrays and unknown ids on every route', async () => {
      const owner = await signIn(t.url, OWNER);
      const huge = 'x'.repeat(200_000);
      const bodies: Array<{ label: string; send: (r: request.Test) => request.Test }> = [
        { label: 'bad JSON', send: (r) => r.set('Content-Type', 'application/json').send('{"name": "unterminated') },
        {
          label: 'wrong types',
          send: (r) =>
            r.send({
              name: 42,
              email: ['x'],
              password: { a: 1 },
              url: false,
              organisationId: 7,
              version: 'v',
              expectedVersion: -1,
              factCheckLevels: 'many',
              token: 5,
              orgRole: null,
            }),
        },
        {
          label: 'huge strings',
          send: (r) =>
            r.send({
              name: huge,
              email: `${huge}@x.example`,
              password: huge,
              url: `https://${huge}.example`,
              orgName: huge,
              token: huge,
            }),
        },
        { label: 'an array', send: (r) => r.send([1, 2, 3]) },
        { label: 'text', send: (r) => r.set('Content-Type', 'text/plain').send('hello') },
      ];
      const failures: string[] = [];
      for (const route of routes) {
        if (route.path === '/api/auth/logout' || route.path === '/api/auth/logout/subUser') continue; // would end the session under test
        const concrete = route.path
          .replace(':id', '00000000-0000-4000-8000-000000000000')
          .replace(':action', 'Explode')
          .replace(':name', 'nope')
          .replace(':resetCode', 'not-a-code')
          .replace(':code', 'not-a-code');
        for (const body of route.method === 'get' ? bodies.slice(0, 1) : bodies) {
          const res = await body.send(owner[route.method](concrete));
          if (res.status >= 500)
            failures.push(
              `${route.method.toUpperCase()} ${concrete} with ${body.label}: ${res.status} ${JSON.stringify(res.body)}`,
            );
          else if (res.status >= 400) expectWith(typeof res.body.message, `${route.method} ${concrete}`).toBe('string');
        }
        const odd = await owner[route.method](route.path.replace(/:[a-zA-Z]+/g, `%00${'y'.repeat(300)}`));
        if (odd.status >= 500)
          failures.push(`${route.method.toUpperCase()} ${route.path} with an odd id: ${odd.status}`);
      }
      expect(failures).toEqual([]);
    }, 120_000);
  });
}
