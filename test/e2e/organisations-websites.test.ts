import { randomUUID } from 'node:crypto';
import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ADMIN,
  OWNER,
  WRITER,
  boot,
  listQuery,
  sessionCookie,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
} from './setups.js';

const WEBSITE_INVALID = 'Website must be a valid address (for example https://www.example.com)';
const DOMAIN_TAKEN = 'This website already has an account. Please contact its owner to be given access.';
const TIMEZONE_INVALID = 'Please choose a valid time zone (for example Europe/Berlin)';
const COUNTRY_INVALID = 'Country must be a two-letter code (for example DE)';

type Rec = Record<string, any>;

/** A fresh, unique host that never contains "demo" (the demo searches match on it). */
const host = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}.example`;

for (const setup of setups) {
  describe(`organisations and websites (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let admin: Agent;
    let ownerCookie: string;
    let orgA: string;
    let blog: Rec;
    let shop: Rec;
    /** An organisation of the platform admin (its owner), for cross-organisation checks. */
    let rivalOrg: Rec;
    let rivalSite: Rec;

    beforeAll(async () => {
      // A console served from another origin (Vite's dev server) is on the CORS allow-list.
      t = await boot(setup, { CORS_ORIGINS: 'http://localhost:5173' });
      owner = await signIn(t.url, OWNER);
      admin = await signIn(t.url, ADMIN);
      ownerCookie = sessionCookie(await request(t.url).post('/api/auth/login').send(OWNER));
      const me = await owner.get('/api/auth/user');
      orgA = me.body.organisations[0].id;
      const sites = await owner.get(`/api/websites?${listQuery({ filter: { q: 'demo' } })}`);
      blog = sites.body.find((w: Rec) => w.name === 'Demo Blog');
      shop = sites.body.find((w: Rec) => w.name === 'Demo Shop');
      expect(blog && shop).toBeTruthy();

      const org = await admin.post('/api/organisations').send({ name: 'Rival Media' });
      expectWith(org.status, JSON.stringify(org.body)).toBe(201);
      rivalOrg = org.body;
      const site = await admin
        .post('/api/websites')
        .send({ organisationId: rivalOrg.id, name: 'Rival Site', url: `https://${host('rival')}` });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      rivalSite = site.body;
    });
    afterAll(async () => t?.stop());

    const websitesTotal = async (agent: Agent, filter: Rec = {}) => {
      const res = await agent.get(`/api/websites?${listQuery({ filter })}`);
      expect(res.status).toBe(200);
      return totalOf(res);
    };

    const createSite = async (agent: Agent, fields: Rec = {}) => {
      const res = await agent
        .post('/api/websites')
        .send({ name: `E2E ${randomUUID().slice(0, 6)}`, url: `https://${host('site')}`, ...fields });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Rec;
    };

    describe('website lists (supertest)', () => {
      it('sorts and pages with sort=[field,order]&range=[start,end] and answers Content-Range', async () => {
        const first = await owner.get(
          `/api/websites?${listQuery({ sort: ['name', 'DESC'], range: [0, 0], filter: { q: 'demo' } })}`,
        );
        expect(first.status).toBe(200);
        expect(first.body.map((w: Rec) => w.name)).toEqual(['Demo Shop']);
        expect(first.headers['content-range']).toBe('websites 0-0/2');

        const second = await owner.get(
          `/api/websites?${listQuery({ sort: ['name', 'DESC'], range: [1, 1], filter: { q: 'demo' } })}`,
        );
        expect(second.body.map((w: Rec) => w.name)).toEqual(['Demo Blog']);
        expect(second.headers['content-range']).toBe('websites 1-1/2');

        const asc = await owner.get(
          `/api/websites?${listQuery({ sort: ['name', 'ASC'], range: [0, 9], filter: { q: 'demo' } })}`,
        );
        expect(asc.body.map((w: Rec) => w.name)).toEqual(['Demo Blog', 'Demo Shop']);
        expect(asc.headers['content-range']).toBe('websites 0-1/2');
      });

      it('exposes Content-Range to cross-origin clients and allows the simple-rest preflight', async () => {
        const list = await owner.get('/api/websites').set('Origin', 'http://localhost:5173');
        expect(list.headers['access-control-expose-headers']).toMatch(/Content-Range/i);
        const preflight = await request(t.url)
          .options('/api/websites/x')
          .set('Origin', 'http://localhost:5173')
          .set('Access-Control-Request-Method', 'PUT')
          .set('Access-Control-Request-Headers', 'range,content-type');
        expect(preflight.status).toBeLessThan(300);
        expect(preflight.headers['access-control-allow-methods']).toMatch(/PUT/);
        expect(preflight.headers['access-control-allow-methods']).toMatch(/DELETE/);
        expect(preflight.headers['access-control-allow-headers']).toMatch(/Range/i);
        expect(preflight.headers['access-control-allow-headers']).toMatch(/Content-Type/i);
        expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      });

      it('searches with filter q (case-insensitive, over name, domain and url; wildcards are literal)', async () => {
        const byName = await owner.get(`/api/websites?${listQuery({ filter: { q: 'BLOG' } })}`);
        expect(byName.body.map((w: Rec) => w.id)).toEqual([blog.id]);
        expect(byName.headers['content-range']).toBe('websites 0-0/1');

        const byDomain = await owner.get(`/api/websites?${listQuery({ filter: { q: 'shop.demo.example' } })}`);
        expect(byDomain.body.map((w: Rec) => w.id)).toEqual([shop.id]);

        for (const q of ['%', '_', '\\']) {
          const res = await owner.get(`/api/websites?${listQuery({ filter: { q } })}`);
          expectWith(res.status, q).toBe(200);
          expectWith(res.body, q).toEqual([]);
          expectWith(totalOf(res), q).toBe(0);
        }
      });

      it('answers the statuses of the status filter with their labels (GET /api/websites/options)', async () => {
        const options = await owner.get('/api/websites/options');
        expect(options.status).toBe(200);
        expect(options.body.statuses).toEqual([
          { id: 'active', name: 'Active' },
          { id: 'inactive', name: 'Inactive' },
          { id: 'refused', name: 'Refused' },
        ]);
        expect(options.body.categories).toEqual(['B2B', 'B2C', 'both']);
        expect(options.body.reviewTypes).toEqual(['internal', 'customer', 'none']);
        // The record's buttons (allowedActions says which a website offers); Update is the form's save.
        expect(options.body.actions).toEqual([
          { id: 'Deactivate', name: 'Deactivate' },
          { id: 'Activate', name: 'Activate' },
          { id: 'VerifyInstallation', name: 'Verify installation' },
        ]);
        // Not a website's id: the route stays in front of GET /api/websites/{id}, for signed-in users only.
        expect((await request(t.url).get('/api/websites/options')).status).toBe(401);
      });

      it('filters by status and organisationId', async () => {
        expect(await websitesTotal(owner, { q: 'demo', status: 'active' })).toBe(2);
        expect(await websitesTotal(owner, { q: 'demo', status: 'inactive' })).toBe(0);
        expect(await websitesTotal(owner, { q: 'demo', organisationId: orgA })).toBe(2);
        expect(await websitesTotal(owner, { organisationId: randomUUID() })).toBe(0);
        const rival = await admin.get(`/api/websites?${listQuery({ filter: { organisationId: rivalOrg.id } })}`);
        expect(rival.body.map((w: Rec) => w.id)).toEqual([rivalSite.id]);
      });

      it('fetches many by id with filter={"id":[...]}', async () => {
        const both = await owner.get(`/api/websites?${listQuery({ filter: { id: [blog.id, shop.id] } })}`);
        expect(both.status).toBe(200);
        expect(both.body.map((w: Rec) => w.id).sort()).toEqual([blog.id, shop.id].sort());
        expect(totalOf(both)).toBe(2);
        const one = await owner.get(`/api/websites?${listQuery({ filter: { id: [shop.id, randomUUID()] } })}`);
        expect(one.body.map((w: Rec) => w.id)).toEqual([shop.id]);
        const none = await owner.get(`/api/websites?${listQuery({ filter: { id: [] } })}`);
        expect(none.status).toBe(200);
        expect(none.body).toEqual([]);
        expect(totalOf(none)).toBe(0);
      });

      it("accepts the spec's page/limit/sort/sortDirection/search", async () => {
        const page1 = await owner.get('/api/websites?page=1&limit=1&sort=name&sortDirection=DESC&search=Demo');
        expect(page1.status).toBe(200);
        expect(page1.body.map((w: Rec) => w.name)).toEqual(['Demo Shop']);
        expect(page1.headers['content-range']).toBe('websites 0-0/2');
        const page2 = await owner.get('/api/websites?page=2&limit=1&sort=name&sortDirection=DESC&search=Demo');
        expect(page2.body.map((w: Rec) => w.name)).toEqual(['Demo Blog']);
        expect(page2.headers['content-range']).toBe('websites 1-1/2');
        const lower = await owner.get('/api/websites?sort=name&sortDirection=desc&search=demo');
        expect(lower.body.map((w: Rec) => w.name)).toEqual(['Demo Shop', 'Demo Blog']);
        const today = new Date().toISOString().slice(0, 10);
        const dated = await owner.get(`/api/websites?search=demo&from=${today}&to=${today}`);
        expect(dated.status).toBe(200);
        expect(totalOf(dated)).toBe(2);
        const past = await owner.get('/api/websites?search=demo&from=2000-01-01&to=2000-01-31');
        expect(totalOf(past)).toBe(0);
      });

      it('refuses malformed list parameters with 400 and a message (never 500)', async () => {
        const bad = [
          `sort=${encodeURIComponent('["record","ASC"]')}`,
          `sort=${encodeURIComponent('["name","SIDEWAYS"]')}`,
          'sort=name&sortDirection=DESC%3B%20DROP%20TABLE%20rm_websites',
          `range=${encodeURIComponent('[5,1]')}`,
          'range=not-json',
          `filter=${encodeURIComponent('[1,2]')}`,
          `filter=${encodeURIComponent('{"nope":1}')}`,
          `filter=${encodeURIComponent('{"name":{"$ne":1}}')}`,
          `filter=${encodeURIComponent('{"q":5}')}`,
          'page=0',
          'limit=-1',
          'page=abc',
          'from=2024-13-45',
          'to=yesterday',
          `search=${'x'.repeat(201)}`,
          'filter=a&filter=b',
        ];
        for (const query of bad) {
          const res = await owner.get(`/api/websites?${query}`);
          expectWith(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
          expectWith(res.body.message, query).toEqual(expect.any(String));
        }
        expect(await websitesTotal(owner, { q: 'demo' })).toBe(2);
      });

      it('answers one website with GET /api/websites/{id}; 404 for an unknown id, 400 for an impossible one', async () => {
        const one = await owner.get(`/api/websites/${blog.id}`);
        expect(one.status).toBe(200);
        expect(one.body).toEqual(
          expect.objectContaining({
            id: blog.id,
            name: 'Demo Blog',
            url: 'https://blog.demo.example',
            domain: 'blog.demo.example',
            organisationId: orgA,
            status: 'active',
            version: expect.any(Number),
            key: expect.stringMatching(/^pk_[0-9a-f]{24}$/),
            allowedActions: ['Update', 'Deactivate', 'VerifyInstallation'],
          }),
        );
        const unknown = await owner.get(`/api/websites/${randomUUID()}`);
        expect(unknown.status).toBe(404);
        expect(unknown.body.message).toBe('Website not found');
        const impossible = await owner.get(`/api/websites/${encodeURIComponent("1' OR '1'='1")}`);
        expect(impossible.status).toBe(400);
      });
    });

    describe('website create, update and actions (supertest)', () => {
      it('creates a website: answers the record with id, status active, version, key and allowedActions', async () => {
        const before = await websitesTotal(owner, { organisationId: orgA });
        const domain = host('create');
        const res = await owner.post('/api/websites').send({ name: 'E2E Create', url: `https://www.${domain}/start` });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        const site = res.body;
        expect(site).toEqual(
          expect.objectContaining({
            id: expect.stringMatching(/^[0-9a-f-]{36}$/),
            name: 'E2E Create',
            url: `https://www.${domain}/start`,
            domain,
            organisationId: orgA,
            status: 'active',
            version: expect.any(Number),
            key: expect.stringMatching(/^pk_[0-9a-f]{24}$/),
            allowedActions: ['Update', 'Deactivate', 'VerifyInstallation'],
            defaultLocale: 'en',
            locales: [{ locale: 'en', urlPrefix: '' }],
            timezone: 'UTC',
            currency: 'EUR',
            factCheckLevels: 1,
            fourEyes: true,
            secondEdit: false,
            regulated: false,
          }),
        );
        expect(site.key).not.toBe(blog.key);
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body).toEqual(site);
        expect(await websitesTotal(owner, { organisationId: orgA })).toBe(before + 1);
        const me = await owner.get('/api/auth/user');
        expect(me.body.websites).toContainEqual({ id: site.id, name: 'E2E Create', organisationId: orgA });
      });

      it('derives regulated from a regulated industry unless given', async () => {
        const health = await createSite(owner, { industry: 'health_care' });
        expect(health.regulated).toBe(true);
        const explicit = await createSite(owner, { industry: 'health_care', regulated: false });
        expect(explicit.regulated).toBe(false);
      });

      it('updates with PUT of the whole record: read-only fields are ignored, version is the expected version', async () => {
        const site = await createSite(owner);
        const res = await owner.put(`/api/websites/${site.id}`).send({
          ...site,
          name: 'E2E Renamed',
          factCheckLevels: 3,
          // read-only fields with other values: ignored, not refused
          status: 'inactive',
          key: 'pk_forged',
          organisationId: rivalOrg.id,
          createdAt: '2000-01-01T00:00:00.000Z',
          allowedActions: ['Everything'],
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual(
          expect.objectContaining({
            id: site.id,
            name: 'E2E Renamed',
            factCheckLevels: 3,
            status: 'active',
            key: site.key,
            organisationId: orgA,
            createdAt: site.createdAt,
            version: site.version + 1,
            allowedActions: ['Update', 'Deactivate', 'VerifyInstallation'],
          }),
        );
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body).toEqual(res.body);
      });

      it('refuses a PUT with a stale version with 409 and changes nothing', async () => {
        const site = await createSite(owner);
        const fresh = await owner.put(`/api/websites/${site.id}`).send({ ...site, name: 'E2E First' });
        expect(fresh.status).toBe(200);
        const stale = await owner.put(`/api/websites/${site.id}`).send({ ...site, name: 'E2E Second' });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toMatch(/changed by someone else/);
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body.name).toBe('E2E First');
        expect(read.body.version).toBe(fresh.body.version);
      });

      it('answers the unchanged record for a PUT that changes nothing (version kept)', async () => {
        const site = await createSite(owner);
        const res = await owner.put(`/api/websites/${site.id}`).send(site);
        expect(res.status).toBe(200);
        expect(res.body).toEqual(site);
      });

      it('derives the domain from a new url when the domain field is emptied (console: "Leave empty to derive it from the URL")', async () => {
        const site = await createSite(owner);
        const next = host('derived');
        const res = await owner.put(`/api/websites/${site.id}`).send({ ...site, url: `https://${next}`, domain: '' });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.url).toBe(`https://${next}`);
        expect(res.body.domain).toBe(next);
      });

      it('moves the domain claim when the url and domain change: the old domain is free, the new one taken', async () => {
        const oldDomain = host('move-old');
        const newDomain = host('move-new');
        const site = await createSite(owner, { url: `https://${oldDomain}` });
        const moved = await owner
          .put(`/api/websites/${site.id}`)
          .send({ ...site, url: `https://${newDomain}`, domain: newDomain });
        expectWith(moved.status, JSON.stringify(moved.body)).toBe(200);
        expect(moved.body.domain).toBe(newDomain);
        const reuse = await owner.post('/api/websites').send({ name: 'E2E Reuse', url: `https://${oldDomain}` });
        expectWith(reuse.status, JSON.stringify(reuse.body)).toBe(201);
        const taken = await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'E2E Taken', url: `https://${newDomain}` });
        expect(taken.status).toBe(409);
        expect(taken.body.message).toBe(DOMAIN_TAKEN);
      });

      it('counts a website whose tracker has sent events as installed, without a Verify', async () => {
        const site = await createSite(owner);
        expect((site.installation as { verified: boolean }).verified).toBe(false);
        const sent = await request(t.url)
          .post('/api/public/collect')
          .set('Content-Type', 'text/plain')
          .send(
            JSON.stringify({
              siteKey: site.key,
              events: [
                {
                  id: randomUUID(),
                  name: 'page_view',
                  distinctId: 'installed-visitor',
                  time: new Date().toISOString(),
                  url: `${site.url as string}/`,
                },
              ],
            }),
          );
        expectWith(sent.status, JSON.stringify(sent.body)).toBe(200);
        expect(sent.body.accepted).toBe(1);
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body.installation).toMatchObject({ verified: true, byEvents: true });
      });

      it('Deactivate and Activate change the status; Activate on an active site is 422; an unknown action is 422', async () => {
        const site = await createSite(owner);
        const off = await owner
          .post(`/api/websites/${site.id}/actions/Deactivate`)
          .send({ expectedVersion: site.version });
        expectWith(off.status, JSON.stringify(off.body)).toBe(200);
        expect(off.body.status).toBe('inactive');
        expect(off.body.version).toBe(site.version + 1);
        expect(off.body.allowedActions).toEqual(['Update', 'Activate', 'VerifyInstallation']);
        const inactive = await owner.get(
          `/api/websites?${listQuery({ filter: { status: 'inactive', id: [site.id] } })}`,
        );
        expect(inactive.body.map((w: Rec) => w.id)).toEqual([site.id]);

        const again = await owner.post(`/api/websites/${site.id}/actions/Deactivate`).send({});
        expect(again.status).toBe(422);

        const on = await owner.post(`/api/websites/${site.id}/actions/Activate`).send({});
        expect(on.status).toBe(200);
        expect(on.body.status).toBe('active');
        expect(on.body.allowedActions).toEqual(['Update', 'Deactivate', 'VerifyInstallation']);

        const twice = await owner.post(`/api/websites/${site.id}/actions/Activate`).send({});
        expect(twice.status).toBe(422);
        expect(twice.body.message).toBe('Activate is not allowed while the website is active');

        const unknown = await owner.post(`/api/websites/${site.id}/actions/Explode`).send({});
        expect(unknown.status).toBe(422);
        expect(unknown.body.message).toBe('Action Explode is not supported for a website');

        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body.status).toBe('active');
        expect(read.body.version).toBe(on.body.version);
      });

      it('refuses an action with a stale expectedVersion with 409 (status unchanged), and a malformed one with 400', async () => {
        const site = await createSite(owner);
        const stale = await owner
          .post(`/api/websites/${site.id}/actions/Deactivate`)
          .send({ expectedVersion: site.version + 5 });
        expect(stale.status).toBe(409);
        const malformed = await owner
          .post(`/api/websites/${site.id}/actions/Deactivate`)
          .send({ expectedVersion: 'latest' });
        expect(malformed.status).toBe(400);
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body.status).toBe('active');
        expect(read.body.version).toBe(site.version);
      });

      it('answers 404 for an action or PUT on an unknown website', async () => {
        const id = randomUUID();
        expect((await owner.post(`/api/websites/${id}/actions/Deactivate`).send({})).status).toBe(404);
        expect((await owner.put(`/api/websites/${id}`).send({ name: 'Ghost' })).status).toBe(404);
      });
    });

    describe('website validation', () => {
      const post = (body: unknown) => owner.post('/api/websites').send(body as object);

      it('missing name -> 422 errors.name "Name is missing!"', async () => {
        const res = await post({ url: `https://${host('v')}` });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({ name: 'Name is missing!' });
        expect(res.body.message).toBe('Name is missing!');
      });

      it('empty or blank name -> "Name cannot be empty"', async () => {
        for (const name of ['', '   ']) {
          const res = await post({ name, url: `https://${host('v')}` });
          expect(res.status).toBe(422);
          expect(res.body.errors.name).toBe('Name cannot be empty');
        }
      });

      it('invalid or missing url -> the WEBSITE_INVALID message / "URL is missing!"', async () => {
        for (const url of ['not a url', 'ftp://files.example', 'https://localhost', 'javascript:alert(1)']) {
          const res = await post({ name: 'E2E Bad URL', url });
          expectWith(res.status, url).toBe(422);
          expectWith(res.body.errors.url, url).toBe(WEBSITE_INVALID);
        }
        const missing = await post({ name: 'E2E No URL' });
        expect(missing.status).toBe(422);
        expect(missing.body.errors.url).toBe('URL is missing!');
      });

      it('a 5000-character name -> the maximum-length message', async () => {
        const res = await post({ name: 'x'.repeat(5000), url: `https://${host('v')}` });
        expect(res.status).toBe(422);
        expect(res.body.errors.name).toBe('The maximum length is 200 characters');
      });

      it('wrong types -> 422 with a message per field, never 500', async () => {
        const res = await post({ name: 42, url: `https://${host('v')}`, factCheckLevels: 9, fourEyes: 'yes' });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({
          name: 'Name must be text',
          factCheckLevels: 'Fact-check levels must be a number from 0 to 4',
          fourEyes: 'Four-eyes rule must be true or false',
        });
        const more = await post({
          name: 'E2E Types',
          url: ['https://x.example'],
          locales: 'en',
          currency: 'XXX',
          siteBuilder: 'yes',
          factCheckLevels: 1.5,
        });
        expect(more.status).toBe(422);
        expect(Object.keys(more.body.errors).sort()).toEqual([
          'currency',
          'factCheckLevels',
          'locales',
          'siteBuilder',
          'url',
        ]);
      });

      it('refuses a body that is not a JSON object or not JSON, and one over 1 MB (4xx, never 500)', async () => {
        const notJson = await owner.post('/api/websites').set('Content-Type', 'application/json').send('{"name":');
        expect(notJson.status).toBe(400);
        expect(notJson.body.message).toBe('The request body is not valid JSON');
        const array = await owner.post('/api/websites').set('Content-Type', 'application/json').send('[1,2]');
        expect(array.status).toBe(400);
        const text = await owner.post('/api/websites').set('Content-Type', 'text/plain').send('name=x');
        expect(text.status).toBe(400);
        const huge = await owner
          .post('/api/websites')
          .send({ name: 'E2E Huge', url: `https://${host('v')}`, customHeadCode: 'x'.repeat(1_100_000) });
        expect(huge.status).toBe(413);
        expect(huge.body.message).toBe('The request body is too large');
      });

      it('PUT validates the same way and changes nothing', async () => {
        const site = await createSite(owner);
        const res = await owner
          .put(`/api/websites/${site.id}`)
          .send({ ...site, name: 42, factCheckLevels: 9, fourEyes: 'yes', url: 'nope' });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual(
          expect.objectContaining({
            name: 'Name must be text',
            factCheckLevels: 'Fact-check levels must be a number from 0 to 4',
            fourEyes: 'Four-eyes rule must be true or false',
            url: WEBSITE_INVALID,
          }),
        );
        const blank = await owner.put(`/api/websites/${site.id}`).send({ ...site, name: ' ' });
        expect(blank.body.errors.name).toBe('Name cannot be empty');
        const read = await owner.get(`/api/websites/${site.id}`);
        expect(read.body).toEqual(site);
      });

      it('nothing changes after the refused requests (list totals unchanged)', async () => {
        const before = await websitesTotal(owner);
        const rivalBefore = await websitesTotal(admin, { organisationId: rivalOrg.id });
        await post({ url: `https://${host('v')}` });
        await post({ name: '', url: `https://${host('v')}` });
        await post({ name: 'E2E', url: 'nope' });
        await post({ name: 42, url: `https://${host('v')}` });
        await post({ name: 'E2E Dup', url: 'https://blog.demo.example' });
        await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'E2E Dup', url: 'https://shop.demo.example' });
        expect(await websitesTotal(owner)).toBe(before);
        expect(await websitesTotal(admin, { organisationId: rivalOrg.id })).toBe(rivalBefore);
      });
    });

    describe('analytics settings (seed 001 "Analytics entities")', () => {
      const NONE = {
        trackingDomains: [],
        googleAnalyticsId: null,
        facebookPixelId: null,
        tagManagerId: null,
        segmentWriteKey: null,
        hubspotCtaClickEventId: null,
        controlGroupPct: 0,
      };

      it('a new website has none: no tracking domains, no ids, a control group of 0%', async () => {
        const site = await createSite(owner);
        expect(site.analytics).toEqual(NONE);
        expect((await owner.get(`/api/websites/${site.id}`)).body.analytics).toEqual(NONE);
      });

      it("PUT sets them; tracking domains come as the form's text, one per line, and are kept as domains", async () => {
        const site = await createSite(owner);
        const res = await owner.put(`/api/websites/${site.id}`).send({
          ...site,
          analytics: {
            trackingDomains: 'Shop.Example.org\r\nhttps://www.checkout.example.net/cart\n\nshop.example.org',
            googleAnalyticsId: 'G-1A2B3C4D5E',
            facebookPixelId: '123456789012345',
            tagManagerId: 'GTM-AB12CD3',
            segmentWriteKey: 'abcDEF1234567890abcDEF1234567890',
            hubspotCtaClickEventId: 'pe1234567_cta_clicked',
            controlGroupPct: 10,
          },
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        const expected = {
          trackingDomains: ['shop.example.org', 'checkout.example.net'],
          googleAnalyticsId: 'G-1A2B3C4D5E',
          facebookPixelId: '123456789012345',
          tagManagerId: 'GTM-AB12CD3',
          segmentWriteKey: 'abcDEF1234567890abcDEF1234567890',
          hubspotCtaClickEventId: 'pe1234567_cta_clicked',
          controlGroupPct: 10,
        };
        expect(res.body.analytics).toEqual(expected);
        expect((await owner.get(`/api/websites/${site.id}`)).body.analytics).toEqual(expected);

        // A PUT naming only the control group keeps the rest; an emptied id is none.
        const partial = await owner
          .put(`/api/websites/${site.id}`)
          .send({ analytics: { controlGroupPct: 25, googleAnalyticsId: '' } });
        expectWith(partial.status, JSON.stringify(partial.body)).toBe(200);
        expect(partial.body.analytics).toEqual({ ...expected, controlGroupPct: 25, googleAnalyticsId: null });
        const history = await owner.get(`/api/websites/${site.id}/history`);
        const changes = history.body
          .filter((e: Rec) => e.type === 'WebsiteSettingsChanged')
          .map((e: Rec) => e.data.analytics?.controlGroupPct);
        expect(changes).toEqual([10, 25]);
      });

      it('refuses wrong values with a message per field, and changes nothing', async () => {
        const site = await createSite(owner);
        const res = await owner.put(`/api/websites/${site.id}`).send({
          analytics: {
            trackingDomains: 'shop.example.org\nnot a domain',
            googleAnalyticsId: 'GA-nope',
            facebookPixelId: 'pixel',
            tagManagerId: 'GTM',
            segmentWriteKey: 'short',
            hubspotCtaClickEventId: 'a b',
            controlGroupPct: 101,
          },
        });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({
          'analytics.trackingDomains.1': 'Please enter one valid domain per line (for example shop.example.com)',
          'analytics.googleAnalyticsId': 'Please enter a valid Google Analytics id (for example G-1A2B3C4D5E)',
          'analytics.facebookPixelId': 'Please enter a valid Facebook pixel id (for example 123456789012345)',
          'analytics.tagManagerId': 'Please enter a valid Tag Manager id (for example GTM-AB12CD3)',
          'analytics.segmentWriteKey':
            'Please enter a valid Segment write key (for example a 32-letter key from Segment)',
          'analytics.hubspotCtaClickEventId':
            'Please enter a valid HubSpot CTA click event id (for example pe1234567_cta_clicked)',
          'analytics.controlGroupPct': 'Control group size must be a whole percentage from 0 to 100',
        });
        for (const pct of [-1, 2.5, '10', null]) {
          const one = await owner.put(`/api/websites/${site.id}`).send({ analytics: { controlGroupPct: pct } });
          expect([one.status, one.body.errors]).toEqual([
            422,
            { 'analytics.controlGroupPct': 'Control group size must be a whole percentage from 0 to 100' },
          ]);
        }
        const wrong = await owner.put(`/api/websites/${site.id}`).send({ analytics: 'on' });
        expect(wrong.status).toBe(422);
        expect((await owner.get(`/api/websites/${site.id}`)).body).toEqual(site);
      });

      it('the public endpoints serve the control group size, and answer CORS to a tracking domain', async () => {
        const site = await createSite(owner);
        const put = await owner
          .put(`/api/websites/${site.id}`)
          .send({ analytics: { controlGroupPct: 30, trackingDomains: ['shop.example.org'] } });
        expectWith(put.status, JSON.stringify(put.body)).toBe(200);
        const page = encodeURIComponent(`${site.url}/pricing`);
        const fromSubdomain = await request(t.url)
          .get(`/api/public/sites/${site.key}/placements?url=${page}`)
          .set('Origin', 'https://www.shop.example.org');
        expectWith(fromSubdomain.status, JSON.stringify(fromSubdomain.body)).toBe(200);
        expect(fromSubdomain.body.controlGroupPct).toBe(30);
        expect(fromSubdomain.headers['access-control-allow-origin']).toBe('https://www.shop.example.org');
        const elsewhere = await request(t.url)
          .get(`/api/public/sites/${site.key}/placements?url=${page}`)
          .set('Origin', 'https://shop.example.com');
        expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
      });
    });

    describe('one website per domain across organisations', () => {
      it("refuses another organisation's domain with 409 and the spec's message", async () => {
        const before = await websitesTotal(admin, { organisationId: rivalOrg.id });
        const res = await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'Copy Blog', url: 'https://blog.demo.example' });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(DOMAIN_TAKEN);
        expect(res.body.errors).toEqual({ url: DOMAIN_TAKEN });
        expect(await websitesTotal(admin, { organisationId: rivalOrg.id })).toBe(before);

        const back = await owner.post('/api/websites').send({ name: 'Copy Rival', url: rivalSite.url });
        expect(back.status).toBe(409);
        expect(back.body.message).toBe(DOMAIN_TAKEN);
      });

      it('compares domains without letter case, path or www.', async () => {
        for (const url of [
          'https://BLOG.DEMO.EXAMPLE/some/path',
          'http://www.blog.demo.example',
          'https://blog.demo.example:8443/',
        ]) {
          const res = await admin.post('/api/websites').send({ organisationId: rivalOrg.id, name: 'Copy Blog', url });
          expectWith(res.status, url).toBe(409);
        }
      });

      it('refuses a taken domain given explicitly with www.', async () => {
        const res = await admin.post('/api/websites').send({
          organisationId: rivalOrg.id,
          name: 'Copy Blog',
          url: 'https://www.blog.demo.example/',
          domain: 'www.blog.demo.example',
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.message).toBe(DOMAIN_TAKEN);
      });

      it("refuses a taken site's url even with another explicit domain (the domain must be the url's)", async () => {
        const before = await admin.get('/api/websites');
        const res = await admin.post('/api/websites').send({
          organisationId: rivalOrg.id,
          name: 'Copy Blog',
          url: 'https://blog.demo.example',
          domain: host('elsewhere'),
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.errors.domain).toBe('The domain must be the domain of the website URL (blog.demo.example)');
        const after = await admin.get('/api/websites');
        expect(after.headers['content-range']).toBe(before.headers['content-range']);
      });

      it('refuses a PUT moving a website to a taken domain and keeps its own claim', async () => {
        const site = await createSite(owner);
        const res = await owner
          .put(`/api/websites/${site.id}`)
          .send({ ...site, url: 'https://shop.demo.example', domain: 'shop.demo.example' });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(DOMAIN_TAKEN);
        // The move was recorded and sent back by the website-domains process: the address is the old one.
        const after = (await owner.get(`/api/websites/${site.id}`)).body;
        expect({ url: after.url, domain: after.domain, status: after.status }).toEqual({
          url: site.url,
          domain: site.domain,
          status: 'active',
        });
        const steal = await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'E2E Steal', url: site.url });
        expect(steal.status).toBe(409);
        // The shop keeps its domain.
        const shop = await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'E2E Shop', url: 'https://shop.demo.example' });
        expect(shop.status).toBe(409);
      });

      it('a website refused for its domain is not listed', async () => {
        const before = await websitesTotal(admin, { organisationId: rivalOrg.id });
        const res = await admin
          .post('/api/websites')
          .send({ organisationId: rivalOrg.id, name: 'E2E Refused', url: 'https://blog.demo.example/x' });
        expect(res.status).toBe(409);
        expect(await websitesTotal(admin, { organisationId: rivalOrg.id })).toBe(before);
        const names = (
          (await admin.get(`/api/websites?${listQuery({ filter: { organisationId: rivalOrg.id }, range: [0, 99] })}`))
            .body as Rec[]
        ).map((w) => w.name);
        expect(names).not.toContain('E2E Refused');
      });
    });

    describe('organisations', () => {
      let writer: Agent;
      let writerOrg: Rec;

      it('lists the organisations the user belongs to, with Content-Range', async () => {
        const res = await owner.get(`/api/organisations?${listQuery({ sort: ['name', 'ASC'], range: [0, 24] })}`);
        expect(res.status).toBe(200);
        expect(res.body.map((o: Rec) => o.name)).toEqual(['Demo Publishing']);
        expect(res.headers['content-range']).toBe('organisations 0-0/1');
        expect(res.body[0]).toEqual(
          expect.objectContaining({
            id: orgA,
            status: 'active',
            role: 'owner',
            version: expect.any(Number),
            country: 'DE',
            timezone: 'Europe/Berlin',
          }),
        );
        expect(res.body[0].allowedActions).toContain('Update');
      });

      it('creates an organisation: the creator becomes its owner (GET /api/auth/user)', async () => {
        writer = await signIn(t.url, WRITER);
        const before = await writer.get('/api/auth/user');
        expect(before.body.organisations).toEqual([expect.objectContaining({ id: orgA, role: 'member' })]);

        const res = await writer.post('/api/organisations').send({
          name: 'Writer Works',
          country: 'fr',
          timezone: 'Europe/Paris',
          locales: ['fr', 'en'],
          website: 'https://writer-works.example',
        });
        expectWith(res.status, JSON.stringify(res.body)).toBe(201);
        writerOrg = res.body;
        expect(writerOrg).toEqual(
          expect.objectContaining({
            id: expect.any(String),
            name: 'Writer Works',
            country: 'FR',
            timezone: 'Europe/Paris',
            locales: ['fr', 'en'],
            website: 'https://writer-works.example',
            createdBy: before.body.id,
            role: 'owner',
            status: 'active',
            version: expect.any(Number),
          }),
        );
        expect(writerOrg.allowedActions).toContain('Update');

        const after = await writer.get('/api/auth/user');
        expect(after.body.organisations).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ id: writerOrg.id, name: 'Writer Works', role: 'owner' }),
            expect.objectContaining({ id: orgA, role: 'member' }),
          ]),
        );
        expect(after.body.organisations).toHaveLength(2);
        const list = await writer.get('/api/organisations');
        expect(totalOf(list)).toBe(2);
        // Not visible to another organisation's owner.
        const ownerList = await owner.get('/api/organisations');
        expect(ownerList.body.map((o: Rec) => o.id)).not.toContain(writerOrg.id);
      });

      it('a member of several organisations must name the organisation of a new website', async () => {
        const missing = await writer
          .post('/api/websites')
          .send({ name: 'Writer Site', url: `https://${host('writer')}` });
        expect(missing.status).toBe(422);
        expect(missing.body.errors).toEqual({ organisationId: 'Organisation is missing!' });
        const ok = await writer
          .post('/api/websites')
          .send({ organisationId: writerOrg.id, name: 'Writer Site', url: `https://${host('writer')}` });
        expectWith(ok.status, JSON.stringify(ok.body)).toBe(201);
        expect(ok.body.organisationId).toBe(writerOrg.id);
        expect(ok.body.allowedActions).toEqual(['Update', 'Deactivate', 'VerifyInstallation']);
      });

      it('updates an organisation with PUT of the whole record; a stale version is 409', async () => {
        const res = await writer
          .put(`/api/organisations/${writerOrg.id}`)
          .send({ ...writerOrg, name: 'Writer Works GmbH', country: 'de', role: 'platform_admin' });
        expectWith(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual(
          expect.objectContaining({
            id: writerOrg.id,
            name: 'Writer Works GmbH',
            country: 'DE',
            role: 'owner',
            version: writerOrg.version + 1,
            createdBy: writerOrg.createdBy,
          }),
        );
        const stale = await writer
          .put(`/api/organisations/${writerOrg.id}`)
          .send({ ...writerOrg, name: 'Stale Works' });
        expect(stale.status).toBe(409);
        const read = await writer.get(`/api/organisations/${writerOrg.id}`);
        expect(read.body.name).toBe('Writer Works GmbH');
        const me = await writer.get('/api/auth/user');
        expect(me.body.organisations).toContainEqual(
          expect.objectContaining({ id: writerOrg.id, name: 'Writer Works GmbH' }),
        );
        writerOrg = read.body;
      });

      it('refuses an invalid time zone or country with their messages, on create and update, changing nothing', async () => {
        const before = totalOf(await writer.get('/api/organisations'));
        const tz = await writer.post('/api/organisations').send({ name: 'Bad TZ', timezone: 'Mars/Olympus_Mons' });
        expect(tz.status).toBe(422);
        expect(tz.body.errors).toEqual({ timezone: TIMEZONE_INVALID });
        const country = await writer.post('/api/organisations').send({ name: 'Bad Country', country: 'Germany' });
        expect(country.status).toBe(422);
        expect(country.body.errors).toEqual({ country: COUNTRY_INVALID });
        const noName = await writer.post('/api/organisations').send({ country: 'DE' });
        expect(noName.status).toBe(422);
        expect(noName.body.errors).toEqual({ name: 'Name is missing!' });
        const badSite = await writer.post('/api/organisations').send({ name: 'Bad Site', website: 'not a site' });
        expect(badSite.body.errors).toEqual({ website: WEBSITE_INVALID });
        expect(totalOf(await writer.get('/api/organisations'))).toBe(before);

        const upd = await writer
          .put(`/api/organisations/${writerOrg.id}`)
          .send({ ...writerOrg, timezone: 'Europe/Atlantis', country: 'XYZ' });
        expect(upd.status).toBe(422);
        expect(upd.body.errors).toEqual({ timezone: TIMEZONE_INVALID, country: COUNTRY_INVALID });
        const read = await writer.get(`/api/organisations/${writerOrg.id}`);
        expect(read.body).toEqual(writerOrg);
      });

      it('a member may not update the organisation (403)', async () => {
        const org = (await writer.get(`/api/organisations/${orgA}`)).body;
        expect(org.role).toBe('member');
        expect(org.allowedActions).not.toContain('Update');
        const res = await writer.put(`/api/organisations/${orgA}`).send({ ...org, name: 'Hijacked' });
        expect(res.status).toBe(403);
        expect((await owner.get(`/api/organisations/${orgA}`)).body.name).toBe('Demo Publishing');
      });
    });

    describe('react-admin data provider (ra-data-simple-rest + fetchUtils.fetchJson)', () => {
      let dp: DataProvider;
      beforeAll(() => {
        const httpClient = (url: string, options: fetchUtils.Options = {}) => {
          const headers = new Headers(
            (options.headers as ConstructorParameters<typeof Headers>[0]) ?? { Accept: 'application/json' },
          );
          headers.set('Cookie', ownerCookie);
          headers.set('Origin', t.url);
          return fetchUtils.fetchJson(url, { ...options, headers });
        };
        dp = simpleRestProvider(`${t.url}/api`, httpClient);
      });

      it('getList: sort, pagination, q/status/organisationId filters and the total from Content-Range', async () => {
        const page = await dp.getList('websites', {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'name', order: 'DESC' },
          filter: { q: 'demo' },
        });
        expect(page.data.map((w) => w.name)).toEqual(['Demo Shop']);
        expect(page.total).toBe(2);
        const page2 = await dp.getList('websites', {
          pagination: { page: 2, perPage: 1 },
          sort: { field: 'name', order: 'DESC' },
          filter: { q: 'demo' },
        });
        expect(page2.data.map((w) => w.name)).toEqual(['Demo Blog']);
        const filtered = await dp.getList('websites', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'createdAt', order: 'ASC' },
          filter: { q: 'demo', status: 'active', organisationId: orgA },
        });
        expect(filtered.total).toBe(2);
        const none = await dp.getList('websites', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'id', order: 'ASC' },
          filter: { status: 'archived' },
        });
        expect(none.total).toBe(0);
        expect(none.data).toEqual([]);
        const orgs = await dp.getList('organisations', {
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'name', order: 'ASC' },
          filter: {},
        });
        expect(orgs.data.map((o) => o.id)).toEqual([orgA]);
        expect(orgs.total).toBe(1);
      });

      it('getMany and getManyReference', async () => {
        const many = await dp.getMany('websites', { ids: [blog.id, shop.id, rivalSite.id] });
        expect(many.data.map((w) => w.id).sort()).toEqual([blog.id, shop.id].sort());
        const ref = await dp.getManyReference('websites', {
          target: 'organisationId',
          id: orgA,
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'name', order: 'ASC' },
          filter: { q: 'demo' },
        });
        expect(ref.total).toBe(2);
        expect(ref.data.map((w) => w.name)).toEqual(['Demo Blog', 'Demo Shop']);
      });

      it('getOne', async () => {
        const { data } = await dp.getOne('websites', { id: shop.id });
        expect(data).toEqual(
          expect.objectContaining({ id: shop.id, name: 'Demo Shop', status: 'active', organisationId: orgA }),
        );
        await expect(dp.getOne('websites', { id: rivalSite.id })).rejects.toMatchObject({ status: 404 });
      });

      it('create, then update with the whole record (read-only fields ignored), then a stale update is 409', async () => {
        const { data: created } = await dp.create('websites', {
          data: { name: 'E2E RA Create', url: `https://${host('ra')}` },
        });
        expect(created).toEqual(
          expect.objectContaining({
            id: expect.any(String),
            status: 'active',
            key: expect.stringMatching(/^pk_/),
            allowedActions: ['Update', 'Deactivate', 'VerifyInstallation'],
          }),
        );

        const { data: updated } = await dp.update('websites', {
          id: created.id,
          data: { ...created, name: 'E2E RA Updated', secondEdit: true, status: 'inactive', key: 'pk_nope' },
          previousData: created,
        });
        expect(updated).toEqual(
          expect.objectContaining({
            id: created.id,
            name: 'E2E RA Updated',
            secondEdit: true,
            status: 'active',
            key: created.key,
            version: created.version + 1,
          }),
        );

        const stale = dp.update('websites', {
          id: created.id,
          data: { ...created, name: 'E2E RA Stale' },
          previousData: created,
        });
        await expect(stale).rejects.toMatchObject({
          status: 409,
          body: expect.objectContaining({ statusCode: 409, message: expect.stringMatching(/changed by someone else/) }),
        });
        const { data: read } = await dp.getOne('websites', { id: created.id });
        expect(read.name).toBe('E2E RA Updated');
      });

      it('create and update errors carry body.errors for the form inputs', async () => {
        await expect(dp.create('websites', { data: { url: `https://${host('ra')}` } })).rejects.toMatchObject({
          status: 422,
          message: 'Name is missing!',
          body: expect.objectContaining({ errors: { name: 'Name is missing!' } }),
        });
        await expect(
          dp.create('websites', { data: { name: 'E2E RA Dup', url: 'https://blog.demo.example' } }),
        ).rejects.toMatchObject({
          status: 409,
          message: DOMAIN_TAKEN,
        });
        const { data: org } = await dp.getOne('organisations', { id: orgA });
        await expect(
          dp.update('organisations', { id: orgA, data: { ...org, timezone: 'Nowhere/City' }, previousData: org }),
        ).rejects.toMatchObject({
          status: 422,
          body: expect.objectContaining({ errors: { timezone: TIMEZONE_INVALID } }),
        });
      });

      it('updates an organisation with the whole record', async () => {
        const { data: org } = await dp.getOne('organisations', { id: orgA });
        const { data: updated } = await dp.update('organisations', {
          id: orgA,
          data: { ...org, locales: ['en', 'de', 'fr'] },
          previousData: org,
        });
        expect(updated).toEqual(
          expect.objectContaining({
            id: orgA,
            name: 'Demo Publishing',
            locales: ['en', 'de', 'fr'],
            version: org.version + 1,
            role: 'owner',
          }),
        );
      });
    });
  });
}
