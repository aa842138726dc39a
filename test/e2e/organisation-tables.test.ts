import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ADMIN,
  EDITOR,
  OWNER,
  boot,
  giveWebsite,
  newAgent,
  sessionCookie,
  setups,
  signIn,
  type Agent,
  type Booted,
} from './setups.js';
import {
  MEMBER_ALLOWED,
  MEMBER_TABLE,
  ORGANISATION_ALLOWED,
  ORGANISATION_TABLE,
  WEBSITE_ALLOWED,
  WEBSITE_TABLE,
  rowOf,
  type MemberRow,
  type MemberStatus,
  type OrgRole,
  type Refusal,
  type Who,
} from '../support/organisation-tables.js';

/**
 * The HTTP API against the tables typed by hand in test/support/organisation-tables.ts (the same
 * rows the decider unit tests check): for representative rows, every action of members, websites
 * and organisations at least once allowed and once refused, by owners, admins, members and
 * others, with the status code and the resulting status; and `allowedActions` as the tables say.
 *
 * Over HTTP a user who is not a member of the organisation gets 404 for its records, whatever the
 * table says for a signed-in user (DESIGN.md "HTTP conventions", tenancy).
 */

const PASSWORD = 'Tabl3s-pass!';
type Rec = Record<string, any>;

/** What HTTP answers for a cell: a refusal's status (404 for outsiders), or 200/201 with the record in the cell's status. */
function expectCell(
  res: { status: number; body: Rec },
  cell: string | Refusal | undefined,
  who: Who,
  what: string,
  created = false,
) {
  if (cell === undefined) throw new Error(`the table does not decide ${what} by ${who}`);
  const message = `${what} by ${who}: ${JSON.stringify(res.body).slice(0, 300)}`;
  if (typeof cell === 'number') {
    expectWith(res.status, message).toBe(who === 'outsider' ? 404 : cell);
    return;
  }
  expectWith(res.status, message).toBe(created ? 201 : 200);
  expectWith(res.body.status, message).toBe(cell);
}

const member = (keys: Partial<MemberRow>) => rowOf(MEMBER_TABLE, { target: 'member', ...keys } as Partial<MemberRow>);
const memberCell = (who: Who, keys: Partial<MemberRow>) => member(keys).by[who];
const allowedOn = (target: OrgRole, status: MemberStatus, who: Exclude<Who, 'system'>, activeOwners?: number) => {
  const rows = MEMBER_ALLOWED.filter(
    (r) =>
      r.target === target && r.status === status && (activeOwners === undefined || r.activeOwners === activeOwners),
  );
  if (rows.length !== 1) throw new Error(`${rows.length} allowed rows for a ${status} ${target}`);
  const actions = rows[0].by[who];
  if (!actions) throw new Error(`the table does not say what ${who} is offered on a ${status} ${target}`);
  return [...actions].sort();
};
const sorted = (actions: unknown) => [...((actions as string[]) ?? [])].sort();

for (const setup of setups) {
  describe(`the organisation tables over HTTP (${setup.name})`, () => {
    let t: Booted;
    let orgId: string;
    const as = {} as Record<Exclude<Who, 'self' | 'system'>, Agent>;
    let ownerMemberId: string;
    let editorMemberId: string;
    let adminMemberId: string;
    let blog: Rec;

    const codeFor = async (email: string) => {
      const mails = (await as.platformAdmin.get('/api/admin/outbox')).body as Array<{ to: string; text: string }>;
      const mail = mails.find((m) => m.to === email);
      if (!mail) throw new Error(`no mail to ${email}`);
      return decodeURIComponent(/\/api\/auth\/magic\/([A-Za-z0-9_%-]+)/.exec(mail.text)![1]);
    };

    /** A new user with a password of their own (and an organisation of their own). */
    const signUp = async (email: string, name: string): Promise<Agent> => {
      const res = await newAgent(t.url)
        .post('/api/auth/signup')
        .send({ email, password: PASSWORD, name, orgName: `${name} Co` });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return signIn(t.url, { email, password: PASSWORD });
    };

    const invite = (agent: Agent, email: string, orgRole: OrgRole = 'member') =>
      agent.post('/api/members').send({ organisationId: orgId, email, name: email.split('@')[0], orgRole });

    beforeAll(async () => {
      t = await boot(setup);
      [as.owner, as.member, as.platformAdmin] = await Promise.all([
        signIn(t.url, OWNER),
        signIn(t.url, EDITOR),
        signIn(t.url, ADMIN),
      ]);
      const me = (await as.owner.get('/api/auth/user')).body;
      orgId = me.organisations[0].id;
      blog = me.websites.find((w: Rec) => w.name === 'Demo Blog');

      // An admin of the organisation: invited as admin, they choose their password through the link.
      const ada = await invite(as.owner, 'ada@tables.example', 'admin');
      expectWith(ada.status, JSON.stringify(ada.body)).toBe(201);
      adminMemberId = ada.body.id;
      const cookie = sessionCookie(
        await request(t.url)
          .get(`/api/auth/magic/${await codeFor('ada@tables.example')}`)
          .redirects(0),
      );
      const set = await request(t.url)
        .put('/api/auth/user/initialPassword')
        .set('Origin', t.url)
        .set('Cookie', cookie)
        .send({ password: PASSWORD });
      expectWith(set.status, JSON.stringify(set.body)).toBe(200);
      as.admin = await signIn(t.url, { email: 'ada@tables.example', password: PASSWORD });
      // Someone of another organisation.
      as.outsider = await signUp('otto@outsider.example', 'Otto');

      const members = (await as.owner.get('/api/members')).body as Rec[];
      ownerMemberId = members.find((m) => m.email === OWNER.email)!.id;
      editorMemberId = members.find((m) => m.email === EDITOR.email)!.id;
      expect(members.find((m) => m.id === adminMemberId)).toMatchObject({ status: 'accepted', orgRole: 'admin' });
    });
    afterAll(async () => t?.stop());

    describe('members', () => {
      let pendingId: string;
      let sam: Agent;
      let samId: string;

      it('Invite: owners and admins invite (pending); a member may not (403); an outsider gets 404; an admin may not invite an owner (403)', async () => {
        const byOwner = await invite(as.owner, 'pia@tables.example');
        expectCell(byOwner, memberCell('owner', { action: 'Invite', from: 'new' }), 'owner', 'Invite', true);
        expect(sorted(byOwner.body.allowedActions)).toEqual(allowedOn('member', 'pending', 'owner'));
        pendingId = byOwner.body.id;
        expectCell(
          await invite(as.admin, 'paul@tables.example'),
          memberCell('admin', { action: 'Invite', from: 'new' }),
          'admin',
          'Invite',
          true,
        );
        expectCell(
          await invite(as.member, 'nope@tables.example'),
          memberCell('member', { action: 'Invite', from: 'new' }),
          'member',
          'Invite',
        );
        expectCell(
          await invite(as.outsider, 'nope@tables.example'),
          memberCell('outsider', { action: 'Invite', from: 'new' }),
          'outsider',
          'Invite',
        );
        const ownerByAdmin = await invite(as.admin, 'olaf@tables.example', 'owner');
        expectCell(
          ownerByAdmin,
          member({ action: 'Invite', from: 'new', target: 'owner' }).by.admin,
          'admin',
          'Invite an owner',
        );
        const nobody = (await as.owner.get('/api/members')).body.map((m: Rec) => m.email);
        expect(nobody).not.toContain('nope@tables.example');
        expect(nobody).not.toContain('olaf@tables.example');
      });

      it('Resend: owners and admins resend a pending invitation; a member may not (403); an accepted member is not invited again (422)', async () => {
        const resend = (agent: Agent, id: string) => agent.post(`/api/members/${id}/actions/Resend`).send({});
        expectCell(
          await resend(as.owner, pendingId),
          memberCell('owner', { action: 'Resend', from: 'pending' }),
          'owner',
          'Resend',
        );
        expectCell(
          await resend(as.platformAdmin, pendingId),
          memberCell('platformAdmin', { action: 'Resend', from: 'pending' }),
          'platformAdmin',
          'Resend',
        );
        expectCell(
          await resend(as.member, pendingId),
          memberCell('member', { action: 'Resend', from: 'pending' }),
          'member',
          'Resend',
        );
        expectCell(
          await resend(as.owner, editorMemberId),
          memberCell('owner', { action: 'Resend', from: 'accepted' }),
          'owner',
          'Resend an accepted member',
        );
      });

      it('Decline, Accept: only the invitee; a declined invitation is sent again; nothing is accepted twice', async () => {
        sam = await signUp('sam@tables.example', 'Sam');
        const invited = await invite(as.owner, 'sam@tables.example');
        expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
        samId = invited.body.id;
        const mine = ((await sam.get('/api/members')).body as Rec[]).find((m) => m.id === samId)!;
        expect(sorted(mine.allowedActions)).toEqual(allowedOn('member', 'pending', 'self'));

        const action = (agent: Agent, name: string) => agent.post(`/api/members/${samId}/actions/${name}`).send({});
        expectCell(
          await action(as.owner, 'Accept'),
          memberCell('owner', { action: 'Accept', from: 'pending' }),
          'owner',
          'Accept',
        );
        expectCell(
          await action(as.admin, 'Decline'),
          memberCell('admin', { action: 'Decline', from: 'pending' }),
          'admin',
          'Decline',
        );
        expectCell(
          await action(sam, 'Decline'),
          memberCell('self', { action: 'Decline', from: 'pending' }),
          'self',
          'Decline',
        );
        expectCell(
          await action(sam, 'Accept'),
          memberCell('self', { action: 'Accept', from: 'rejected' }),
          'self',
          'Accept a declined invitation',
        );
        expectCell(
          await action(as.member, 'Resend'),
          memberCell('member', { action: 'Resend', from: 'rejected' }),
          'member',
          'Resend',
        );
        const again = await action(as.admin, 'Resend');
        expectCell(
          again,
          memberCell('admin', { action: 'Resend', from: 'rejected' }),
          'admin',
          'Resend a declined invitation',
        );
        expect(sorted(again.body.allowedActions)).toEqual(allowedOn('member', 'pending', 'admin'));
        expectCell(
          await action(sam, 'Accept'),
          memberCell('self', { action: 'Accept', from: 'pending' }),
          'self',
          'Accept',
        );
        expectCell(
          await action(sam, 'Accept'),
          memberCell('self', { action: 'Accept', from: 'accepted' }),
          'self',
          'Accept again',
        );
        expect(sorted((await sam.get(`/api/members/${samId}`)).body.allowedActions)).toEqual(
          allowedOn('member', 'accepted', 'self'),
        );
        expect((await sam.get(`/api/organisations/${orgId}`)).status).toBe(200);
      });

      it('ChangeAccess: owners and admins change access; only owners grant owner; nobody changes their own role; the last owner stays', async () => {
        const change = (agent: Agent, id: string, body: Rec) => agent.put(`/api/members/${id}`).send(body);
        const cms = await change(as.owner, samId, { cmsRole: 'editor' });
        expectCell(cms, memberCell('owner', { action: 'ChangeAccess', from: 'accepted' }), 'owner', 'ChangeAccess');
        expect(cms.body.cmsRole).toBe('editor');
        expectCell(
          await change(as.member, samId, { cmsRole: 'reviewer' }),
          memberCell('member', { action: 'ChangeAccess', from: 'accepted' }),
          'member',
          'ChangeAccess',
        );
        expectCell(
          await change(as.outsider, samId, { cmsRole: 'reviewer' }),
          memberCell('outsider', { action: 'ChangeAccess', from: 'accepted' }),
          'outsider',
          'ChangeAccess',
        );
        expectCell(
          await change(as.admin, samId, { orgRole: 'owner' }),
          memberCell('admin', { action: 'ChangeAccess', from: 'accepted', case: 'make owner' }),
          'admin',
          'make owner',
        );
        expectCell(
          await change(sam, samId, { orgRole: 'admin' }),
          memberCell('self', { action: 'ChangeAccess', from: 'accepted', case: 'make admin' }),
          'self',
          'make oneself admin',
        );
        const promoted = await change(as.admin, samId, { orgRole: 'admin' });
        expectCell(
          promoted,
          memberCell('admin', { action: 'ChangeAccess', from: 'accepted', case: 'make admin' }),
          'admin',
          'make admin',
        );
        expect(promoted.body.orgRole).toBe('admin');
        const demoted = await change(as.admin, samId, { orgRole: 'member' });
        expectCell(
          demoted,
          member({ action: 'ChangeAccess', from: 'accepted', target: 'admin', case: 'make member' }).by.admin,
          'admin',
          'make an admin member',
        );
        expect(demoted.body.orgRole).toBe('member');
        expect((await as.owner.get(`/api/members/${samId}`)).body).toMatchObject({
          orgRole: 'member',
          cmsRole: 'editor',
        });

        // The demo organisation has one owner: they may not demote themselves, nor may anyone else.
        const lastOwner = {
          action: 'ChangeAccess',
          from: 'accepted',
          target: 'owner',
          case: 'demote last owner',
        } as const;
        expectCell(
          await change(as.owner, ownerMemberId, { orgRole: 'admin' }),
          member(lastOwner).by.self,
          'self',
          'the last owner demoting themselves',
        );
        const byPlatform = await change(as.platformAdmin, ownerMemberId, { orgRole: 'admin' });
        expectCell(byPlatform, member(lastOwner).by.platformAdmin, 'platformAdmin', 'demote the last owner');
        expect(byPlatform.body.message).toBe(
          'The last owner of an organisation cannot be demoted or deactivated. Make someone else an owner first.',
        );
        const lastOwnerCms = { action: 'ChangeAccess', from: 'accepted', target: 'owner', case: 'last owner' } as const;
        expectCell(
          await change(as.admin, ownerMemberId, { cmsRole: 'editor' }),
          member(lastOwnerCms).by.admin,
          'admin',
          "change an owner's access",
        );
        expect((await as.owner.get(`/api/members/${ownerMemberId}`)).body).toMatchObject({
          orgRole: 'owner',
          cmsRole: 'admin',
          status: 'accepted',
        });
      });

      it('Deactivate, Reactivate: owners and admins; a member may not; an invitation is not deactivated; the last owner stays', async () => {
        const action = (agent: Agent, id: string, name: string) =>
          agent.post(`/api/members/${id}/actions/${name}`).send({});
        expectCell(
          await action(as.member, samId, 'Deactivate'),
          memberCell('member', { action: 'Deactivate', from: 'accepted' }),
          'member',
          'Deactivate',
        );
        const off = await action(as.admin, samId, 'Deactivate');
        expectCell(off, memberCell('admin', { action: 'Deactivate', from: 'accepted' }), 'admin', 'Deactivate');
        expect(sorted(off.body.allowedActions)).toEqual(allowedOn('member', 'inactive', 'admin'));
        expect((await sam.get(`/api/organisations/${orgId}`)).status).toBe(404);
        expectCell(
          await action(as.owner, pendingId, 'Deactivate'),
          memberCell('owner', { action: 'Deactivate', from: 'pending' }),
          'owner',
          'Deactivate an invitation',
        );
        const lastOwner = { action: 'Deactivate', from: 'accepted', target: 'owner', case: 'last owner' } as const;
        expectCell(
          await action(as.owner, ownerMemberId, 'Deactivate'),
          member(lastOwner).by.self,
          'self',
          'the last owner deactivating themselves',
        );
        expectCell(
          await action(as.platformAdmin, ownerMemberId, 'Deactivate'),
          member(lastOwner).by.platformAdmin,
          'platformAdmin',
          'Deactivate the last owner',
        );
        expectCell(
          await action(as.admin, ownerMemberId, 'Deactivate'),
          member(lastOwner).by.admin,
          'admin',
          'Deactivate an owner',
        );

        expectCell(
          await action(sam, samId, 'Reactivate'),
          memberCell('self', { action: 'Reactivate', from: 'inactive' }),
          'self',
          'Reactivate oneself',
        );
        expectCell(
          await action(as.member, samId, 'Reactivate'),
          memberCell('member', { action: 'Reactivate', from: 'inactive' }),
          'member',
          'Reactivate',
        );
        expectCell(
          await action(as.owner, samId, 'Reactivate'),
          memberCell('owner', { action: 'Reactivate', from: 'inactive' }),
          'owner',
          'Reactivate',
        );
        expectCell(
          await action(as.owner, samId, 'Reactivate'),
          memberCell('owner', { action: 'Reactivate', from: 'accepted' }),
          'owner',
          'Reactivate again',
        );
        expect((await sam.get(`/api/organisations/${orgId}`)).status).toBe(200);
      });

      it('allowedActions of member records are the table rows, for each viewer', async () => {
        const viewers: Array<[Exclude<Who, 'system' | 'outsider'>, Agent]> = [
          ['owner', as.owner],
          ['admin', as.admin],
          ['member', as.member],
          ['platformAdmin', as.platformAdmin],
        ];
        for (const [who, agent] of viewers) {
          const list = (
            await agent.get(`/api/members?filter=${encodeURIComponent(JSON.stringify({ organisationId: orgId }))}`)
          ).body as Rec[];
          const byId = new Map(list.map((m) => [m.id, m]));
          const check = (
            id: string,
            target: OrgRole,
            status: MemberStatus,
            as: Exclude<Who, 'system'>,
            activeOwners?: number,
          ) =>
            expectWith(sorted(byId.get(id)?.allowedActions), `${who} on the ${status} ${target} ${id}`).toEqual(
              allowedOn(target, status, as, activeOwners),
            );
          // The owner is the organisation's only active owner; to themselves they are `self`.
          check(ownerMemberId, 'owner', 'accepted', who === 'owner' ? 'self' : who, 1);
          check(editorMemberId, 'member', 'accepted', who === 'member' ? 'self' : who);
          check(pendingId, 'member', 'pending', who);
          check(samId, 'member', 'accepted', who);
          if (who !== 'admin') check(adminMemberId, 'admin', 'accepted', who);
        }
        // Outside the organisation, its members are not there at all.
        expect((await as.outsider.get(`/api/members/${editorMemberId}`)).status).toBe(404);
      });
    });

    describe('websites', () => {
      let site: Rec;
      const domain = (name: string) => `https://${name}.tables.example`;

      it('Create: owners and admins create websites (active); a member may not (403); an outsider gets 404', async () => {
        const row = rowOf(WEBSITE_TABLE, { action: 'Create', from: 'new' });
        const byOwner = await as.owner
          .post('/api/websites')
          .send({ organisationId: orgId, name: 'Tables A', url: domain('a') });
        expectCell(byOwner, row.by.owner, 'owner', 'Create', true);
        expect(sorted(byOwner.body.allowedActions)).toEqual(sorted(WEBSITE_ALLOWED.active.owner));
        site = byOwner.body;
        expectCell(
          await as.admin.post('/api/websites').send({ organisationId: orgId, name: 'Tables B', url: domain('b') }),
          row.by.admin,
          'admin',
          'Create',
          true,
        );
        expectCell(
          await as.member.post('/api/websites').send({ organisationId: orgId, name: 'Tables C', url: domain('c') }),
          row.by.member,
          'member',
          'Create',
        );
        expectCell(
          await as.outsider.post('/api/websites').send({ organisationId: orgId, name: 'Tables D', url: domain('d') }),
          row.by.outsider,
          'outsider',
          'Create',
        );
        const names = ((await as.owner.get('/api/websites')).body as Rec[]).map((w) => w.name);
        expect(names).toEqual(expect.arrayContaining(['Tables A', 'Tables B']));
        expect(names).not.toContain('Tables C');
        await giveWebsite(as.owner, site.id, [EDITOR.email]);
      });

      it('Update, Deactivate, Activate: owners and admins; a member may not (403); each from its own status (422)', async () => {
        const action = (agent: Agent, name: string) => agent.post(`/api/websites/${site.id}/actions/${name}`).send({});
        const cell = (action: string, from: 'active' | 'inactive', who: Who) =>
          rowOf(WEBSITE_TABLE, { action: action as never, from }).by[who];

        expectCell(
          await as.admin.put(`/api/websites/${site.id}`).send({ name: 'Tables A1' }),
          cell('Update', 'active', 'admin'),
          'admin',
          'Update',
        );
        expectCell(
          await as.member.put(`/api/websites/${blog.id}`).send({ name: 'Mine' }),
          cell('Update', 'active', 'member'),
          'member',
          'Update',
        );
        expectCell(
          await action(as.member, 'Deactivate'),
          cell('Deactivate', 'active', 'member'),
          'member',
          'Deactivate',
        );
        expectCell(
          await action(as.owner, 'Activate'),
          cell('Activate', 'active', 'owner'),
          'owner',
          'Activate an active website',
        );
        const off = await action(as.owner, 'Deactivate');
        expectCell(off, cell('Deactivate', 'active', 'owner'), 'owner', 'Deactivate');
        expect(sorted(off.body.allowedActions)).toEqual(sorted(WEBSITE_ALLOWED.inactive.owner));
        expectCell(
          await action(as.admin, 'Deactivate'),
          cell('Deactivate', 'inactive', 'admin'),
          'admin',
          'Deactivate an inactive website',
        );
        expectCell(
          await as.admin.put(`/api/websites/${site.id}`).send({ name: 'Tables A2' }),
          cell('Update', 'inactive', 'admin'),
          'admin',
          'Update an inactive website',
        );
        expectCell(await action(as.member, 'Activate'), cell('Activate', 'inactive', 'member'), 'member', 'Activate');
        expectCell(
          await action(as.outsider, 'Activate'),
          cell('Activate', 'inactive', 'outsider'),
          'outsider',
          'Activate',
        );

        for (const [who, agent] of [
          ['owner', as.owner],
          ['admin', as.admin],
          ['member', as.member],
          ['platformAdmin', as.platformAdmin],
        ] as const) {
          expectWith(
            sorted((await agent.get(`/api/websites/${site.id}`)).body.allowedActions),
            `${who} on an inactive website`,
          ).toEqual(sorted(WEBSITE_ALLOWED.inactive[who]));
          expectWith(
            sorted((await agent.get(`/api/websites/${blog.id}`)).body.allowedActions),
            `${who} on an active website`,
          ).toEqual(sorted(WEBSITE_ALLOWED.active[who]));
        }

        const on = await action(as.admin, 'Activate');
        expectCell(on, cell('Activate', 'inactive', 'admin'), 'admin', 'Activate');
        expect(on.body).toMatchObject({ name: 'Tables A2', status: 'active' });
        expect((await as.member.get(`/api/websites/${blog.id}`)).body).toMatchObject({
          name: 'Demo Blog',
          status: 'active',
        });
      });
    });

    describe('organisation', () => {
      const cell = (action: string, who: Who) =>
        rowOf(ORGANISATION_TABLE, { action: action as never, from: 'active' }).by[who];
      const action = (agent: Agent, name: string, body: Rec) =>
        agent.post(`/api/organisations/${orgId}/actions/${name}`).send(body);

      it('Update: owners and admins; a member may not (403); an outsider gets 404', async () => {
        expectCell(
          await as.owner.put(`/api/organisations/${orgId}`).send({ country: 'DE' }),
          cell('Update', 'owner'),
          'owner',
          'Update',
        );
        expectCell(
          await action(as.admin, 'Update', { timezone: 'Europe/Berlin' }),
          cell('Update', 'admin'),
          'admin',
          'Update',
        );
        expectCell(
          await as.member.put(`/api/organisations/${orgId}`).send({ name: 'Mine' }),
          cell('Update', 'member'),
          'member',
          'Update',
        );
        expectCell(
          await action(as.outsider, 'Update', { name: 'Mine' }),
          cell('Update', 'outsider'),
          'outsider',
          'Update',
        );
        expect((await as.owner.get(`/api/organisations/${orgId}`)).body).toMatchObject({
          name: 'Demo Publishing',
          country: 'DE',
          timezone: 'Europe/Berlin',
        });
      });

      it('SetBusinessProfile: owners and admins; a member may not (403)', async () => {
        const answers = { employees: '11-50', monthlyVisitors: '5k-20k', ltv: '250-500', aov: '20-50' };
        expectCell(
          await action(as.admin, 'SetBusinessProfile', answers),
          cell('SetBusinessProfile', 'admin'),
          'admin',
          'SetBusinessProfile',
        );
        expectCell(
          await action(as.member, 'SetBusinessProfile', { ...answers, employees: '100+' }),
          cell('SetBusinessProfile', 'member'),
          'member',
          'SetBusinessProfile',
        );
      });

      it('ChangePlan: owners (and platform admins); an admin or member may not (403)', async () => {
        const before = (await as.owner.get(`/api/organisations/${orgId}/billing`)).body.plan as string;
        const other = before === 'growth' ? 'scale' : 'growth';
        expectCell(
          await action(as.admin, 'ChangePlan', { plan: other }),
          cell('ChangePlan', 'admin'),
          'admin',
          'ChangePlan',
        );
        expectCell(
          await action(as.member, 'ChangePlan', { plan: other }),
          cell('ChangePlan', 'member'),
          'member',
          'ChangePlan',
        );
        expect((await as.owner.get(`/api/organisations/${orgId}/billing`)).body.plan).toBe(before);
        expectCell(
          await action(as.owner, 'ChangePlan', { plan: other }),
          cell('ChangePlan', 'owner'),
          'owner',
          'ChangePlan',
        );
        expect((await as.owner.get(`/api/organisations/${orgId}/billing`)).body.plan).toBe(other);
        expectCell(
          await action(as.platformAdmin, 'ChangePlan', { plan: before }),
          cell('ChangePlan', 'platformAdmin'),
          'platformAdmin',
          'ChangePlan',
        );
        expect((await as.owner.get(`/api/organisations/${orgId}/billing`)).body.plan).toBe(before);
      });

      it("AddMember and RemoveMember are the system's: refused to an admin or owner over HTTP, and nothing changes", async () => {
        // The table refuses them to every person (403); over HTTP they are not actions at all (422, security-boundary test).
        expect(cell('AddMember', 'admin')).toBe(403);
        expect(cell('RemoveMember', 'owner')).toBe(403);
        const members = async () =>
          ((await as.owner.get('/api/members')).body as Rec[]).map((m) => `${m.email}:${m.orgRole}:${m.status}`).sort();
        const before = await members();
        const outsiderId = (await as.outsider.get('/api/auth/user')).body.id;
        const add = await action(as.admin, 'AddMember', { userId: outsiderId, role: 'owner' });
        expectWith(add.status, JSON.stringify(add.body)).toBe(422);
        expect(add.body.message).toBe('Action AddMember is not supported for an organisation');
        const remove = await action(as.owner, 'RemoveMember', {
          userId: (await as.member.get('/api/auth/user')).body.id,
        });
        expect(remove.status).toBe(422);
        expect((await as.outsider.get(`/api/organisations/${orgId}`)).status).toBe(404);
        expect(await members()).toEqual(before);
      });

      it('allowedActions of the organisation are the table row, for each viewer', async () => {
        for (const [who, agent] of [
          ['owner', as.owner],
          ['admin', as.admin],
          ['member', as.member],
          ['platformAdmin', as.platformAdmin],
        ] as const) {
          const record = (await agent.get(`/api/organisations/${orgId}`)).body;
          expectWith(record.status, who).toBe('active');
          expectWith(sorted(record.allowedActions), `${who} on the organisation`).toEqual(
            sorted(ORGANISATION_ALLOWED[who]),
          );
        }
      });
    });
  });
}
