// Funnels and excluded pages over the real HTTP stack: the CRO analytics definitions (DESIGN.md
// "Report endpoints": `POST /api/funnels { websiteId, name, steps: [{ event, filters? }],
// windowSeconds?, breakdown? }`, "HTTP conventions": lists with Content-Range, default page size
// 20 for funnels; seed 001 section 3 "Funnel: name, steps, property, value, breakdown",
// "Excluded page rule: URL rule, date added, added by"; section 5 for the URL messages). The role
// tables are tested in full on the deciders (test/unit/cro-funnel-decider.test.ts,
// test/unit/cro-excluded-page.test.ts); here each route is driven by a role that may (the owner,
// an analyst) and one that may not (a CRO editor), with every answer written out by hand.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  EDITOR,
  OWNER,
  boot,
  listQuery,
  newAgent,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
} from './setups.js';

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };
const URL_INVALID = 'Please provide a valid url, starting with https://';
const URL_DOMAIN = 'The page url domain should be the same as your website domain';

type Rec = Record<string, unknown> & { id: string };

for (const setup of setups) {
  describe(`funnels and excluded pages over HTTP (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let analyst: Agent;
    let shopId: string;
    let blogId: string;
    let domain: string;
    let organisationId: string;
    let ownerId: string;

    const croRole = async (email: string, role: string) => {
      const members = (await owner.get(`/api/members?${listQuery({ filter: { organisationId }, range: [0, 99] })}`))
        .body as Array<{ id: string; email: string }>;
      const member = members.find((m) => m.email === email)!;
      const changed = await owner.put(`/api/members/${member.id}`).send({ croRole: role });
      expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
    };

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, analyst] = await Promise.all([OWNER, EDITOR, CHECKER].map((who) => signIn(t.url, who)));
      const websites = (await owner.get('/api/websites')).body as Array<{
        id: string;
        name: string;
        domain: string;
        organisationId: string;
      }>;
      const shop = websites.find((w) => w.name === 'Demo Shop')!;
      [shopId, domain, organisationId] = [shop.id, shop.domain, shop.organisationId];
      blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      ownerId = (await owner.get('/api/auth/user')).body.id;
      // Eddie edits CTAs (no analytics definitions); Rita is an analyst (she defines them).
      await croRole(EDITOR.email, 'editor');
      await croRole(CHECKER.email, 'analyst');
    }, 60_000);
    afterAll(async () => t?.stop());

    it("the demo's Demo Shop has two funnels and its account pages excluded", async () => {
      expect(domain).toBe('shop.demo.example');
      const funnels = await owner.get(
        `/api/funnels?${listQuery({ filter: { websiteId: shopId }, sort: ['name', 'ASC'] })}`,
      );
      expectWith(funnels.status, JSON.stringify(funnels.body)).toBe(200);
      expect(funnels.headers['content-range']).toBe('funnels 0-1/2');
      expect((funnels.body as Rec[]).map((f) => [f.name, f.steps, f.windowSeconds, f.breakdown, f.status])).toEqual([
        [
          'Newsletter sign-up journey',
          [
            { event: 'page_view', filters: [] },
            { event: 'cta_click', filters: [] },
            { event: 'form_submitted', filters: [] },
          ],
          1209600,
          'utm.source',
          'active',
        ],
        [
          'Product page to purchase',
          [
            { event: 'page_view', filters: [{ property: 'path', operator: 'contains', value: '/products/' }] },
            { event: 'cta_click', filters: [] },
            { event: 'purchase', filters: [] },
          ],
          604800,
          null,
          'active',
        ],
      ]);
      const excluded = await owner.get(`/api/excluded-pages?${listQuery({ filter: { websiteId: shopId } })}`);
      expect(excluded.headers['content-range']).toBe('excluded-pages 0-0/1');
      expect((excluded.body as Rec[]).map((e) => [e.urlRule, e.note, e.status, e.createdBy])).toEqual([
        [
          'https://shop.demo.example/account/*',
          'Customer account pages: not part of the buying journey.',
          'active',
          ownerId,
        ],
      ]);
      expect((await owner.get(`/api/funnels?${listQuery({ filter: { websiteId: blogId } })}`)).body).toEqual([]);
    });

    it('funnels: create, read, update and delete; the default window stored; history', async () => {
      const created = await analyst.post('/api/funnels').send({
        websiteId: shopId,
        name: ' Checkout ',
        steps: [
          { event: 'page_view', filters: [{ property: 'path', operator: 'equals', value: '/cart' }] },
          { event: 'checkout_started' },
        ],
        status: 'deleted',
        version: 9,
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        organisationId,
        websiteId: shopId,
        name: 'Checkout',
        steps: [
          { event: 'page_view', filters: [{ property: 'path', operator: 'equals', value: '/cart' }] },
          { event: 'checkout_started', filters: [] },
        ],
        windowSeconds: 1209600,
        breakdown: null,
        status: 'active',
        statusLabel: 'active',
        createdBy: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        allowedActions: ['Update', 'Delete'],
      });
      const id = created.body.id as string;
      // The CRO editor reads funnels but does not define them.
      const read = await editor.get(`/api/funnels/${id}`);
      expect({ status: read.status, name: read.body.name, allowedActions: read.body.allowedActions }).toEqual({
        status: 200,
        name: 'Checkout',
        allowedActions: [],
      });
      const refused = await editor
        .post('/api/funnels')
        .send({ websiteId: shopId, name: 'Mine', steps: [{ event: 'page_view' }, { event: 'cta_click' }] });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: 'Your role may not Create this funnel',
      });
      expect((await editor.put(`/api/funnels/${id}`).send({ name: 'Taken' })).status).toBe(403);
      expect((await editor.delete(`/api/funnels/${id}`)).status).toBe(403);

      // PUT the way react-admin does: the whole record back, read-only fields included.
      const put = await owner.put(`/api/funnels/${id}`).send({
        ...created.body,
        windowSeconds: 3600,
        breakdown: 'utm.source',
        steps: [...created.body.steps, { event: 'purchase' }],
      });
      expectWith(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({
        name: 'Checkout',
        windowSeconds: 3600,
        breakdown: 'utm.source',
        steps: [
          { event: 'page_view', filters: [{ property: 'path', operator: 'equals', value: '/cart' }] },
          { event: 'checkout_started', filters: [] },
          { event: 'purchase', filters: [] },
        ],
        version: 2,
        organisationId,
        websiteId: shopId,
      });
      // Nothing changed: nothing recorded.
      expect((await owner.put(`/api/funnels/${id}`).send(put.body)).body.version).toBe(2);

      const removed = await analyst.delete(`/api/funnels/${id}`);
      expect({
        status: removed.status,
        record: removed.body.status,
        allowedActions: removed.body.allowedActions,
        version: removed.body.version,
      }).toEqual({
        status: 200,
        record: 'deleted',
        allowedActions: [],
        version: 3,
      });
      const afterwards = await owner.put(`/api/funnels/${id}`).send({ name: 'Back' });
      expect({ status: afterwards.status, message: afterwards.body.message }).toEqual({
        status: 422,
        message: 'Update is not allowed while the funnel is deleted',
      });
      const active = (
        await owner.get(
          `/api/funnels?${listQuery({ filter: { websiteId: shopId, status: 'active' }, range: [0, 99] })}`,
        )
      ).body as Rec[];
      expect(active.map((f) => f.id)).not.toContain(id);

      const history = await owner.get(`/api/funnels/${id}/history`);
      expect(history.status).toBe(200);
      expect(
        (history.body as Array<{ type: string; action: string; actor: { name?: string } }>).map((h) => [
          h.type,
          h.action,
          h.actor.name,
        ]),
      ).toEqual([
        ['FunnelCreated', 'Create', 'Rita Reviewer'],
        ['FunnelUpdated', 'Update', 'Olivia Owner'],
        ['FunnelDeleted', 'Delete', 'Rita Reviewer'],
      ]);
      expect(history.body[1].data).toEqual({
        steps: [
          { event: 'page_view', filters: [{ property: 'path', operator: 'equals', value: '/cart' }] },
          { event: 'checkout_started', filters: [] },
          { event: 'purchase', filters: [] },
        ],
        windowSeconds: 3600,
        breakdown: 'utm.source',
      });
      // The audit trail lists the funnel's changes (resource "funnel").
      const audit = (
        await owner.get(
          `/api/audit?${listQuery({ filter: { resource: 'funnel', resourceId: id }, sort: ['time', 'ASC'] })}`,
        )
      ).body as Array<{ type: string }>;
      expect(audit.map((a) => a.type)).toEqual(['FunnelCreated', 'FunnelUpdated', 'FunnelDeleted']);
      // Each row names the funnel.
      expect(
        (audit as Array<{ recordName?: string | null }>).map(
          (a) => typeof a.recordName === 'string' && a.recordName.length > 0,
        ),
      ).toEqual([true, true, true]);
    });

    it("funnels: the spec's messages (422), field by field", async () => {
      const post = (body: Record<string, unknown>) =>
        owner.post('/api/funnels').send({
          websiteId: shopId,
          name: 'Signups',
          steps: [{ event: 'page_view' }, { event: 'form_submitted' }],
          ...body,
        });
      const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
        [{ name: '' }, { name: 'Please enter a funnel name.' }],
        [{ name: undefined }, { name: 'Please enter a funnel name.' }],
        [{ steps: [{ event: 'page_view' }] }, { steps: 'A funnel needs at least two steps' }],
        [{ steps: undefined }, { steps: 'A funnel needs at least two steps' }],
        [
          { steps: Array.from({ length: 21 }, () => ({ event: 'page_view' })) },
          { steps: 'A funnel has at most 20 steps' },
        ],
        [
          { steps: [{ event: 'page_view' }, { event: 'sign up!' }] },
          {
            'steps.1.event':
              'Event must be an event name: a letter, then letters, digits, _ . : or -, at most 64 characters',
          },
        ],
        [
          {
            steps: [
              { event: 'page_view', filters: [{ property: 'url', operator: 'contains' }] },
              { event: 'cta_click' },
            ],
          },
          { 'steps.0.filters.0.value': 'Value is missing!' },
        ],
        [
          { windowSeconds: 59 },
          {
            windowSeconds:
              'Conversion window must be a whole number of seconds from 60 (one minute) to 7776000 (90 days)',
          },
        ],
        [
          { windowSeconds: 7776001 },
          {
            windowSeconds:
              'Conversion window must be a whole number of seconds from 60 (one minute) to 7776000 (90 days)',
          },
        ],
        [
          { breakdown: 'utm source' },
          { breakdown: 'Breakdown must be a field name: letters, digits, _ . : $ or -, at most 100 characters' },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await post(body);
        expectWith({ status: res.status, errors: res.body.errors }, JSON.stringify(body).slice(0, 120)).toEqual({
          status: 422,
          errors,
        });
      }
      const noWebsite = await owner
        .post('/api/funnels')
        .send({ name: 'Signups', steps: [{ event: 'page_view' }, { event: 'form_submitted' }] });
      expect({ status: noWebsite.status, errors: noWebsite.body.errors }).toEqual({
        status: 422,
        errors: { websiteId: 'Website is missing!' },
      });
    });

    it('funnels: the list answers 20 a page unless asked (Content-Range), and ranges as asked', async () => {
      for (let i = 1; i <= 21; i++) {
        const res = await owner.post('/api/funnels').send({
          websiteId: blogId,
          name: `Blog funnel ${String(i).padStart(2, '0')}`,
          steps: [{ event: 'page_view' }, { event: 'cta_click' }],
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      }
      const filter = encodeURIComponent(JSON.stringify({ websiteId: blogId }));
      const first = await owner.get(`/api/funnels?filter=${filter}&sort=${encodeURIComponent('["name","ASC"]')}`);
      expect(first.headers['content-range']).toBe('funnels 0-19/21');
      expect((first.body as Rec[]).length).toBe(20);
      expect((first.body as Rec[])[0]!.name).toBe('Blog funnel 01');
      const page2 = await owner.get(`/api/funnels?filter=${filter}&sort=name&sortDirection=ASC&page=2`);
      expect(page2.headers['content-range']).toBe('funnels 20-20/21');
      expect((page2.body as Rec[]).map((f) => f.name)).toEqual(['Blog funnel 21']);
      const ranged = await owner.get(`/api/funnels?${listQuery({ filter: { websiteId: blogId }, range: [0, 24] })}`);
      expect(ranged.headers['content-range']).toBe('funnels 0-20/21');
      expect(totalOf(ranged)).toBe(21);
    });

    it('excluded pages: a URL rule on the website domain, exact or a prefix; date added and added by; update, delete, history', async () => {
      const created = await owner
        .post('/api/excluded-pages')
        .send({ websiteId: shopId, urlRule: ` https://${domain}/checkout/* `, note: 'Payment pages' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toEqual({
        id: expect.any(String),
        organisationId,
        websiteId: shopId,
        urlRule: 'https://shop.demo.example/checkout/*',
        note: 'Payment pages',
        status: 'active',
        statusLabel: 'active',
        createdBy: ownerId,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        version: 1,
        allowedActions: ['Update', 'Delete'],
      });
      expect(Date.now() - Date.parse(created.body.createdAt)).toBeLessThan(60_000);
      const id = created.body.id as string;

      for (const [urlRule, message] of [
        ['http://shop.demo.example/cart', URL_INVALID],
        ['/cart', URL_INVALID],
        ['', URL_INVALID],
        [undefined, URL_INVALID],
        ['https://other.example/cart', URL_DOMAIN],
        ['https://demo.example/cart', URL_DOMAIN],
      ] as const) {
        const res = await owner.post('/api/excluded-pages').send({ websiteId: shopId, urlRule });
        expectWith({ status: res.status, message: res.body.message, errors: res.body.errors }, String(urlRule)).toEqual(
          { status: 422, message, errors: { urlRule: message } },
        );
      }
      const refused = await editor
        .post('/api/excluded-pages')
        .send({ websiteId: shopId, urlRule: `https://${domain}/cart` });
      expect({ status: refused.status, message: refused.body.message }).toEqual({
        status: 403,
        message: 'Your role may not Create this excluded page',
      });

      const exact = await analyst
        .post('/api/excluded-pages')
        .send({ websiteId: shopId, urlRule: `https://www.${domain}/cart` });
      expectWith(exact.status, JSON.stringify(exact.body)).toBe(201);
      expect(exact.body).toMatchObject({ urlRule: 'https://www.shop.demo.example/cart', note: null });

      const put = await analyst
        .put(`/api/excluded-pages/${id}`)
        .send({ ...created.body, urlRule: `https://${domain}/checkout`, note: '' });
      expectWith(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({
        urlRule: 'https://shop.demo.example/checkout',
        note: null,
        version: 2,
        createdBy: ownerId,
        createdAt: created.body.createdAt,
      });
      const offDomain = await analyst
        .put(`/api/excluded-pages/${id}`)
        .send({ urlRule: 'https://other.example/checkout' });
      expect({ status: offDomain.status, errors: offDomain.body.errors }).toEqual({
        status: 422,
        errors: { urlRule: URL_DOMAIN },
      });

      // The list: searched by URL rule, filtered and sorted by it.
      const searched = await owner.get(
        `/api/excluded-pages?${listQuery({ filter: { websiteId: shopId, q: 'checkout' } })}`,
      );
      expect({ range: searched.headers['content-range'], ids: (searched.body as Rec[]).map((r) => r.id) }).toEqual({
        range: 'excluded-pages 0-0/1',
        ids: [id],
      });
      const sorted = await owner.get(
        `/api/excluded-pages?${listQuery({ filter: { websiteId: shopId }, sort: ['urlRule', 'ASC'] })}`,
      );
      expect((sorted.body as Rec[]).map((r) => r.urlRule)).toEqual([
        'https://shop.demo.example/account/*',
        'https://shop.demo.example/checkout',
        'https://www.shop.demo.example/cart',
      ]);
      const byRule = await owner.get(
        `/api/excluded-pages?${listQuery({ filter: { urlRule: 'https://www.shop.demo.example/cart' } })}`,
      );
      expect((byRule.body as Rec[]).map((r) => r.id)).toEqual([exact.body.id]);

      const removed = await owner.delete(`/api/excluded-pages/${id}`);
      expect({ status: removed.status, record: removed.body.status }).toEqual({ status: 200, record: 'deleted' });
      const active = await owner.get(
        `/api/excluded-pages?${listQuery({ filter: { websiteId: shopId, status: 'active' }, sort: ['urlRule', 'ASC'] })}`,
      );
      expect((active.body as Rec[]).map((r) => r.urlRule)).toEqual([
        'https://shop.demo.example/account/*',
        'https://www.shop.demo.example/cart',
      ]);

      const history = await owner.get(`/api/excluded-pages/${id}/history`);
      expect(
        (history.body as Array<{ type: string; actor: { name?: string }; data: unknown }>).map((h) => [
          h.type,
          h.actor.name,
          h.data,
        ]),
      ).toEqual([
        [
          'ExcludedPageCreated',
          'Olivia Owner',
          {
            urlRule: 'https://shop.demo.example/checkout/*',
            note: 'Payment pages',
            organisationId,
            websiteId: shopId,
            createdBy: { id: ownerId, name: 'Olivia Owner' },
          },
        ],
        ['ExcludedPageUpdated', 'Rita Reviewer', { urlRule: 'https://shop.demo.example/checkout', note: null }],
        ['ExcludedPageDeleted', 'Olivia Owner', {}],
      ]);
      const audit = (
        await owner.get(
          `/api/audit?${listQuery({ filter: { resource: 'excludedpage', resourceId: id }, sort: ['time', 'ASC'] })}`,
        )
      ).body as Array<{ type: string }>;
      expect(audit.map((a) => a.type)).toEqual(['ExcludedPageCreated', 'ExcludedPageUpdated', 'ExcludedPageDeleted']);
      // Each row names the page by its rule (the last one it had).
      expect((audit as Array<{ recordName?: string | null }>).map((a) => a.recordName)).toEqual(
        Array(3).fill('https://shop.demo.example/checkout'),
      );
    });

    it('refuses an organisation without the CRO product: "Upgrade to access"', async () => {
      const agent = newAgent(t.url);
      const signup = await agent
        .post('/api/auth/signup')
        .send({ email: 'starter@analytics.example', password: 'Starter-pass-1', name: 'Stan', orgName: 'Stan Co' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const site = await agent.post('/api/websites').send({ name: 'Stan shop', url: 'https://stan-shop.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      for (const resource of ['funnels', 'excluded-pages']) {
        const list = await agent.get(`/api/${resource}`);
        expectWith({ status: list.status, message: list.body.message }, resource).toEqual({
          status: 403,
          message: 'Upgrade to access',
        });
      }
      const funnel = await agent
        .post('/api/funnels')
        .send({ websiteId: site.body.id, name: 'Mine', steps: [{ event: 'page_view' }, { event: 'cta_click' }] });
      expect({ status: funnel.status, message: funnel.body.message }).toEqual({
        status: 403,
        message: 'Upgrade to access',
      });
      const page = await agent
        .post('/api/excluded-pages')
        .send({ websiteId: site.body.id, urlRule: 'https://stan-shop.example/account/*' });
      expect({ status: page.status, message: page.body.message }).toEqual({
        status: 403,
        message: 'Upgrade to access',
      });
    });

    it('another organisation (with the CRO product) sees none of them: 404 on every route, absent from lists, and cannot add to Demo Shop', async () => {
      const stranger = newAgent(t.url);
      const signup = await stranger
        .post('/api/auth/signup')
        .send({ email: 'stranger@analytics.example', password: 'Stranger-pass-1', name: 'Sven', orgName: 'Sven Co' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const strangerOrg = (await stranger.get('/api/auth/user')).body.organisations[0].id as string;
      const plan = await stranger.post(`/api/organisations/${strangerOrg}/actions/ChangePlan`).send({ plan: 'scale' });
      expectWith(plan.status, JSON.stringify(plan.body)).toBe(200);
      for (const resource of ['funnels', 'excluded-pages']) {
        const ours = (await owner.get(`/api/${resource}?${listQuery({ filter: { websiteId: shopId } })}`))
          .body as Rec[];
        expect(ours.length).toBeGreaterThan(0);
        const id = ours[0]!.id;
        for (const [what, res] of [
          ['GET', await stranger.get(`/api/${resource}/${id}`)],
          ['GET history', await stranger.get(`/api/${resource}/${id}/history`)],
          ['PUT', await stranger.put(`/api/${resource}/${id}`).send({ name: 'Taken', note: 'Taken' })],
          ['DELETE', await stranger.delete(`/api/${resource}/${id}`)],
        ] as const) {
          expectWith(res.status, `${what} /api/${resource}/{id}`).toBe(404);
        }
        const list = await stranger.get(`/api/${resource}`);
        expect({ status: list.status, body: list.body, range: list.headers['content-range'] }).toEqual({
          status: 200,
          body: [],
          range: `${resource} 0-0/0`,
        });
        const many = await stranger.get(`/api/${resource}?${listQuery({ filter: { id: ours.map((r) => r.id) } })}`);
        expect(many.body).toEqual([]);
      }
      const planted = await stranger
        .post('/api/excluded-pages')
        .send({ websiteId: shopId, urlRule: `https://${domain}/*` });
      expect({ status: planted.status, errors: planted.body.errors }).toEqual({
        status: 422,
        errors: { websiteId: 'Website not found' },
      });
      const funnel = await stranger
        .post('/api/funnels')
        .send({ websiteId: shopId, name: 'Planted', steps: [{ event: 'page_view' }, { event: 'cta_click' }] });
      expect({ status: funnel.status, errors: funnel.body.errors }).toEqual({
        status: 422,
        errors: { websiteId: 'Website not found' },
      });
    });
  });
}
