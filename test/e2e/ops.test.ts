import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { catalog } from '../../apps/api/src/catalog.js';
import { ADMIN, OWNER, boot, listQuery, setups, signIn, totalOf, until, type Agent, type Booted } from './setups.js';

type Rec = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Every projection and process manager of the product's catalog (each must show in health, metrics and the admin list). */
const PROJECTIONS = [...catalog.projections.map((p) => p.name), ...(catalog.processes ?? []).map((p) => p.name)];

for (const setup of setups) {
  describe(`ops (${setup.name})`, () => {
    let t: Booted;
    let admin: Agent;
    let owner: Agent;

    beforeAll(async () => {
      t = await boot(setup);
      [admin, owner] = await Promise.all([signIn(t.url, ADMIN), signIn(t.url, OWNER)]);
    });
    afterAll(async () => t?.stop());

    const projections = async () => {
      const res = await admin.get('/api/admin/projections');
      expect(res.status).toBe(200);
      return res.body as Rec[];
    };
    const allCaughtUp = (states: Rec[]) => states.length > 0 && states.every((s) => s.lag === 0 && s.position !== null);

    describe('health and metrics', () => {
      it('GET /api/health answers 200 { status: ok, database: up, projections } without a session', async () => {
        const res = await request(t.url).get('/api/health');
        expect(res.status).toBe(200);
        expect(res.body.status).toBe('ok');
        expect(res.body.database).toBe('up');
        expect(res.body.projections.map((p: Rec) => p.name).sort()).toEqual([...PROJECTIONS].sort());
        for (const p of res.body.projections) {
          expect(p).toEqual(
            expect.objectContaining({
              name: expect.any(String),
              status: 'running',
              lag: expect.any(Number),
              error: null,
            }),
          );
        }
      });

      it('GET /api/health/live answers 200 { status: ok }', async () => {
        const res = await request(t.url).get('/api/health/live');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ status: 'ok' });
      });

      it('GET /api/metrics answers Prometheus text with projection_lag_events and http_requests_total', async () => {
        await request(t.url).get('/api/health');
        await request(t.url).get('/api/unknown-route-e2e-123');
        const res = await request(t.url).get('/api/metrics');
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/plain/);
        expect(res.text).toContain('# TYPE projection_lag_events gauge');
        for (const name of PROJECTIONS)
          expect(res.text).toMatch(new RegExp(`^projection_lag_events\\{projection="${name}"\\} \\d+$`, 'm'));
        expect(res.text).toContain('# TYPE http_requests_total counter');
        expect(res.text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]\d*$/m);
        // Unknown paths are counted under one label, not one series per path.
        expect(res.text).not.toContain('unknown-route-e2e-123');
        expect(res.text).toMatch(/^http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]\d*$/m);
      });

      it('GET /metrics (Prometheus default path) answers the same registry', async () => {
        const res = await request(t.url).get('/metrics');
        expect(res.status).toBe(200);
        expect(res.text).toContain('# TYPE projection_up gauge');
        expect(res.text).toMatch(/^projection_up\{projection="websites"\} 1$/m);
      });
    });

    describe('projection administration', () => {
      /** The websites list (as the admin sees it) before the rebuild. */
      let beforeRebuild: { body: Rec[]; range: string } | null = null;
      const allWebsites = `/api/websites?${listQuery({ sort: ['id', 'ASC'], range: [0, 999] })}`;
      it('GET /api/admin/projections lists users, organisations and websites with their position, lag 0 after a wait, and Content-Range', async () => {
        const states = await until('projections caught up', projections, allCaughtUp);
        expect(states.map((s) => s.name).sort()).toEqual([...PROJECTIONS].sort());
        for (const s of states) {
          expect(s.id).toBe(s.name);
          expect(s.position).toEqual(expect.any(String));
          expect(s.lag).toBe(0);
          expect(s.status).toBe('running');
          expect(s.error).toBeNull();
        }
        const res = await admin.get('/api/admin/projections');
        expect(res.headers['content-range']).toBe(`projections 0-${states.length - 1}/${states.length}`);
      });

      it('is refused to anyone but a platform admin: 403 for the demo owner, 401 without a session', async () => {
        const res = await owner.get('/api/admin/projections');
        expect(res.status).toBe(403);
        expect(res.body.message).toEqual(expect.any(String));
        expect((await request(t.url).get('/api/admin/projections')).status).toBe(401);
        const rebuild = await owner.post('/api/admin/projections/websites/rebuild').send({});
        expect(rebuild.status).toBe(403);
        // Nothing was emptied.
        expect(totalOf(await owner.get('/api/websites'))).toBe(2);
      });

      it('answers 404 for an unknown projection', async () => {
        const rebuild = await admin.post('/api/admin/projections/nope/rebuild').send({});
        expect(rebuild.status).toBe(404);
        expect(rebuild.body.message).toBe('No projection named nope');
        const restart = await admin.post('/api/admin/projections/nope/restart').send({});
        expect(restart.status).toBe(404);
      });

      it('POST /api/admin/projections/websites/rebuild answers 202 and the websites come back identical while organisations keep answering', async () => {
        await until('projections caught up', projections, allCaughtUp);
        const all = allWebsites;
        const before = await admin.get(all);
        expect(before.status).toBe(200);
        expect(before.body.length).toBeGreaterThanOrEqual(2);
        beforeRebuild = { body: before.body, range: before.headers['content-range'] };
        const orgsBefore = await admin.get('/api/organisations');
        const positionBefore = (await projections()).find((s) => s.name === 'websites')!.position;

        const res = await admin.post('/api/admin/projections/websites/rebuild').send({});
        expect(res.status).toBe(202);
        expect(res.body).toEqual(expect.objectContaining({ id: 'websites', name: 'websites', status: 'rebuilding' }));

        // Right away: empty or complete, never an error; the other read models are untouched.
        const during = await admin.get(all);
        expect(during.status).toBe(200);
        expect([0, before.body.length]).toContain(during.body.length);
        const orgsDuring = await admin.get('/api/organisations');
        expect(orgsDuring.status).toBe(200);
        expect(orgsDuring.body).toEqual(orgsBefore.body);

        let organisationChecks = 0;
        const after = await until(
          'the websites read model to be rebuilt',
          async () => {
            const orgs = await admin.get('/api/organisations');
            expect(orgs.status).toBe(200);
            expect(orgs.body).toEqual(orgsBefore.body);
            organisationChecks++;
            const list = await admin.get(all);
            expect(list.status).toBe(200);
            expect([0, before.body.length]).toContain(list.body.length);
            return list;
          },
          (list) => list.body.length === before.body.length,
          10_000,
        );
        expect(organisationChecks).toBeGreaterThan(0);
        expect(after.body).toEqual(before.body);
        expect(after.headers['content-range']).toBe(before.headers['content-range']);

        const states = await until('projections caught up', projections, allCaughtUp);
        expect(states.find((s) => s.name === 'websites')!.position).toBe(positionBefore);
        // The rebuilt read model serves writes again.
        const site = before.body.find((w: Rec) => w.name === 'Demo Shop');
        const updated = await owner
          .put(`/api/websites/${site.id}`)
          .send({ ...site, name: 'Demo Shop', currency: 'USD' });
        expectWith(updated.status, JSON.stringify(updated.body)).toBe(200);
        expect(updated.body.version).toBe(site.version + 1);
        expect(updated.body.currency).toBe('USD');
        beforeRebuild = null;
      });

      it('a rebuilt projection is complete again at the latest after the next event anywhere in the log', async () => {
        // Only meaningful when the previous test left the websites read model incomplete.
        if (!beforeRebuild) return;
        const me = await owner.get('/api/auth/user');
        const org = (await owner.get(`/api/organisations/${me.body.organisations[0].id}`)).body;
        const touched = await owner
          .put(`/api/organisations/${org.id}`)
          .send({ ...org, locales: [...org.locales, 'fr'] });
        expect(touched.status).toBe(200);
        const after = await until(
          'the websites read model after the next event',
          () => admin.get(allWebsites),
          (list) => list.body.length === beforeRebuild!.body.length,
        );
        expect(after.body).toEqual(beforeRebuild.body);
        expect(after.headers['content-range']).toBe(beforeRebuild.range);
      });
    });

    describe('workflow definitions', () => {
      it('GET /api/workflows/website answers statuses, actions and transitions', async () => {
        const res = await owner.get('/api/workflows/website');
        expect(res.status).toBe(200);
        expect(res.body.name).toBe('website');
        expect(res.body.statuses).toEqual(['active', 'inactive', 'refused']);
        expect([...res.body.actions].sort()).toEqual([
          'Activate',
          'Create',
          'Deactivate',
          'RefuseDomain',
          'Update',
          'VerifyInstallation',
        ]);
        expect(res.body.transitions).toContainEqual(
          expect.objectContaining({ action: 'Deactivate', from: ['active'], to: 'inactive' }),
        );
        expect(res.body.transitions).toContainEqual(
          expect.objectContaining({ action: 'Activate', from: ['inactive'], to: 'active' }),
        );
        expect(res.body.transitions).toContainEqual(
          expect.objectContaining({ action: 'Update', from: ['active', 'inactive'], to: null }),
        );
        // Only the website-domains process refuses a domain.
        expect(res.body.transitions).toContainEqual(
          expect.objectContaining({ action: 'RefuseDomain', from: ['active', 'inactive'], roles: ['system'] }),
        );
        for (const tr of res.body.transitions.filter((t: { action: string }) => t.action !== 'RefuseDomain'))
          expect(tr.roles).toEqual(expect.arrayContaining(['owner', 'admin']));
      });

      it('GET /api/workflows/organisation answers too; GET /api/workflows/nope is 404', async () => {
        const org = await owner.get('/api/workflows/organisation');
        expect(org.status).toBe(200);
        expect(org.body.actions).toEqual(expect.arrayContaining(['Create', 'Update']));
        const res = await owner.get('/api/workflows/nope');
        expect(res.status).toBe(404);
        expect(res.body).toEqual(expect.objectContaining({ statusCode: 404, message: expect.any(String) }));
      });
    });

    describe('X-Request-Id', () => {
      it('every response carries one, unique per request: success, 4xx, bad JSON, unknown route, preflight, metrics', async () => {
        const responses = [
          await request(t.url).get('/api/health'),
          await request(t.url).get('/api/health/live'),
          await request(t.url).get('/api/metrics'),
          await request(t.url).get('/api/auth/user'),
          await owner.get('/api/websites'),
          await owner.get('/api/websites/00000000-0000-4000-8000-000000000000'),
          await request(t.url).get('/api/no-such-route'),
          await request(t.url).post('/api/auth/login').set('Content-Type', 'application/json').send('{bad'),
          await request(t.url).post('/api/auth/login').send({ email: 'x' }),
          await request(t.url)
            .options('/api/websites')
            .set('Origin', 'http://localhost:5173')
            .set('Access-Control-Request-Method', 'PUT'),
        ];
        const ids = responses.map((r) => r.headers['x-request-id']);
        responses.forEach((r, i) => expectWith(ids[i], `response #${i} (${r.status})`).toMatch(UUID));
        expect(new Set(ids).size).toBe(ids.length);
      });

      it('echoes a well-formed X-Request-Id sent by the client and replaces a malformed one', async () => {
        const echoed = await owner.get('/api/websites').set('X-Request-Id', 'client-trace.42_a');
        expect(echoed.headers['x-request-id']).toBe('client-trace.42_a');
        const onError = await request(t.url).get('/api/auth/user').set('X-Request-Id', 'trace-401');
        expect(onError.headers['x-request-id']).toBe('trace-401');
        for (const bad of ['has spaces in it', 'x'.repeat(101), '<script>']) {
          const res = await request(t.url).get('/api/health/live').set('X-Request-Id', bad);
          expectWith(res.headers['x-request-id'], bad).toMatch(UUID);
        }
      });
    });
  });
}
