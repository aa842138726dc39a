import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ADMIN,
  EDITOR,
  OWNER,
  boot,
  giveWebsite,
  listQuery,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
} from './setups.js';

type Rec = Record<string, any>;

/**
 * Organisation A is the demo's "Demo Publishing" (owner@demo.example, members editor@ and
 * writer@). Organisation B is created by the platform admin, who becomes its owner.
 */
for (const setup of setups) {
  describe(`tenancy (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let admin: Agent;
    let orgA: Rec;
    let blog: Rec;
    let shop: Rec;
    let orgB: Rec;
    let siteB: Rec;

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, admin] = await Promise.all([signIn(t.url, OWNER), signIn(t.url, EDITOR), signIn(t.url, ADMIN)]);
      const me = await owner.get('/api/auth/user');
      orgA = (await owner.get(`/api/organisations/${me.body.organisations[0].id}`)).body;
      const sites = (await owner.get('/api/websites')).body as Rec[];
      blog = sites.find((w) => w.name === 'Demo Blog')!;
      shop = sites.find((w) => w.name === 'Demo Shop')!;

      const org = await admin
        .post('/api/organisations')
        .send({ name: 'Other Tenant', country: 'NL', timezone: 'Europe/Amsterdam' });
      expectWith(org.status, JSON.stringify(org.body)).toBe(201);
      orgB = org.body;
      const site = await admin
        .post('/api/websites')
        .send({ organisationId: orgB.id, name: 'Tenant B Site', url: 'https://tenant-b.example' });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      siteB = site.body;
    });
    afterAll(async () => t?.stop());

    /** B's records as their owner sees them: nothing below may change them. */
    const snapshotB = async () => ({
      org: (await admin.get(`/api/organisations/${orgB.id}`)).body,
      site: (await admin.get(`/api/websites/${siteB.id}`)).body,
      total: totalOf(await admin.get(`/api/websites?${listQuery({ filter: { organisationId: orgB.id } })}`)),
    });

    it('the admin owns B and sees both organisations (control)', async () => {
      expect(orgB.role).toBe('owner');
      expect((await admin.get(`/api/websites/${siteB.id}`)).status).toBe(200);
      expect((await admin.get(`/api/websites/${blog.id}`)).status).toBe(200);
      const orgs = await admin.get('/api/organisations');
      expect(orgs.body.map((o: Rec) => o.id)).toEqual(expect.arrayContaining([orgA.id, orgB.id]));
    });

    describe("a member of A and B's records", () => {
      it("B's posts are in no count of A's dashboard, even asked for B's website", async () => {
        const created = await admin
          .post('/api/posts')
          .send({ websiteId: siteB.id, title: 'Tenant B brief', type: 'blog' });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        const theirs = (await admin.get(`/api/posts/dashboard?websiteId=${siteB.id}`)).body;
        // The control: B's owner sees the brief in B's pipeline and as their own.
        expect(theirs.pipeline).toEqual(expect.arrayContaining([{ status: 'Writer', label: 'Writing', count: 1 }]));
        expect(theirs.mine.stages).toEqual([{ status: 'Writer', label: 'Writing', count: 1 }]);
        for (const agent of [owner, editor]) {
          const res = await agent.get(`/api/posts/dashboard?websiteId=${siteB.id}`);
          expect(res.status).toBe(200);
          expect(res.body.mine).toEqual({ stages: [], due: [], returned: [] });
          expect(res.body.queues.every((q: Rec) => q.count === 0 && q.waiting === 0)).toBe(true);
          expect((res.body.pipeline ?? []).every((p: Rec) => p.count === 0)).toBe(true);
          expect(JSON.stringify(res.body)).not.toContain('Tenant B');
        }
      });

      it("GET of B's organisation and website is 404, exactly as for an id that does not exist", async () => {
        const org = await owner.get(`/api/organisations/${orgB.id}`);
        expect(org.status).toBe(404);
        expect(org.body).toEqual((await owner.get(`/api/organisations/${randomUUID()}`)).body);
        const site = await owner.get(`/api/websites/${siteB.id}`);
        expect(site.status).toBe(404);
        expect(site.body).toEqual((await owner.get(`/api/websites/${randomUUID()}`)).body);
        expect(JSON.stringify(site.body)).not.toContain('Tenant B');
        // The same for a plain member.
        expect((await editor.get(`/api/websites/${siteB.id}`)).status).toBe(404);
        expect((await editor.get(`/api/organisations/${orgB.id}`)).status).toBe(404);
      });

      it("PUT of B's organisation and website is 404 and changes nothing", async () => {
        const before = await snapshotB();
        const org = await owner.put(`/api/organisations/${orgB.id}`).send({ ...orgB, name: 'Taken over' });
        expect(org.status).toBe(404);
        const site = await owner.put(`/api/websites/${siteB.id}`).send({ ...siteB, name: 'Taken over' });
        expect(site.status).toBe(404);
        // Even with an invalid body: the record's existence is not revealed by a 422.
        const invalid = await owner.put(`/api/websites/${siteB.id}`).send({ name: 42 });
        expect(invalid.status).toBe(404);
        expect(await snapshotB()).toEqual(before);
      });

      it("actions on B's records are 404 and change nothing", async () => {
        const before = await snapshotB();
        for (const action of ['Deactivate', 'Update', 'Activate']) {
          const res = await owner.post(`/api/websites/${siteB.id}/actions/${action}`).send({});
          expectWith(res.status, action).toBe(404);
        }
        for (const action of ['Update', 'AddMember']) {
          const res = await owner.post(`/api/organisations/${orgB.id}/actions/${action}`).send({ name: 'Taken over' });
          expectWith(res.status, action).toBe(404);
        }
        expect((await editor.post(`/api/websites/${siteB.id}/actions/Deactivate`).send({})).status).toBe(404);
        expect(await snapshotB()).toEqual(before);
      });

      it("B's records are absent from A's lists, searches and filters", async () => {
        const sites = await owner.get(`/api/websites?${listQuery({ sort: ['name', 'ASC'], range: [0, 99] })}`);
        expect(sites.body.map((w: Rec) => w.id)).not.toContain(siteB.id);
        expect(sites.body.every((w: Rec) => w.organisationId === orgA.id)).toBe(true);
        expect(totalOf(sites)).toBe(sites.body.length);

        const orgs = await owner.get('/api/organisations');
        expect(orgs.body.map((o: Rec) => o.id)).toEqual([orgA.id]);
        expect(orgs.headers['content-range']).toBe('organisations 0-0/1');

        const search = await owner.get(`/api/websites?${listQuery({ filter: { q: 'tenant-b' } })}`);
        expect(search.body).toEqual([]);
        expect(totalOf(search)).toBe(0);
        const specSearch = await owner.get('/api/websites?search=Tenant');
        expect(specSearch.body).toEqual([]);
        const byOrg = await owner.get(`/api/websites?${listQuery({ filter: { organisationId: orgB.id } })}`);
        expect(byOrg.body).toEqual([]);
        expect(totalOf(byOrg)).toBe(0);
        const orgSearch = await owner.get(`/api/organisations?${listQuery({ filter: { q: 'Other' } })}`);
        expect(orgSearch.body).toEqual([]);

        // The admin's same queries do find B (so the filters above can fail).
        expect(
          (await admin.get(`/api/websites?${listQuery({ filter: { q: 'tenant-b' } })}`)).body.map((w: Rec) => w.id),
        ).toEqual([siteB.id]);
      });

      it('getMany by id (filter={"id":[...]}) leaves out B\'s records', async () => {
        const sites = await owner.get(`/api/websites?${listQuery({ filter: { id: [siteB.id, blog.id, shop.id] } })}`);
        expect(sites.status).toBe(200);
        expect(sites.body.map((w: Rec) => w.id).sort()).toEqual([blog.id, shop.id].sort());
        expect(totalOf(sites)).toBe(2);
        const orgs = await owner.get(`/api/organisations?${listQuery({ filter: { id: [orgB.id, orgA.id] } })}`);
        expect(orgs.body.map((o: Rec) => o.id)).toEqual([orgA.id]);
        const onlyB = await editor.get(`/api/websites?${listQuery({ filter: { id: [siteB.id] } })}`);
        expect(onlyB.body).toEqual([]);
        expect(totalOf(onlyB)).toBe(0);
      });

      it("B's CRO records (every resource) are 404 to A for GET, PUT, actions and DELETE, absent from lists, and B's website takes no record of A", async () => {
        expectWith(
          (await admin.post(`/api/organisations/${orgB.id}/actions/ChangePlan`).send({ plan: 'scale' })).status,
          'plan of B',
        ).toBe(200);
        const made = async (path: string, body: Rec) => {
          const res = await admin.post(path).send({ websiteId: siteB.id, ...body });
          expectWith(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
          return res.body.id as string;
        };
        const product = await made('/api/products', { name: 'B product' });
        const goal = await made('/api/goals', { name: 'B goal', type: 'count', event: 'form_submitted' });
        const records: Record<string, string> = {
          products: product,
          goals: goal,
          'url-lists': await made('/api/url-lists', {
            name: 'B list',
            rules: [{ kind: 'exact', value: 'https://tenant-b.example/' }],
          }),
          funnels: await made('/api/funnels', {
            name: 'B funnel',
            steps: [{ event: 'page_view' }, { event: 'form_submitted' }],
          }),
          'excluded-pages': await made('/api/excluded-pages', { urlRule: 'https://tenant-b.example/account/*' }),
          ctas: await made('/api/ctas', {
            name: 'B cta',
            type: 'form',
            items: [
              { type: 'email', label: 'Email' },
              { type: 'button', label: 'Go' },
            ],
            productIds: [product],
          }),
          campaigns: await made('/api/campaigns', {
            name: 'B campaign',
            url: 'https://tenant-b.example/',
            containers: [],
            pageRules: { operator: 'or', rules: [] },
          }),
          experiments: await made('/api/experiments', {
            name: 'B test',
            pageUrl: 'https://tenant-b.example/',
            testType: 'ab',
            goalId: goal,
            variants: [
              { key: 'control', weight: 50 },
              { key: 'b', weight: 50 },
            ],
          }),
        };
        const snapshot = async () =>
          Promise.all(
            Object.entries(records).map(async ([resource, id]) => (await admin.get(`/api/${resource}/${id}`)).body),
          );
        const before = await snapshot();
        for (const [resource, id] of Object.entries(records)) {
          for (const [what, res] of [
            ['GET', await owner.get(`/api/${resource}/${id}`)],
            ['GET history', await owner.get(`/api/${resource}/${id}/history`)],
            ['PUT', await owner.put(`/api/${resource}/${id}`).send({ name: 'Taken over' })],
            ['action', await owner.post(`/api/${resource}/${id}/actions/Restore`).send({})],
            ['DELETE', await owner.delete(`/api/${resource}/${id}`)],
          ] as const) {
            expectWith(res.status, `${what} /api/${resource}/{B's id}`).toBe(404);
          }
          const listed = await owner.get(`/api/${resource}?${listQuery({ filter: { id: [id] } })}`);
          expectWith({ status: listed.status, body: listed.body }, `${resource} getMany`).toEqual({
            status: 200,
            body: [],
          });
          const byWebsite = await owner.get(`/api/${resource}?${listQuery({ filter: { websiteId: siteB.id } })}`);
          expectWith(byWebsite.body, `${resource} of B's website`).toEqual([]);
        }
        expect(
          (
            await owner.get(
              `/api/campaigns/${records.campaigns}/match?url=${encodeURIComponent('https://tenant-b.example/')}`,
            )
          ).status,
        ).toBe(404);
        expect((await owner.get(`/api/ctas/${records.ctas}/submissions`)).status).toBe(404);
        expect((await owner.get(`/api/ctas/${records.ctas}/submissions/export`)).status).toBe(404);
        expect((await admin.get(`/api/ctas/${records.ctas}/submissions`)).status).toBe(200);
        const intoB = await owner.post('/api/products').send({ websiteId: siteB.id, name: 'Planted in B' });
        expect({ status: intoB.status, errors: intoB.body.errors }).toEqual({
          status: 422,
          errors: { websiteId: 'Website not found' },
        });
        expect(await snapshot()).toEqual(before);
        // The admin's same reads do find them (so the checks above can fail).
        expect(
          (await admin.get(`/api/ctas?${listQuery({ filter: { websiteId: siteB.id } })}`)).body.map((r: Rec) => r.id),
        ).toEqual([records.ctas]);
      });

      it("B's records are absent from A's current user", async () => {
        const me = await owner.get('/api/auth/user');
        expect(me.body.organisations.map((o: Rec) => o.id)).toEqual([orgA.id]);
        expect(me.body.websites.map((w: Rec) => w.id)).not.toContain(siteB.id);
        expect(me.body.websites.every((w: Rec) => w.organisationId === orgA.id)).toBe(true);
      });

      it("may not create a website in B (404) and B's list is unchanged", async () => {
        const before = await snapshotB();
        const res = await owner
          .post('/api/websites')
          .send({ organisationId: orgB.id, name: 'Planted', url: 'https://planted-by-a.example' });
        expect(res.status).toBe(404);
        expect(await snapshotB()).toEqual(before);
        // The refused create did not keep the domain either.
        const later = await admin
          .post('/api/websites')
          .send({ organisationId: orgB.id, name: 'Planted later', url: 'https://planted-by-a.example' });
        expectWith(later.status, JSON.stringify(later.body)).toBe(201);
      });

      it("may not move A's website into B through PUT (organisationId is ignored)", async () => {
        const site = await owner.get(`/api/websites/${shop.id}`);
        const res = await owner.put(`/api/websites/${shop.id}`).send({ ...site.body, organisationId: orgB.id });
        expect(res.status).toBe(200);
        expect(res.body.organisationId).toBe(orgA.id);
        expect((await owner.get(`/api/websites/${shop.id}`)).body.organisationId).toBe(orgA.id);
        const inB = await admin.get(
          `/api/websites?${listQuery({ filter: { organisationId: orgB.id, id: [shop.id] } })}`,
        );
        expect(inB.body).toEqual([]);
      });
    });

    describe('members (editor@demo.example) of A', () => {
      it("may read A's websites and organisation, without Update/Deactivate among allowedActions", async () => {
        const list = await editor.get('/api/websites');
        expect(list.status).toBe(200);
        expect(list.body.map((w: Rec) => w.id)).toEqual(expect.arrayContaining([blog.id, shop.id]));
        const one = await editor.get(`/api/websites/${blog.id}`);
        expect(one.status).toBe(200);
        expect(one.body.name).toBe('Demo Blog');
        expect(one.body.allowedActions).toEqual([]);
        const org = await editor.get(`/api/organisations/${orgA.id}`);
        expect(org.status).toBe(200);
        expect(org.body.role).toBe('member');
        expect(org.body.allowedActions).not.toContain('Update');
      });

      it('gets 403 on Update (PUT and action) and Deactivate of a website, which stays unchanged', async () => {
        const before = (await owner.get(`/api/websites/${blog.id}`)).body;
        const put = await editor.put(`/api/websites/${blog.id}`).send({ ...before, name: 'Edited by editor' });
        expect(put.status).toBe(403);
        expect(put.body.message).toEqual(expect.any(String));
        const update = await editor.post(`/api/websites/${blog.id}/actions/Update`).send({ name: 'Edited by editor' });
        expect(update.status).toBe(403);
        const deactivate = await editor.post(`/api/websites/${blog.id}/actions/Deactivate`).send({});
        expect(deactivate.status).toBe(403);
        expect(deactivate.body.message).toBe('Your role may not Deactivate this website');
        expect((await owner.get(`/api/websites/${blog.id}`)).body).toEqual(before);
      });

      it('gets 403 on Activate of an inactive website', async () => {
        const created = await owner
          .post('/api/websites')
          .send({ name: 'Tenancy Toggle', url: 'https://tenancy-toggle.example' });
        expect(created.status).toBe(201);
        const off = await owner.post(`/api/websites/${created.body.id}/actions/Deactivate`).send({});
        expect(off.body.status).toBe('inactive');
        // Not on the editor's membership yet: out of reach (404); once listed, the role refuses (403).
        expect((await editor.post(`/api/websites/${created.body.id}/actions/Activate`).send({})).status).toBe(404);
        await giveWebsite(owner, created.body.id, [EDITOR.email]);
        const res = await editor.post(`/api/websites/${created.body.id}/actions/Activate`).send({});
        expect(res.status).toBe(403);
        expect((await owner.get(`/api/websites/${created.body.id}`)).body.status).toBe('inactive');
      });

      it('gets 403 creating a website in A, and on updating the organisation', async () => {
        const before = totalOf(await owner.get('/api/websites'));
        const res = await editor
          .post('/api/websites')
          .send({ name: 'Editor Site', url: 'https://editor-site.example' });
        expect(res.status).toBe(403);
        expect(totalOf(await owner.get('/api/websites'))).toBe(before);
        // Its domain was not kept either.
        const owned = await owner
          .post('/api/websites')
          .send({ name: 'Owner Site', url: 'https://editor-site.example' });
        expectWith(owned.status, JSON.stringify(owned.body)).toBe(201);

        const org = await editor.put(`/api/organisations/${orgA.id}`).send({ ...orgA, name: 'Editor Publishing' });
        expect(org.status).toBe(403);
        expect((await owner.get(`/api/organisations/${orgA.id}`)).body.name).toBe('Demo Publishing');
      });

      it('the owner of A may do what the member may not (control)', async () => {
        const created = await owner
          .post('/api/websites')
          .send({ name: 'Owner Toggle', url: 'https://owner-toggle.example' });
        const res = await owner.post(`/api/websites/${created.body.id}/actions/Deactivate`).send({});
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('inactive');
      });
    });
  });
}
