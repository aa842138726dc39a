import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ADMIN,
  EDITOR,
  OWNER,
  boot,
  sessionCookie,
  setups,
  signIn,
  type Agent,
  type Booted,
  newAgent,
} from './setups.js';

const STRONG = 'Inv1ted-pass!';

for (const setup of setups) {
  describe(`members and invitations (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let orgId: string;

    beforeAll(async () => {
      t = await boot(setup);
      owner = await signIn(t.url, OWNER);
      orgId = (await owner.get('/api/auth/user')).body.organisations[0].id;
    });
    afterAll(async () => t?.stop());

    const magicCodeFor = async (email: string) => {
      const mails = (await (await signIn(t.url, ADMIN)).get('/api/admin/outbox')).body as Array<{
        to: string;
        subject: string;
        text: string;
      }>;
      const mail = mails.find((m) => m.to === email);
      if (!mail) throw new Error(`no mail to ${email}`);
      const match = /\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/.exec(mail.text);
      return { mail, code: decodeURIComponent(match![1]) };
    };

    it('invites by email, the invitee follows the magic link, sets a password and becomes an active member', async () => {
      // Both demo websites, as the console's invitation form preselects them.
      const websiteIds = ((await owner.get('/api/websites')).body as Array<{ id: string }>).map((w) => w.id);
      const invited = await owner.post('/api/members').send({
        organisationId: orgId,
        email: 'ivy@invitee.example',
        name: 'Ivy Invitee',
        orgRole: 'member',
        cmsRole: 'editor',
        websiteIds,
      });
      expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(invited.body).toMatchObject({
        status: 'pending',
        statusLabel: 'Invited',
        email: 'ivy@invitee.example',
        cmsRole: 'editor',
        croRole: 'none',
      });
      expect(invited.body.allowedActions).toEqual(expect.arrayContaining(['Resend', 'ChangeAccess']));
      const list = await owner.get(`/api/members?filter=${encodeURIComponent(JSON.stringify({ status: 'pending' }))}`);
      expect(list.body.map((m: { email: string }) => m.email)).toContain('ivy@invitee.example');
      expect(list.headers['content-range']).toMatch(/^members 0-\d+\/\d+$/);

      const { mail, code } = await magicCodeFor('ivy@invitee.example');
      expect(mail.subject).toBe('You are invited to join Demo Publishing');
      const magic = await request(t.url).get(`/api/auth/magic/${code}`).redirects(0);
      expect(magic.status).toBe(302);
      expect(magic.headers.location).toBe('/reset-initial-password');
      const cookie = sessionCookie(magic);

      const weak = await request(t.url)
        .put('/api/auth/user/initialPassword')
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .send({ password: 'short' });
      expect(weak.status).toBe(422);
      const set = await request(t.url)
        .put('/api/auth/user/initialPassword')
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .send({ password: STRONG });
      expectWith(set.status, JSON.stringify(set.body)).toBe(200);
      expect(
        (
          await request(t.url)
            .put('/api/auth/user/initialPassword')
            .set('Origin', t.url)
            .set('Cookie', cookie)
            .send({ password: STRONG })
        ).status,
      ).toBe(409);

      const ivy = await signIn(t.url, { email: 'ivy@invitee.example', password: STRONG });
      const me = (await ivy.get('/api/auth/user')).body;
      expect(me.organisations).toEqual([
        expect.objectContaining({ id: orgId, role: 'member', cmsRole: 'editor', croRole: 'none' }),
      ]);
      expect((await ivy.get('/api/websites')).body.length).toBe(2);
      const member = (await owner.get(`/api/members/${invited.body.id}`)).body;
      expect(member).toMatchObject({ status: 'accepted', statusLabel: 'Active', posts: 0 });
      expect(typeof member.lastActive).toBe('string');

      const again = await request(t.url).get(`/api/auth/magic/${code}`).redirects(0);
      // An invitation link that was used says so in its own words: invitation links work for 7 days.
      expect(again.headers.location).toBe('/link-expired?link=invitation&days=7');
    });

    it('lists the founder and the members who joined without an invitation as Active', async () => {
      const list = (
        await owner.get(`/api/members?filter=${encodeURIComponent(JSON.stringify({ organisationId: orgId }))}`)
      ).body as Array<Record<string, unknown>>;
      const byEmail = new Map(list.map((m) => [m.email, m]));
      expect(byEmail.get('owner@demo.example')).toMatchObject({
        orgRole: 'owner',
        cmsRole: 'admin',
        statusLabel: 'Active',
      });
      expect(byEmail.get('editor@demo.example')).toMatchObject({ orgRole: 'member', statusLabel: 'Active' });
      // A new organisation's creator is its first member.
      const created = (await owner.post('/api/organisations').send({ name: 'Second Org' })).body;
      const members = (
        await owner.get(`/api/members?filter=${encodeURIComponent(JSON.stringify({ organisationId: created.id }))}`)
      ).body;
      expect(members).toEqual([
        expect.objectContaining({ email: 'owner@demo.example', orgRole: 'owner', status: 'accepted' }),
      ]);
    });

    it('answers the roles and statuses the console offers (GET /api/members/options)', async () => {
      const options = await owner.get('/api/members/options');
      expect(options.status).toBe(200);
      expect(options.body).toEqual({
        orgRoles: ['owner', 'admin', 'member'],
        cmsRoles: ['admin', 'analyst', 'editor', 'creator', 'manager', 'reviewer', 'none'],
        croRoles: ['admin', 'analyst', 'editor', 'creator', 'manager', 'viewer', 'none'],
        statuses: [
          { id: 'accepted', name: 'Active' },
          { id: 'pending', name: 'Invited' },
          { id: 'rejected', name: 'Declined' },
          { id: 'inactive', name: 'inactive' },
        ],
        // The record's buttons in their order (allowedActions says which a member offers); ChangeAccess is the form's save.
        actions: [
          { id: 'Accept', name: 'Accept' },
          { id: 'Decline', name: 'Decline' },
          { id: 'Resend', name: 'Resend invitation' },
          { id: 'Deactivate', name: 'Deactivate' },
          { id: 'Reactivate', name: 'Reactivate' },
          { id: 'RemoveFromWebsite', name: 'Remove from website' },
        ],
      });
      // Not a member's id: the route stays in front of GET /api/members/{id}.
      expect((await request(t.url).get('/api/members/options')).status).toBe(401);
    });

    it('refuses a second invitation of the same person, bad input, and invitations by non-managers', async () => {
      const twice = await owner
        .post('/api/members')
        .send({ organisationId: orgId, email: 'editor@demo.example', name: 'Again' });
      expect(twice.status).toBe(409);
      const bad = await owner.post('/api/members').send({ organisationId: orgId, email: 'nope', name: '' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.email).toBe('Please enter a valid email address.');
      const wrongRole = await owner
        .post('/api/members')
        .send({ organisationId: orgId, email: 'r@invitee.example', name: 'R', orgRole: 'emperor' });
      expect(wrongRole.status).toBe(422);
      const editor = await signIn(t.url, EDITOR);
      expect(
        (await editor.post('/api/members').send({ organisationId: orgId, email: 'x@invitee.example', name: 'X' }))
          .status,
      ).toBe(403);
    });

    it('deactivating a member takes their access away; reactivating gives it back', async () => {
      const invited = (
        await owner.post('/api/members').send({ organisationId: orgId, email: 'dan@invitee.example', name: 'Dan' })
      ).body;
      const { code } = await magicCodeFor('dan@invitee.example');
      const cookie = sessionCookie(await request(t.url).get(`/api/auth/magic/${code}`).redirects(0));
      await request(t.url)
        .put('/api/auth/user/initialPassword')
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .send({ password: STRONG });
      const dan = await signIn(t.url, { email: 'dan@invitee.example', password: STRONG });
      expect((await dan.get(`/api/organisations/${orgId}`)).status).toBe(200);

      const off = await owner.post(`/api/members/${invited.id}/actions/Deactivate`).send({});
      expectWith(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.statusLabel).toBe('inactive');
      expect((await dan.get(`/api/organisations/${orgId}`)).status).toBe(404);
      const on = await owner.post(`/api/members/${invited.id}/actions/Reactivate`).send({});
      expect(on.body.statusLabel).toBe('Active');
      expect((await dan.get(`/api/organisations/${orgId}`)).status).toBe(200);
      expect((await owner.post(`/api/members/${invited.id}/actions/Accept`).send({})).status).toBe(422);
    });

    it('an existing user can decline an invitation they see in their own list', async () => {
      const email = `sam-${Math.random().toString(36).slice(2)}@invitee.example`;
      const signup = await newAgent(t.url)
        .post('/api/auth/signup')
        .send({ email, password: STRONG, name: 'Sam', orgName: 'Sam Co' });
      expect(signup.status).toBe(201);
      const invited = (await owner.post('/api/members').send({ organisationId: orgId, email, name: 'Sam' })).body;
      const sam = await signIn(t.url, { email, password: STRONG });
      const mine = (await sam.get('/api/members')).body as Array<{ id: string; allowedActions: string[] }>;
      const invitation = mine.find((m) => m.id === invited.id)!;
      expect(invitation.allowedActions.sort()).toEqual(['Accept', 'Decline']);
      const declined = await sam.post(`/api/members/${invited.id}/actions/Decline`).send({});
      expect(declined.body).toMatchObject({ status: 'rejected', statusLabel: 'Declined' });
      expect((await sam.get(`/api/organisations/${orgId}`)).status).toBe(404);
      // Invited again after declining: the same member record, pending again.
      const again = await owner.post('/api/members').send({ organisationId: orgId, email, name: 'Sam' });
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ id: invited.id, status: 'pending' });
      // The owner cannot accept on the invitee's behalf.
      const other = (
        await owner.post('/api/members').send({ organisationId: orgId, email: 'olga@invitee.example', name: 'Olga' })
      ).body;
      expect((await owner.post(`/api/members/${other.id}/actions/Accept`).send({})).status).toBe(403);
    });
  });
}
