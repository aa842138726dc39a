// Writer and expert bios (the spec's "Expert/writer bio", CMS settings' Bios tab) through the real
// HTTP stack: who may write which bio, the validation messages, slugs, publishing, versions, lists
// and history.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { expectWith } from '../support/expect.js';
import {
  EDITOR,
  OWNER,
  WRITER,
  boot,
  giveWebsite,
  listQuery,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
} from './setups.js';

for (const setup of setups) {
  describe(`bios (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let siteId: string;
    let writerId: string;
    let editorId: string;

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer] = await Promise.all([OWNER, EDITOR, WRITER].map((who) => signIn(t.url, who)));
      siteId = (await owner.post('/api/websites').send({ name: 'Bio Garden', url: 'https://bio-garden.example' })).body
        .id;
      await giveWebsite(owner, siteId);
      writerId = (await writer.get('/api/auth/user')).body.id;
      editorId = (await editor.get('/api/auth/user')).body.id;
    });
    afterAll(async () => t?.stop());

    it("the demo: Demo Blog credits published bios (and an expert); a Demo Shop post prompts for its writer's bio", async () => {
      const websites = (await owner.get('/api/websites')).body as { id: string; name: string }[];
      const blog = websites.find((w) => w.name === 'Demo Blog')!.id;
      const shop = websites.find((w) => w.name === 'Demo Shop')!.id;
      const bios = (
        await owner.get(`/api/bios?${listQuery({ filter: { websiteId: blog }, sort: ['displayName', 'ASC'] })}`)
      ).body as { displayName: string; kind: string; status: string }[];
      expect(bios.map((b) => [b.displayName, b.kind, b.status])).toEqual([
        ['Dr. Olive Grün', 'expert', 'published'],
        ['Eddie Editor', 'writer', 'published'],
        ['Rita Reviewer', 'writer', 'published'],
        ['Wendy Writer', 'writer', 'published'],
      ]);
      const posts = (await owner.get(`/api/posts?${listQuery({ filter: { tab: 'all' }, range: [0, 99] })}`)).body as {
        id: string;
        title: string;
        websiteId: string;
      }[];
      const houseplants = (
        await owner.get(`/api/posts/${posts.find((p) => p.title === '10 houseplants that survive anything')!.id}`)
      ).body;
      expect(houseplants).toMatchObject({ status: 'Published', bioPrompts: [] });
      expect(houseplants.expertId).toEqual(expect.any(String));
      expect(houseplants.richText.json.content.map((n: { type: string }) => n.type)).toEqual([
        'paragraph',
        'paragraph',
        'paragraph',
        'callout',
        'faq',
      ]);
      const ceramic = (
        await owner.get(
          `/api/posts/${posts.find((p) => p.websiteId === shop && p.title === 'Ceramic or plastic pots?')!.id}`,
        )
      ).body;
      expect(ceramic.bioPrompts).toEqual([
        expect.objectContaining({
          field: 'writer',
          message: "click to add Writer's bio",
          name: 'Wendy Writer',
          bioId: null,
        }),
      ]);
    });

    it('an editor creates an expert bio, completes and publishes it; the history shows every step', async () => {
      const created = await editor.post('/api/bios').send({
        websiteId: siteId,
        kind: 'expert',
        displayName: 'Dr. Olive Grün',
        title: 'Botanist',
        role: 'Advisor',
        categories: ['Herbs'],
        expertise: ['Soil', 'Watering'],
        education: ['PhD Botany, Utrecht'],
        socialUrls: ['https://social.example/olive'],
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body).toMatchObject({
        kind: 'expert',
        userId: null,
        status: 'draft',
        slug: 'dr-olive-grun',
        version: 1,
        expertise: ['Soil', 'Watering'],
      });
      expect(created.body.allowedActions).toEqual(expect.arrayContaining(['Update', 'Publish', 'Delete']));
      const id = created.body.id;

      const early = await editor.post(`/api/bios/${id}/actions/Publish`).send({});
      expect(early.status).toBe(422);
      expect(early.body.errors).toEqual({ text: 'Text is missing!' });

      const saved = await editor.put(`/api/bios/${id}`).send({
        ...created.body,
        text: 'Olive studies herbs.',
        quote: 'Less water, more light.',
        status: 'published',
        allowedActions: ['All'],
      });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ status: 'draft', text: 'Olive studies herbs.', version: 2 });
      const stale = await editor.put(`/api/bios/${id}`).send({ version: 1, title: 'Old' });
      expect(stale.status).toBe(409);

      const published = await editor.post(`/api/bios/${id}/actions/Publish`).send({});
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ status: 'published', version: 3 });
      expect(published.body.allowedActions).toEqual(expect.arrayContaining(['Update', 'Unpublish', 'Delete']));
      // A published bio keeps what publishing needs.
      const emptied = await editor.put(`/api/bios/${id}`).send({ version: 3, text: '  ' });
      expect(emptied.status).toBe(422);
      expect(emptied.body.errors).toEqual({ text: 'Text is missing!' });

      const history = (await owner.get(`/api/bios/${id}/history`)).body as { type: string; actor: { name: string } }[];
      expect(history.map((e) => e.type)).toEqual(['BioCreated', 'BioChanged', 'BioPublished']);
      expect(history[0]!.actor.name).toBe('Eddie Editor');
    });

    it('validates with clear messages and never answers 500', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ websiteId: siteId, kind: 'expert' }, 'displayName', 'Display name is missing!'],
        [{ websiteId: siteId, kind: 'expert', displayName: '  ' }, 'displayName', 'Display name cannot be empty'],
        [
          { websiteId: siteId, kind: 'expert', displayName: 'A', profilePic: 'not a url' },
          'profilePic',
          'Profile pic URL must be a valid URL (http or https)',
        ],
        [
          { websiteId: siteId, kind: 'expert', displayName: 'A', socialUrls: ['javascript:alert(1)'] },
          'socialUrls.0',
          'Social URLs must be a valid URL (http or https)',
        ],
        [
          { websiteId: siteId, kind: 'expert', displayName: 'A', metaDescription: 'x'.repeat(321) },
          'metaDescription',
          'The maximum length is 320 characters',
        ],
        [
          { websiteId: siteId, kind: 'expert', displayName: 'A', slug: 'Not A Slug' },
          'slug',
          'slug may contain lower-case letters, digits and single dashes',
        ],
        [{ websiteId: siteId, kind: 'guru', displayName: 'A' }, 'kind', 'Kind must be one of writer, expert'],
        [
          { websiteId: siteId, kind: 'writer', displayName: 'A' },
          'userId',
          'A writer bio needs the member it is about (userId)',
        ],
        [
          { websiteId: siteId, kind: 'writer', userId: 'nobody', displayName: 'A' },
          'userId',
          'This person is not an active member of the organisation',
        ],
        [{ websiteId: 'no-such-site', kind: 'expert', displayName: 'A' }, 'websiteId', 'Website not found'],
      ];
      for (const [body, field, message] of cases) {
        const res = await editor.post('/api/bios').send(body);
        expectWith(res.status, JSON.stringify(body)).toBe(422);
        expectWith(res.body.errors[field], JSON.stringify(res.body)).toBe(message);
      }
      for (const body of [[], { websiteId: 42 }, { websiteId: siteId, displayName: 'A', categories: 'Herbs' }]) {
        const res = await editor.post('/api/bios').send(body as object);
        expectWith(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect((await editor.post('/api/bios/not-a-bio/actions/Publish').send({})).status).toBe(404);
      const some = (
        await editor.post('/api/bios').send({ websiteId: siteId, kind: 'expert', displayName: 'Action Tester' })
      ).body.id;
      // An action no table has: the same answer on every resource (the resource framework), the decider's words.
      const unknown = await editor.post(`/api/bios/${some}/actions/Explode`).send({});
      expect([unknown.status, unknown.body.message]).toEqual([422, 'Action Explode is not supported for a bio']);
    });

    it('one slug per website and one bio per member; a member writes their own bio, only editors write others and publish', async () => {
      const first = await editor.post('/api/bios').send({ websiteId: siteId, kind: 'expert', displayName: 'Sam Slug' });
      expect(first.status).toBe(201);
      const again = await editor.post('/api/bios').send({ websiteId: siteId, kind: 'expert', displayName: 'Sam Slug' });
      expect(again.status).toBe(409);
      expect(again.body.errors).toEqual({ slug: 'Another bio of this website already has this slug' });

      const own = await writer.post('/api/bios').send({
        websiteId: siteId,
        kind: 'writer',
        userId: writerId,
        displayName: 'Wendy Writer',
        text: 'Wendy writes.',
      });
      expectWith(own.status, JSON.stringify(own.body)).toBe(201);
      expect(own.body.allowedActions).toEqual(['Update']);
      const second = await editor
        .post('/api/bios')
        .send({ websiteId: siteId, kind: 'writer', userId: writerId, displayName: 'Wendy W.' });
      expect(second.status).toBe(409);
      expect(second.body.errors).toEqual({ userId: 'Wendy Writer already has a bio on this website' });

      const forOther = await writer
        .post('/api/bios')
        .send({ websiteId: siteId, kind: 'writer', userId: editorId, displayName: 'Eddie' });
      expect(forOther.status).toBe(403);
      expect((await writer.put(`/api/bios/${first.body.id}`).send({ version: 1, title: 'Hacked' })).status).toBe(403);
      expect(
        (await writer.put(`/api/bios/${own.body.id}`).send({ version: 1, highlights: ['Ten years of herbs'] })).body,
      ).toMatchObject({ highlights: ['Ten years of herbs'], version: 2 });
      expect((await writer.post(`/api/bios/${own.body.id}/actions/Publish`).send({})).status).toBe(403);
      expect((await editor.post(`/api/bios/${own.body.id}/actions/Publish`).send({})).status).toBe(200);
      expect((await writer.delete(`/api/bios/${own.body.id}`)).status).toBe(403);
    });

    it('answers the kinds, the statuses and the action buttons with their labels (GET /api/bios/options)', async () => {
      const options = await writer.get('/api/bios/options');
      expect(options.status).toBe(200);
      expect(options.body).toEqual({
        kinds: [
          { id: 'writer', name: 'Writer', plural: 'Writers' },
          { id: 'expert', name: 'Expert', plural: 'Experts' },
        ],
        statuses: [
          { id: 'draft', name: 'Draft' },
          { id: 'published', name: 'Published' },
        ],
        actions: [
          { id: 'Publish', name: 'Publish' },
          { id: 'Unpublish', name: 'Unpublish' },
        ],
      });
      // Not a bio's id: the route stays in front of GET /api/bios/{id}, for signed-in users only.
      expect((await request(t.url).get('/api/bios/options')).status).toBe(401);
    });

    it('lists bios with filters, sorts and Content-Range; a deleted bio leaves the list', async () => {
      for (const name of ['Zed Expert', 'Amy Expert'])
        await editor
          .post('/api/bios')
          .send({ websiteId: siteId, kind: 'expert', displayName: name, text: 'Knows things.' });
      const experts = await owner.get(
        `/api/bios?${listQuery({ filter: { websiteId: siteId, kind: 'expert' }, sort: ['displayName', 'ASC'], range: [0, 99] })}`,
      );
      expect(experts.status).toBe(200);
      const names = (experts.body as { displayName: string }[]).map((b) => b.displayName);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
      expect(names).toEqual(expect.arrayContaining(['Amy Expert', 'Zed Expert']));
      expect(totalOf(experts)).toBe(names.length);
      const writers = (await owner.get(`/api/bios?${listQuery({ filter: { websiteId: siteId, kind: 'writer' } })}`))
        .body as { displayName: string }[];
      expect(writers.map((b) => b.displayName)).toEqual(['Wendy Writer']);
      const search = (await owner.get(`/api/bios?${listQuery({ filter: { q: 'zed' } })}`)).body as {
        displayName: string;
      }[];
      expect(search.map((b) => b.displayName)).toEqual(['Zed Expert']);

      const zed = (experts.body as { id: string; displayName: string }[]).find((b) => b.displayName === 'Zed Expert')!;
      const deleted = await editor.delete(`/api/bios/${zed.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: zed.id, status: 'deleted' });
      expect((await owner.get(`/api/bios/${zed.id}`)).status).toBe(404);
      const after = (await owner.get(`/api/bios?${listQuery({ filter: { q: 'zed' } })}`)).body as unknown[];
      expect(after).toEqual([]);
      // Its slug is free again.
      expect(
        (await editor.post('/api/bios').send({ websiteId: siteId, kind: 'expert', displayName: 'Zed Expert' })).status,
      ).toBe(201);
    });
  });
}
