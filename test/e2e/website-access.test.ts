import { ORGANISATION } from '#libs/organisations/src/domain/deciders.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import type { RegisteredEventStore } from '#libs/eventstore/src/index.js';
import { IdentityService } from '#libs/identity/src/identity.service.js';
import { memberIdOf } from '#libs/organisations/src/domain/member.decider.js';
import { WebsiteAccessMigration } from '#libs/organisations/src/website-access.migration.js';
import { DecideCommand, type DecideResult } from '#libs/platform/src/commands/decide.command.js';
import { CommandBus } from '@nestjs/cqrs';
import {
  EDITOR,
  OWNER,
  WRITER,
  boot,
  listQuery,
  newAgent,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
} from './setups.js';

type Rec = Record<string, any>;

const BODY = {
  outline: '1. Why\n2. How',
  richText: { json: { type: 'doc' }, html: '<p>Plants need light and water.</p>' },
};

/**
 * Website access (DESIGN.md "Trust boundary"): the demo writer and editor are limited to the
 * Demo Blog; everything of the Demo Shop is then out of their reach, as if it did not exist.
 */
for (const setup of setups) {
  describe(`website access (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let writer: Agent;
    let editor: Agent;
    let organisationId: string;
    let blog: string;
    let shop: string;
    /** Records of the shop (out of reach) and of the blog (in reach), made by the owner. */
    const onShop: Rec = {};
    const onBlog: Rec = {};

    async function created(res: { status: number; body: any }, what: string) {
      expectWith(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body as Rec;
    }

    async function limit(email: string, websiteIds: string[]) {
      const members = (await owner.get('/api/members')).body as Rec[];
      const member = members.find((m) => m.email === email)!;
      const res = await owner.put(`/api/members/${member.id}`).send({ websiteIds });
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.websiteIds).toEqual(websiteIds);
    }

    beforeAll(async () => {
      t = await boot(setup);
      [owner, writer, editor] = await Promise.all([OWNER, WRITER, EDITOR].map((who) => signIn(t.url, who)));
      const me = (await owner.get('/api/auth/user')).body;
      organisationId = me.organisations[0].id;
      const sites = me.websites as Rec[];
      blog = sites.find((w) => w.name === 'Demo Blog')!.id;
      shop = sites.find((w) => w.name === 'Demo Shop')!.id;

      for (const [site, into] of [
        [shop, onShop],
        [blog, onBlog],
      ] as const) {
        const name = site === shop ? 'Shop' : 'Blog';
        into.post = await created(
          await owner.post('/api/posts').send({ websiteId: site, title: `${name} basil guide`, type: 'blog' }),
          'post',
        );
        const saved = await owner.put(`/api/posts/${into.post.id}`).send({ version: into.post.version, ...BODY });
        expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
        // Leaving the Writer stage closes a stage span: the workflow report counts it.
        const submitted = await owner.post(`/api/posts/${into.post.id}/actions/SubmitForEdit`).send({});
        expectWith(submitted.status, JSON.stringify(submitted.body)).toBe(200);
        into.question = await created(
          await owner.post('/api/questions').send({ websiteId: site, title: `${name} question about soil` }),
          'question',
        );
        into.answer = await created(
          await owner.post('/api/answers').send({ questionId: into.question.id, body: `${name} answer: loam.` }),
          'answer',
        );
        into.bio = await created(
          await owner.post('/api/bios').send({ websiteId: site, kind: 'expert', displayName: `${name} Expert` }),
          'bio',
        );
        into.rule = await created(
          await owner
            .post('/api/redirect-rules')
            .send({ websiteId: site, fromPath: `/${name.toLowerCase()}-old`, toPath: '/new' }),
          'redirect rule',
        );
      }
      // Before the limit, the demo writer works on both demo websites (the seed lists both).
      expect(((await writer.get('/api/auth/user')).body.websites as Rec[]).map((w) => w.id).sort()).toEqual(
        [blog, shop].sort(),
      );
      await limit(WRITER.email, [blog]);
      await limit(EDITOR.email, [blog]);
    }, 120_000);
    afterAll(async () => t?.stop());

    it('the current user lists only the websites the member reaches; the owner sees both', async () => {
      for (const member of [writer, editor]) {
        const me = (await member.get('/api/auth/user')).body;
        expect(me.websites).toEqual([{ id: blog, name: 'Demo Blog', organisationId }]);
      }
      const mine = (await owner.get('/api/auth/user')).body.websites as Rec[];
      expect(mine.map((w) => w.name)).toEqual(['Demo Blog', 'Demo Shop']);
    });

    it('lists hold nothing of the other website, also when filtered by it or by id', async () => {
      const lists: Array<[string, Rec, string]> = [
        ['websites', { id: shop }, 'id'],
        ['posts', onShop.post, 'websiteId'],
        ['questions', onShop.question, 'websiteId'],
        ['answers', onShop.answer, 'websiteId'],
        ['bios', onShop.bio, 'websiteId'],
        ['redirect-rules', onShop.rule, 'websiteId'],
      ];
      for (const [resource, record, websiteField] of lists) {
        for (const member of [writer, editor]) {
          const all = await member.get(`/api/${resource}?${listQuery({ range: [0, 999] })}`);
          expectWith(all.status, `${resource}: ${JSON.stringify(all.body)}`).toBe(200);
          expectWith(all.body.length, resource).toBeGreaterThan(0);
          expectWith(
            (all.body as Rec[]).every((r) => r[websiteField] === blog),
            resource,
          ).toBe(true);
          expectWith(totalOf(all), resource).toBe(all.body.length);
          const bySite = await member.get(
            `/api/${resource}?${listQuery({ filter: resource === 'websites' ? { id: shop } : { websiteId: shop } })}`,
          );
          expectWith(bySite.body, resource).toEqual([]);
          expectWith(totalOf(bySite), resource).toBe(0);
          const byId = await member.get(`/api/${resource}?${listQuery({ filter: { id: [record.id] } })}`);
          expectWith(byId.body, resource).toEqual([]);
        }
        // The owner's same query finds the shop's record (so the checks above can fail).
        const ownerById = await owner.get(`/api/${resource}?${listQuery({ filter: { id: [record.id] } })}`);
        expectWith(
          (ownerById.body as Rec[]).map((r) => r.id),
          resource,
        ).toEqual([record.id]);
      }
      // The blog's own records are listed.
      expect(
        ((await writer.get(`/api/posts?${listQuery({ filter: { websiteId: blog } })}`)).body as Rec[]).map((p) => p.id),
      ).toContain(onBlog.post.id);
    });

    it('tab counts leave the other website out', async () => {
      const posts = (await editor.get(`/api/posts/counts?websiteId=${shop}`)).body;
      expect(posts.all).toBe(0);
      expect((await owner.get(`/api/posts/counts?websiteId=${shop}`)).body.all).toBeGreaterThan(0);
      const questions = (await editor.get(`/api/questions/counts?websiteId=${shop}`)).body;
      expect(questions).toEqual({ new: 0, draft: 0, published: 0, moderator: 0, deleted: 0, publishedAnswers: 0 });
    });

    it('records of the other website answer 404, exactly as an id that does not exist', async () => {
      const records: Array<[string, string]> = [
        ['websites', shop],
        ['posts', onShop.post.id],
        ['questions', onShop.question.id],
        ['answers', onShop.answer.id],
        ['bios', onShop.bio.id],
        ['redirect-rules', onShop.rule.id],
      ];
      for (const [resource, id] of records) {
        for (const member of [writer, editor]) {
          const res = await member.get(`/api/${resource}/${id}`);
          expectWith(res.status, resource).toBe(404);
          expectWith(res.body, resource).toEqual((await member.get(`/api/${resource}/${randomUUID()}`)).body);
          expect(JSON.stringify(res.body)).not.toContain('Shop');
        }
        expectWith((await owner.get(`/api/${resource}/${id}`)).status, resource).toBe(200);
      }
      for (const sub of ['history', 'drafts'])
        expectWith((await editor.get(`/api/posts/${onShop.post.id}/${sub}`)).status, sub).toBe(404);
      expect((await editor.get(`/api/posts/${onShop.post.id}?asOf=${new Date().toISOString()}`)).status).toBe(404);
      expect((await editor.get(`/api/websites/${shop}/history`)).status).toBe(404);
      expect((await editor.get(`/api/websites/${shop}/installation`)).status).toBe(404);
      expect((await editor.get(`/api/questions/${onShop.question.id}/history`)).status).toBe(404);
      // The blog's records open.
      expect((await editor.get(`/api/posts/${onBlog.post.id}`)).status).toBe(200);
      expect((await writer.get(`/api/websites/${blog}`)).status).toBe(200);
    });

    it('actions, saves and deletes on the other website answer 404 and change nothing', async () => {
      const before = (await owner.get(`/api/posts/${onShop.post.id}`)).body;
      expect(before.status).toBe('Edit');
      const select = await editor.post(`/api/posts/${onShop.post.id}/actions/Select`).send({});
      expect(select.status).toBe(404);
      expect(
        (await editor.put(`/api/posts/${onShop.post.id}`).send({ version: before.version, title: 'Taken' })).status,
      ).toBe(404);
      expect((await editor.delete(`/api/posts/${onShop.post.id}`)).status).toBe(404);
      const bulk = await editor.post('/api/posts/bulk-actions').send({ action: 'Select', ids: [onShop.post.id] });
      expect(bulk.body.results).toEqual([{ id: onShop.post.id, ok: false, error: 'Post not found' }]);
      expect((await owner.get(`/api/posts/${onShop.post.id}`)).body).toEqual(before);

      expect((await editor.post(`/api/questions/${onShop.question.id}/actions/Delete`).send({})).status).toBe(404);
      expect((await editor.put(`/api/questions/${onShop.question.id}`).send({ title: 'Taken' })).status).toBe(404);
      expect((await editor.post(`/api/answers/${onShop.answer.id}/actions/Publish`).send({})).status).toBe(404);
      expect((await editor.post(`/api/bios/${onShop.bio.id}/actions/Publish`).send({})).status).toBe(404);
      expect((await editor.put(`/api/bios/${onShop.bio.id}`).send({ displayName: 'Taken' })).status).toBe(404);
      expect((await editor.put(`/api/redirect-rules/${onShop.rule.id}`).send({ toPath: '/taken' })).status).toBe(404);
      expect((await editor.delete(`/api/redirect-rules/${onShop.rule.id}`)).status).toBe(404);
      expect((await owner.get(`/api/questions/${onShop.question.id}`)).body.title).toBe('Shop question about soil');
      expect((await owner.get(`/api/bios/${onShop.bio.id}`)).body.displayName).toBe('Shop Expert');
      expect((await owner.get(`/api/redirect-rules/${onShop.rule.id}`)).body.toPath).toBe('/new');
      // The same action on the blog's post works (so the 404s above are about the website).
      expect((await editor.post(`/api/posts/${onBlog.post.id}/actions/Select`).send({})).status).toBe(200);
    });

    it('creating on the other website is refused as for a website that does not exist, and creates nothing', async () => {
      const unknown = randomUUID();
      const creates: Array<[string, (websiteId: string) => Rec]> = [
        ['posts', (websiteId) => ({ websiteId, title: 'Planted post', type: 'blog' })],
        ['questions', (websiteId) => ({ websiteId, title: 'Planted question' })],
        ['bios', (websiteId) => ({ websiteId, kind: 'expert', displayName: 'Planted Expert' })],
        ['redirect-rules', (websiteId) => ({ websiteId, fromPath: '/planted', toPath: '/x' })],
      ];
      for (const [resource, body] of creates) {
        const totalBefore = totalOf(await owner.get(`/api/${resource}?${listQuery({ filter: { websiteId: shop } })}`));
        const res = await editor.post(`/api/${resource}`).send(body(shop));
        expectWith([404, 422], `${resource}: ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        const asUnknown = await editor.post(`/api/${resource}`).send(body(unknown));
        expectWith(res.status, resource).toBe(asUnknown.status);
        expectWith(res.body, resource).toEqual(asUnknown.body);
        expect(JSON.stringify(res.body)).toContain('Website not found');
        expectWith(
          totalOf(await owner.get(`/api/${resource}?${listQuery({ filter: { websiteId: shop } })}`)),
          resource,
        ).toBe(totalBefore);
      }
      expect((await writer.post('/api/posts').send({ websiteId: shop, title: 'Planted', type: 'blog' })).status).toBe(
        422,
      );
      // An answer to the shop's question: the question is not found.
      const answer = await editor.post('/api/answers').send({ questionId: onShop.question.id, body: 'Planted answer' });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe('Question not found');
      // On the blog the writer creates.
      expect(
        (await writer.post('/api/posts').send({ websiteId: blog, title: 'Blog tomato guide', type: 'blog' })).status,
      ).toBe(201);
    });

    it('a post is not handed to a member who does not work on its website', async () => {
      const post = await created(
        await owner.post('/api/posts').send({ websiteId: shop, title: 'Shop handover', type: 'blog' }),
        'post',
      );
      const writerId = (await writer.get('/api/auth/user')).body.id;
      const res = await owner.post(`/api/posts/${post.id}/actions/SendTo`).send({ userId: writerId });
      expectWith(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors).toEqual({ userId: 'Wendy Writer does not work on this website' });
    });

    it('the workflow report and the audit trail leave the other website out', async () => {
      const report = (await editor.get('/api/reports/workflow')).body;
      expect((report.websites as Rec[]).map((w) => w.name)).toEqual(['Demo Blog']);
      const shopOnly = (await editor.get(`/api/reports/workflow?websiteId=${shop}`)).body;
      expect((shopOnly.stages as Rec[]).every((s) => s.completed === 0)).toBe(true);
      expect((shopOnly.queues as Rec[]).every((q) => q.waiting === 0 && q.inProgress === 0)).toBe(true);
      expect(shopOnly.websites).toEqual([]);
      const ownerReport = (await owner.get('/api/reports/workflow')).body;
      expect((ownerReport.websites as Rec[]).map((w) => w.name)).toEqual(['Demo Blog', 'Demo Shop']);

      for (const resourceId of [onShop.post.id, onShop.question.id, onShop.bio.id, onShop.rule.id, shop]) {
        const trail = await editor.get(`/api/audit?${listQuery({ filter: { resourceId } })}`);
        expect(trail.status).toBe(200);
        expectWith(trail.body, resourceId).toEqual([]);
        expectWith(
          ((await owner.get(`/api/audit?${listQuery({ filter: { resourceId } })}`)).body as Rec[]).length,
          resourceId,
        ).toBeGreaterThan(0);
      }
      const csv = await editor.get('/api/audit/export.csv');
      expect(csv.text).not.toContain(onShop.post.id);
      expect(csv.text).toContain(onBlog.post.id);
      // Records of no website (the members' own) stay in the trail.
      const members = await editor.get(`/api/audit?${listQuery({ filter: { resource: 'member' } })}`);
      expect((members.body as Rec[]).length).toBeGreaterThan(0);
    });

    it("an owner logged in as the member sees the member's websites; demo mode sees every demo website", async () => {
      const as = await signIn(t.url, OWNER);
      const writerId = (await writer.get('/api/auth/user')).body.id;
      const entered = await as.post(`/api/auth/login/as/${writerId}`);
      expectWith(entered.status, JSON.stringify(entered.body)).toBe(200);
      expect(entered.body.websites).toEqual([{ id: blog, name: 'Demo Blog', organisationId }]);
      expect((await as.get(`/api/posts/${onShop.post.id}`)).status).toBe(404);
      expect((await as.get(`/api/posts/${onBlog.post.id}`)).status).toBe(200);

      // A stranger in demo mode reads both demo websites (read-only).
      const stranger = newAgent(t.url);
      const signup = await stranger
        .post('/api/auth/signup')
        .send({ email: 'stranger@elsewhere.example', password: 'Stranger-pass-1', name: 'Stan', orgName: 'Elsewhere' });
      expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
      const demo = await stranger.post('/api/auth/demo/enter').send({});
      expectWith(demo.status, JSON.stringify(demo.body)).toBe(200);
      expect((demo.body.websites as Rec[]).map((w) => w.name)).toEqual(['Demo Blog', 'Demo Shop']);
      expect(((await stranger.get('/api/auth/user')).body.websites as Rec[]).map((w) => w.name)).toEqual([
        'Demo Blog',
        'Demo Shop',
      ]);
      expect((await stranger.get(`/api/posts/${onShop.post.id}`)).status).toBe(200);
    });

    it('the owner reaches both websites', async () => {
      for (const resource of ['posts', 'questions', 'bios', 'redirect-rules']) {
        const sites = new Set(
          ((await owner.get(`/api/${resource}?${listQuery({ range: [0, 999] })}`)).body as Rec[]).map(
            (r) => r.websiteId,
          ),
        );
        expectWith([...sites].sort(), resource).toEqual([blog, shop].sort());
      }
    });

    describe('memberships recorded before the rule', () => {
      let legacy: { user: string; member: string };
      let listed: string;
      let admin: string;
      let recent: string;
      let removed: string;

      /** A member as schema v1 recorded them: a user, the organisation's membership, and a MemberJoined v1. */
      async function recordedBefore(
        name: string,
        access: { orgRole: string; websiteIds: string[] },
        later: Rec[] = [],
      ) {
        const email = `${name.toLowerCase()}@legacy.example`;
        const userId = (
          await t.app.app.get(IdentityService).register({ email, name, password: 'Legacy-pass-1', role: 'writer' })
        ).id;
        const commands = t.app.app.get(CommandBus);
        const added: DecideResult = await commands.execute(
          new DecideCommand(ORGANISATION, organisationId, {
            type: 'AddMember',
            actor: { userId: 'system', roles: ['system'] },
            data: { userId, role: access.orgRole },
          }),
        );
        await t.app.runtime.projections.waitFor(added.position);
        const memberId = memberIdOf(organisationId, userId);
        const raw = (t.app.runtime.store as RegisteredEventStore).inner;
        const metadata = { actorId: 'system', organisationId, command: 'Join' };
        const written = await raw.append(
          `member-${memberId}`,
          [
            {
              type: 'MemberJoined',
              schemaVersion: 1,
              metadata,
              data: {
                organisationId,
                userId,
                email,
                name,
                cmsRole: 'creator',
                croRole: 'none',
                locales: [],
                ...access,
              },
            },
            ...later.map((data) => ({
              type: 'MemberAccessChanged',
              schemaVersion: 1,
              metadata: { ...metadata, command: 'ChangeAccess' },
              data,
            })),
          ],
          'no_stream',
        );
        await t.app.runtime.projections.waitFor(written.position);
        return { user: userId, member: memberId, email };
      }

      beforeAll(async () => {
        legacy = await recordedBefore('Lena', { orgRole: 'member', websiteIds: [] });
        listed = (await recordedBefore('Lisa', { orgRole: 'member', websiteIds: [blog] })).member;
        admin = (await recordedBefore('Adam', { orgRole: 'admin', websiteIds: [] })).member;
        // Given the blog and taken off it again before the rule: the list is empty, as before the rule.
        removed = (
          await recordedBefore('Rory', { orgRole: 'member', websiteIds: [] }, [
            { websiteIds: [blog] },
            { websiteIds: [] },
          ])
        ).member;
        // Invited under the rule with no website: that is a choice, not a leftover.
        const invited = await owner
          .post('/api/members')
          .send({ organisationId, email: 'nina@recent.example', name: 'Nina Recent', websiteIds: [] });
        expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
        recent = invited.body.id;
      }, 60_000);

      it('before the grant, an empty list reaches no website', async () => {
        const lena = await signIn(t.url, { email: 'lena@legacy.example', password: 'Legacy-pass-1' });
        expect((await lena.get('/api/auth/user')).body.websites).toEqual([]);
        expect((await lena.get(`/api/posts/${onBlog.post.id}`)).status).toBe(404);
      });

      it("one system command gives them the organisation's websites of that moment, once", async () => {
        const websites = ((await owner.get(`/api/websites?${listQuery({ range: [0, 999] })}`)).body as Rec[]).map(
          (w) => w.id,
        );
        expect(websites).toEqual(expect.arrayContaining([blog, shop]));
        const granted = await t.app.app.get(WebsiteAccessMigration).run();
        expect(granted).toBe(2);
        const member = async (id: string) => (await owner.get(`/api/members/${id}`)).body as Rec;
        expect((await member(legacy.member)).websiteIds.sort()).toEqual([...websites].sort());
        expect((await member(removed)).websiteIds.sort()).toEqual([...websites].sort());
        // Left alone: a listed website, an admin (every website anyway), a member invited under the rule.
        expect((await member(listed)).websiteIds).toEqual([blog]);
        expect((await member(admin)).websiteIds).toEqual([]);
        expect((await member(recent)).websiteIds).toEqual([]);

        const history = (await owner.get(`/api/members/${legacy.member}/history`)).body as Rec[];
        const grants = history.filter((e) => e.action === 'GrantExistingWebsites');
        expect(grants).toHaveLength(1);
        expect(grants[0]).toMatchObject({ type: 'MemberAccessChanged', actor: { id: 'system' } });
        expect(grants[0].data.websiteIds.sort()).toEqual([...websites].sort());
        expect(
          (await owner.get(`/api/members/${listed}/history`)).body.some(
            (e: Rec) => e.action === 'GrantExistingWebsites',
          ),
        ).toBe(false);

        // A second run appends nothing, and neither does a start after an owner takes a website off.
        expect(await t.app.app.get(WebsiteAccessMigration).run()).toBe(0);
        const lena = await member(legacy.member);
        const off = await owner.put(`/api/members/${legacy.member}`).send({ websiteIds: [] });
        expect(off.status).toBe(200);
        expect(await t.app.app.get(WebsiteAccessMigration).run()).toBe(0);
        expect((await member(legacy.member)).websiteIds).toEqual([]);
        expect(
          ((await owner.get(`/api/members/${legacy.member}/history`)).body as Rec[]).filter(
            (e) => e.action === 'GrantExistingWebsites',
          ),
        ).toHaveLength(1);
        await owner.put(`/api/members/${legacy.member}`).send({ websiteIds: lena.websiteIds });
      });

      it('after the grant they reach those websites', async () => {
        const lena = await signIn(t.url, { email: 'lena@legacy.example', password: 'Legacy-pass-1' });
        expect(((await lena.get('/api/auth/user')).body.websites as Rec[]).map((w) => w.id)).toEqual(
          expect.arrayContaining([blog, shop]),
        );
        expect((await lena.get(`/api/posts/${onBlog.post.id}`)).status).toBe(200);
        expect((await lena.get(`/api/posts/${onShop.post.id}`)).status).toBe(200);
      });
    });
  });
}
