// Nothing offered that ends in 403 (issue 12, point 1): `GET /api/auth/user` tells the console what
// each person may create (`creates`, `organisations[].creates`) and which screens to list
// (`navigation`), and every fact agrees with what the routes then answer. Expected values are
// typed by hand from DESIGN.md and the spec (seed 000 section 2):
// - websites and members (invitations): owners and admins of the organisation only;
// - posts: creators and editors (cms creator, editor, manager, admin; organisation owners/admins),
//   not a fact checker (cms reviewer);
// - redirect rules: editors and up, not writers or fact checkers;
// - bios: every member for themself (plan with the CMS);
// - community questions: moderators and creators, with the community in the plan (the community's
//   moderators are owners, admins and the CMS roles that check content, a fact checker among them);
// - the audit trail and the workflow report: managers, editors and analysts (not a fact checker);
// - demo mode is read-only: nothing to create, no post form, no roles screen, no log-in-as, no audit.
import type { Agent } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { EDITOR, OWNER, WRITER, boot, newAgent, setups, signIn, type Booted } from './setups.js';

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };

interface Me {
  navigation: string[];
  creates: string[];
  organisations: { id: string; name: string; creates: string[] }[];
}

const sorted = (list: string[]) => [...list].sort();

for (const setup of setups) {
  describe(`what the console is told it may offer (${setup.name})`, () => {
    let t: Booted;
    const agents: Record<string, Agent> = {};
    beforeAll(async () => {
      t = await boot(setup);
      for (const [who, credentials] of Object.entries({
        owner: OWNER,
        editor: EDITOR,
        writer: WRITER,
        checker: CHECKER,
      })) {
        agents[who] = await signIn(t.url, credentials);
      }
    }, 60_000);
    afterAll(async () => t?.stop());

    const me = async (agent: Agent): Promise<Me> => {
      const res = await agent.get('/api/auth/user');
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Me;
    };

    const CREATES: Record<string, string[]> = {
      // The owner is a CRO admin (the demo's plan includes cro); the others have the CRO role none.
      owner: [
        'bios',
        'campaigns',
        'ctas',
        'excluded-pages',
        'experiments',
        'funnels',
        'goals',
        'members',
        'posts',
        'products',
        'questions',
        'redirect-rules',
        'url-lists',
        'websites',
      ],
      editor: ['bios', 'posts', 'questions', 'redirect-rules'],
      writer: ['bios', 'posts', 'questions'],
      checker: ['bios', 'questions'],
    };

    for (const who of ['owner', 'editor', 'writer', 'checker']) {
      it(`tells the ${who} what they may create in Demo Publishing, and a new organisation`, async () => {
        const body = await me(agents[who]!);
        expect(body.creates).toEqual(['organisations']);
        expect(body.organisations.map((o) => ({ name: o.name, creates: sorted(o.creates) }))).toEqual([
          { name: 'Demo Publishing', creates: CREATES[who] },
        ]);
      });
    }

    it('refuses the creates it does not tell: a writer adding a website or inviting, a checker writing a post', async () => {
      const writer = await me(agents.writer!);
      const organisationId = writer.organisations[0]!.id;
      const website = await agents
        .writer!.post('/api/websites')
        .send({ organisationId, name: 'Not mine', url: 'https://not-mine.example' });
      expectWith(website.status, JSON.stringify(website.body)).toBe(403);
      const invite = await agents
        .writer!.post('/api/members')
        .send({ organisationId, email: 'someone@else.example', name: 'Someone' });
      expectWith(invite.status, JSON.stringify(invite.body)).toBe(403);
      const websites = (await agents.checker!.get('/api/websites')).body as { id: string }[];
      const post = await agents
        .checker!.post('/api/posts')
        .send({ websiteId: websites[0]!.id, type: 'blog', title: 'A checker writes' });
      expectWith(post.status, JSON.stringify(post.body)).toBe(403);
    });

    it('lists the audit trail and the workflow report for the owner and the editor, not the fact checker or the writer, as their routes answer', async () => {
      const reads: Record<string, boolean> = { owner: true, editor: true, writer: false, checker: false };
      for (const [who, reader] of Object.entries(reads)) {
        const navigation = (await me(agents[who]!)).navigation;
        expectWith(navigation.includes('audit'), `${who}: audit in the navigation`).toBe(reader);
        expectWith(navigation.includes('workflow-report'), `${who}: workflow-report in the navigation`).toBe(reader);
        expectWith((await agents[who]!.get('/api/audit')).status, `${who}: GET /api/audit`).toBe(reader ? 200 : 403);
        expectWith((await agents[who]!.get('/api/reports/workflow')).status, `${who}: GET /api/reports/workflow`).toBe(
          reader ? 200 : 403,
        );
      }
      // The fact checker keeps the editorial screens they work in.
      expect((await me(agents.checker!)).navigation).toEqual(
        expect.arrayContaining(['in-progress', 'review', 'published']),
      );
    });

    it('does not offer the sole owner Deactivate on their own member record (the server would refuse it)', async () => {
      const members = (await agents.owner!.get('/api/members')).body as { email: string; allowedActions: string[] }[];
      const owner = members.find((m) => m.email === OWNER.email)!;
      expect(owner.allowedActions).not.toContain('Deactivate');
      const writer = members.find((m) => m.email === WRITER.email)!;
      expect(writer.allowedActions).toContain('Deactivate');
    });

    it('in demo mode tells nothing to create and lists no screen that only changes things or is refused', async () => {
      const agent = newAgent(t.url);
      const signup = await agent
        .post('/api/auth/signup')
        .send({ email: 'demo-visitor@new.example', password: 'Visitor-pass-1', name: 'Vic', orgName: 'Vic Co' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const own = await me(agent);
      // A new owner on the Starter plan (cms only): no community questions to ask.
      expect(own.creates).toEqual(['organisations']);
      expect(own.organisations.map((o) => sorted(o.creates))).toEqual([
        ['bios', 'members', 'posts', 'redirect-rules', 'websites'],
      ]);
      expect(own.navigation).toEqual(
        expect.arrayContaining(['roles-and-permissions', 'login-as', 'audit', 'workflow-report']),
      );
      // The sign-up's answer says the same as GET /api/auth/user.
      expect({
        creates: signup.body.creates,
        organisations: signup.body.organisations.map((o: { creates: string[] }) => sorted(o.creates)),
      }).toEqual({
        creates: ['organisations'],
        organisations: [['bios', 'members', 'posts', 'redirect-rules', 'websites']],
      });

      expectWith((await agent.post('/api/auth/demo/enter').send({})).status, 'enter demo').toBe(200);
      const demo = await me(agent);
      expect(demo.creates).toEqual([]);
      expect(demo.organisations.map((o) => ({ name: o.name, creates: o.creates }))).toEqual([
        { name: 'Demo Publishing', creates: [] },
      ]);
      for (const entry of ['create', 'roles-and-permissions', 'login-as', 'audit', 'workflow-report']) {
        expectWith(demo.navigation, `demo navigation lists ${entry}`).not.toContain(entry);
      }
      expect(demo.navigation).toEqual(expect.arrayContaining(['dashboard', 'websites', 'members']));
      expect((await agent.get('/api/audit')).status).toBe(403);
      const organisation = await agent.post('/api/organisations').send({ name: 'From the demo' });
      expect(organisation.status).toBe(403);
      // Read-only means no record offers an action either: every list's records, and one record read alone.
      // (The demo has no redirect rule: its list is checked, and is empty.)
      for (const resource of ['websites', 'members', 'posts', 'questions', 'bios', 'redirect-rules', 'organisations']) {
        const list = await agent.get(`/api/${resource}`);
        expectWith(list.status, `demo GET /api/${resource}`).toBe(200);
        const records = list.body as Array<{ id: string; allowedActions?: string[] }>;
        const offered = records
          .filter((r) => (r.allowedActions ?? []).length > 0)
          .map((r) => `${r.id}: ${r.allowedActions!.join(', ')}`);
        expectWith(offered, `demo ${resource} offering actions`).toEqual([]);
        if (resource === 'redirect-rules') continue;
        expectWith(records.length, `demo ${resource} listed`).toBeGreaterThan(0);
        const one = await agent.get(`/api/${resource}/${records[0]!.id}`);
        expectWith(one.status, `demo GET /api/${resource}/{id}`).toBe(200);
        expectWith(one.body.allowedActions ?? [], `demo ${resource} record offering actions`).toEqual([]);
      }
    });
  });
}
