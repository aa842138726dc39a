import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { ADMIN, EDITOR, OWNER, boot, setups, signIn, type Booted, newAgent } from './setups.js';

/** A customer's website, served by the test: its home page is whatever `page` holds now. */
async function customerSite(): Promise<{
  url: string;
  page: { html: string; status: number };
  close(): Promise<void>;
}> {
  const page = { html: '<html><head><title>Shop</title></head><body>Hello</body></html>', status: 200 };
  const server: Server = createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(302, { location: '/' }).end();
      return;
    }
    res.writeHead(page.status, { 'content-type': 'text/html' }).end(page.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    page,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const ANSWERS = { employees: '11-50', monthlyVisitors: '5k-20k', ltv: '250-500', aov: '20-50' };

for (const setup of setups) {
  describe(`onboarding: business questions and the tracking-script check (${setup.name})`, () => {
    let t: Booted;
    let site: Awaited<ReturnType<typeof customerSite>>;
    beforeAll(async () => {
      // The customer site runs on 127.0.0.1, which the check refuses unless allowed.
      t = await boot(setup, { FETCH_PRIVATE_HOSTS: 'true' });
      site = await customerSite();
    });
    afterAll(async () => {
      await site?.close();
      await t?.stop();
    });

    it('a new organisation answers the business questions with the spec buckets', async () => {
      const agent = newAgent(t.url);
      const signup = await agent.post('/api/auth/signup').send({
        email: 'founder@shop.example',
        password: 'Founder-pass-1',
        name: 'Fiona Founder',
        orgName: 'Fiona Shop',
      });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const orgId = (await agent.get('/api/auth/user')).body.organisations[0].id;

      const options = (await agent.get('/api/organisations/options')).body;
      expect(options.businessQuestions.map((q: { field: string }) => q.field)).toEqual([
        'employees',
        'monthlyVisitors',
        'ltv',
        'aov',
      ]);
      expect(options.businessQuestions[0].options).toEqual(['1-10', '11-50', '51-100', '100+']);
      expect(options.businessQuestions[1].options.at(0)).toBe('0-5k');
      expect(options.businessQuestions[1].options.at(-1)).toBe('100k+');
      expect(options.businessQuestions[2].options).toEqual(['under 250', '250-500', '500-1000', '1000+']);
      expect(options.businessQuestions[3].options).toEqual(['under 20', '20-50', '50-100', '100+']);

      const before = (await agent.get(`/api/organisations/${orgId}`)).body;
      expect(before).toMatchObject({ business: null, onboardedAt: null });
      expect(before.allowedActions).toContain('SetBusinessProfile');

      const missing = await agent
        .post(`/api/organisations/${orgId}/actions/SetBusinessProfile`)
        .send({ employees: '1-10' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toMatchObject({
        monthlyVisitors: 'Monthly visitors is missing!',
        ltv: 'Customer lifetime value is missing!',
        aov: 'Average order value is missing!',
      });
      const wrong = await agent
        .post(`/api/organisations/${orgId}/actions/SetBusinessProfile`)
        .send({ ...ANSWERS, employees: 'a thousand' });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.employees).toBe('Number of employees must be one of 1-10, 11-50, 51-100, 100+');

      const answered = await agent.post(`/api/organisations/${orgId}/actions/SetBusinessProfile`).send(ANSWERS);
      expectWith(answered.status, JSON.stringify(answered.body)).toBe(200);
      expect(answered.body.business).toEqual(ANSWERS);
      expect(typeof answered.body.onboardedAt).toBe('string');
      const history = (await agent.get(`/api/organisations/${orgId}/history`)).body;
      expect(history.map((e: { type: string }) => e.type)).toContain('OrganisationBusinessProfileSet');
      // Members who do not manage the organisation may not answer for it.
      const editor = await signIn(t.url, EDITOR);
      const demoOrg = (await editor.get('/api/auth/user')).body.organisations[0].id;
      expect((await editor.post(`/api/organisations/${demoOrg}/actions/SetBusinessProfile`).send(ANSWERS)).status).toBe(
        403,
      );
    });

    it('verifies the tracking script on the website: failure with the spec message, then success', async () => {
      const agent = newAgent(t.url);
      await agent
        .post('/api/auth/signup')
        .send({ email: 'owner@install.example', password: 'Install-pass-1', name: 'Ian', orgName: 'Install Co' });
      const created = await agent.post('/api/websites').send({ name: 'Install Shop', url: site.url });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      expect(created.body.allowedActions).toContain('VerifyInstallation');

      const installation = (await agent.get(`/api/websites/${id}/installation`)).body;
      expect(installation).toMatchObject({ verified: false, verifiedAt: null, key: created.body.key });
      expect(installation.snippet).toBe(
        `<script async src="${t.url}/tracker.js" data-site-key="${created.body.key}"></script>`,
      );

      const failed = await agent.post(`/api/websites/${id}/actions/VerifyInstallation`).send({});
      expect(failed.status).toBe(422);
      expect(failed.body.message).toBe('It seems like the script was not installed successfully');
      expect(failed.body.errors.url).toContain('does not include the tracking script');

      // Another website's key does not count.
      site.page.html = `<html><head><script async src="${t.url}/tracker.js" data-site-key="pk_someone_else"></script></head></html>`;
      expect((await agent.post(`/api/websites/${id}/actions/VerifyInstallation`).send({})).status).toBe(422);

      site.page.status = 500;
      const down = await agent.post(`/api/websites/${id}/actions/VerifyInstallation`).send({});
      expect(down.status).toBe(422);
      expect(down.body.errors.url).toBe('The page answered 500');

      site.page.status = 200;
      site.page.html = `<html><head><title>Shop</title>${installation.snippet}</head><body>Hello</body></html>`;
      const verified = await agent.post(`/api/websites/${id}/actions/VerifyInstallation`).send({});
      expectWith(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.installation).toMatchObject({ verified: true, url: `${site.url}/` });
      expect((await agent.get(`/api/websites/${id}/installation`)).body).toMatchObject({ verified: true });
      const history = (await agent.get(`/api/websites/${id}/history`)).body;
      expect(history.filter((e: { type: string }) => e.type === 'WebsiteInstallationVerified')).toHaveLength(1);

      // Following a redirect to the page works too.
      await agent.put(`/api/websites/${id}`).send({ url: `${site.url}/moved` });
      expect((await agent.post(`/api/websites/${id}/actions/VerifyInstallation`).send({})).status).toBe(200);
    });
  });

  describe(`onboarding: the server never fetches private addresses by default (${setup.name})`, () => {
    let t: Booted;
    let site: Awaited<ReturnType<typeof customerSite>>;
    beforeAll(async () => {
      t = await boot(setup);
      site = await customerSite();
    });
    afterAll(async () => {
      await site?.close();
      await t?.stop();
    });

    it('refuses a website on a loopback address without fetching it', async () => {
      let hits = 0;
      const counting = createServer((_req, res) => {
        hits++;
        res.end('<script src="/tracker.js" data-site-key="x"></script>');
      });
      await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
      try {
        const agent = newAgent(t.url);
        await agent
          .post('/api/auth/signup')
          .send({ email: 'owner@ssrf.example', password: 'Ssrf-pass-1', name: 'Sam', orgName: 'Ssrf Co' });
        const port = (counting.address() as AddressInfo).port;
        const created = await agent.post('/api/websites').send({ name: 'Internal', url: `http://127.0.0.1:${port}` });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        const refused = await agent.post(`/api/websites/${created.body.id}/actions/VerifyInstallation`).send({});
        expect(refused.status).toBe(422);
        expect(refused.body.errors.url).toBe('The website address points to a private network');
        expect(hits).toBe(0);
      } finally {
        await new Promise((resolve) => counting.close(resolve));
      }
    });
  });

  describe(`demo mode and website membership (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    it('a new user enters demo mode, sees the demo organisation read-only, and exits back to their own', async () => {
      const agent = newAgent(t.url);
      await agent
        .post('/api/auth/signup')
        .send({ email: 'curious@new.example', password: 'Curious-pass-1', name: 'Cory', orgName: 'Cory Co' });
      const me = (await agent.get('/api/auth/user')).body;
      expect(me).toMatchObject({ demo: null, demoAvailable: true });
      expect(me.organisations.map((o: { name: string }) => o.name)).toEqual(['Cory Co']);
      const ownOrg = me.organisations[0].id;

      const entered = await agent.post('/api/auth/demo/enter').send({});
      expectWith(entered.status, JSON.stringify(entered.body)).toBe(200);
      expect(entered.body.demo).toMatchObject({ name: 'Demo Publishing' });
      expect(entered.body.organisations.map((o: { name: string }) => o.name)).toEqual(['Demo Publishing']);
      const inDemo = (await agent.get('/api/auth/user')).body;
      expect(inDemo.demo.organisationId).toBe(inDemo.organisations[0].id);
      const demoSites = (await agent.get('/api/websites')).body.map((w: { name: string }) => w.name);
      expect(demoSites).toEqual(['Demo Blog', 'Demo Shop']);
      // The user's own organisation is out of sight while in demo mode; nothing can be changed.
      expect((await agent.get(`/api/organisations/${ownOrg}`)).status).toBe(404);
      const change = await agent.post('/api/websites').send({ name: 'Nope', url: 'https://nope.example' });
      expect(change.status).toBe(403);
      expect(change.body.message).toBe('Demo mode is read-only. Exit demo mode to make changes.');
      expect((await agent.post('/api/auth/keep-alive').send({})).status).toBe(200);
      expect((await agent.post('/api/auth/demo/enter').send({})).status).toBe(403);

      const exited = await agent.post('/api/auth/demo/exit').send({});
      expectWith(exited.status, JSON.stringify(exited.body)).toBe(200);
      expect(exited.body.demo).toBeNull();
      expect(exited.body.organisations.map((o: { name: string }) => o.name)).toEqual(['Cory Co']);
      expect((await agent.get('/api/websites')).body).toEqual([]);
      expect((await agent.post('/api/auth/demo/exit').send({})).status).toBe(400);
      // Members of the demo organisation are not offered a demo of their own organisation.
      const demoOwner = await signIn(t.url, OWNER);
      expect((await demoOwner.get('/api/auth/user')).body).toMatchObject({ demo: null, demoAvailable: false });
    });

    it('a platform admin in demo mode has no platform rights until they exit', async () => {
      const admin = await signIn(t.url, ADMIN);
      expect((await admin.get('/api/users')).status).toBe(200);
      await admin.post('/api/auth/demo/enter').send({});
      expect((await admin.get('/api/users')).status).toBe(403);
      expect((await admin.get('/api/auth/user')).body.platformAdmin).toBe(false);
      await admin.post('/api/auth/demo/exit').send({});
      expect((await admin.get('/api/users')).status).toBe(200);
    });

    it('takes a website off a member, but never off an owner or admin (the spec message)', async () => {
      const owner = await signIn(t.url, OWNER);
      const me = (await owner.get('/api/auth/user')).body;
      const [blog, shop] = me.websites;
      const members = (await owner.get('/api/members')).body as { id: string; email: string; version: number }[];
      // The fact checker holds no post in progress (the writer does: the spec keeps contributors).
      const writer = members.find((m) => m.email === 'checker@demo.example')!;
      const ownerMember = members.find((m) => m.email === OWNER.email)!;
      const given = await owner.put(`/api/members/${writer.id}`).send({ websiteIds: [blog.id, shop.id] });
      expect(given.body.websiteIds).toEqual([blog.id, shop.id]);
      expect(given.body.allowedActions).toContain('RemoveFromWebsite');

      const removed = await owner
        .post(`/api/members/${writer.id}/actions/RemoveFromWebsite`)
        .send({ websiteId: blog.id, expectedVersion: given.body.version });
      expectWith(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.websiteIds).toEqual([shop.id]);
      const again = await owner
        .post(`/api/members/${writer.id}/actions/RemoveFromWebsite`)
        .send({ websiteId: blog.id });
      expect(again.status).toBe(200);
      expect(again.body.version).toBe(removed.body.version);

      const refused = await owner
        .post(`/api/members/${ownerMember.id}/actions/RemoveFromWebsite`)
        .send({ websiteId: blog.id });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        'Admins cannot be removed from a website because they have access to all websites.',
      );
      const noSite = await owner.post(`/api/members/${writer.id}/actions/RemoveFromWebsite`).send({});
      expect(noSite.status).toBe(422);
      expect(noSite.body.errors.websiteId).toBe('Website is missing!');
      const editor = await signIn(t.url, EDITOR);
      expect(
        (await editor.post(`/api/members/${writer.id}/actions/RemoveFromWebsite`).send({ websiteId: shop.id })).status,
      ).toBe(403);
    });
  });
}
