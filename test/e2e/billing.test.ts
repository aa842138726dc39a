import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { expectWith } from '../support/expect.js';
import type { RegisteredEventStore } from '#libs/eventstore/src/index.js';
import { ADMIN, EDITOR, OWNER, boot, setups, signIn, type Booted } from './setups.js';

for (const setup of setups) {
  describe(`billing: plans and products (${setup.name})`, () => {
    let t: Booted;
    beforeAll(async () => {
      t = await boot(setup);
    });
    afterAll(async () => t?.stop());

    it('answers the plan, its products and the plans; the owner changes it; members may not', async () => {
      const owner = await signIn(t.url, OWNER);
      const me = (await owner.get('/api/auth/user')).body;
      const orgId = me.organisations[0].id;
      expect(me.organisations[0].products).toEqual(['cms', 'community', 'strategy', 'cro', 'video', 'experts']);
      const billing = (await owner.get(`/api/organisations/${orgId}/billing`)).body;
      expect(billing).toMatchObject({ plan: 'scale', allowedActions: ['ChangePlan'] });
      expect(billing.plans.map((p: { id: string }) => p.id)).toEqual(['starter', 'growth', 'scale']);

      const down = await owner.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan: 'starter' });
      expectWith(down.status, JSON.stringify(down.body)).toBe(200);
      expect(down.body).toMatchObject({ plan: 'starter', products: ['cms'] });
      expect((await owner.get('/api/auth/user')).body.organisations[0].products).toEqual(['cms']);

      const bad = await owner.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan: 'platinum' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.plan).toBe('Plan must be one of starter, growth, scale');
      const editor = await signIn(t.url, EDITOR);
      expect((await editor.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan: 'scale' })).status).toBe(
        403,
      );
      expect((await editor.get(`/api/organisations/${orgId}/billing`)).body.allowedActions).toEqual([]);
    });

    it('answers the plans and the products with their names (GET /api/organisations/options)', async () => {
      const editor = await signIn(t.url, EDITOR);
      const options = await editor.get('/api/organisations/options');
      expect(options.status).toBe(200);
      expect(options.body.plans).toEqual([
        { id: 'starter', name: 'Starter', products: ['cms'] },
        { id: 'growth', name: 'Growth', products: ['cms', 'community', 'strategy'] },
        { id: 'scale', name: 'Scale', products: ['cms', 'community', 'strategy', 'cro', 'video', 'experts'] },
      ]);
      expect(options.body.products).toEqual([
        { id: 'cms', name: 'CMS' },
        { id: 'community', name: 'Community' },
        { id: 'strategy', name: 'Strategy' },
        { id: 'cro', name: 'CRO' },
        { id: 'video', name: 'Video' },
        { id: 'experts', name: 'Experts' },
      ]);
      expect(options.body.actions).toEqual([
        { id: 'ChangePlan', name: 'Change plan' },
        { id: 'SetBusinessProfile', name: 'Set business profile' },
      ]);
      // Not an organisation's id: the route stays in front of GET /api/organisations/{id}, for signed-in users only.
      expect((await request(t.url).get('/api/organisations/options')).status).toBe(401);
    });

    it('a feature of a product outside the plan answers 403 "Upgrade to access" and changes nothing', async () => {
      const owner = await signIn(t.url, OWNER);
      const me = (await owner.get('/api/auth/user')).body;
      const orgId = me.organisations[0].id;
      await owner.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan: 'starter' });
      const site = me.websites[0];
      const before = (await owner.get(`/api/websites/${site.id}`)).body;
      for (const toggle of ['videoCms', 'croProxy']) {
        const refused = await owner.put(`/api/websites/${site.id}`).send({ [toggle]: true });
        expectWith(refused.status, toggle).toBe(403);
        expect(refused.body.message).toBe('Upgrade to access');
      }
      const created = await owner
        .post('/api/websites')
        .send({ name: 'Video site', url: 'https://video.starter.example', videoCms: true });
      expect(created.status).toBe(403);
      expect(created.body.message).toBe('Upgrade to access');
      expect((await owner.get(`/api/websites/${site.id}`)).body.version).toBe(before.version);
      // Other changes still work on the starter plan, and the plan that includes them allows them.
      expect((await owner.put(`/api/websites/${site.id}`).send({ name: 'Demo Blog 2' })).status).toBe(200);
      await owner.post(`/api/organisations/${orgId}/actions/ChangePlan`).send({ plan: 'scale' });
      const allowed = await owner.put(`/api/websites/${site.id}`).send({ videoCms: true, croProxy: true });
      expectWith(allowed.status, JSON.stringify(allowed.body)).toBe(200);
      expect(allowed.body).toMatchObject({ videoCms: true, croProxy: true });
    });

    it('new organisations start on the starter plan', async () => {
      const admin = await signIn(t.url, ADMIN);
      const created = (await admin.post('/api/organisations').send({ name: 'Fresh Org' })).body;
      expect(created).toMatchObject({ plan: 'starter', products: ['cms'] });
    });

    it('upcasts organisations stored before plans existed (schema version 1) to the starter plan', async () => {
      const id = randomUUID();
      const admin = await signIn(t.url, ADMIN);
      const adminId = (await admin.get('/api/auth/user')).body.id;
      // An OrganisationCreated event as version 1 wrote it, without a plan, through the raw store.
      const raw = (t.app.runtime.store as RegisteredEventStore).inner;
      const written = await raw.append(
        `organisation-${id}`,
        [
          {
            type: 'OrganisationCreated',
            schemaVersion: 1,
            data: {
              name: 'Old Org',
              website: null,
              country: null,
              locales: ['en'],
              timezone: 'UTC',
              createdBy: adminId,
            },
          },
        ],
        'no_stream',
      );
      expect((await raw.readStream(`organisation-${id}`))[0].schemaVersion).toBe(1);
      await t.app.runtime.projections.waitFor(written.position);
      const org = await admin.get(`/api/organisations/${id}`);
      expect(org.status).toBe(200);
      expect(org.body).toMatchObject({ name: 'Old Org', plan: 'starter', products: ['cms'] });
      // Deciding on it folds the upcast event too.
      const up = await admin.post(`/api/organisations/${id}/actions/ChangePlan`).send({ plan: 'growth' });
      expect(up.body).toMatchObject({ plan: 'growth', products: ['cms', 'community', 'strategy'] });
    });
  });
}
