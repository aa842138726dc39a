import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { BOTS, PEOPLE } from '../support/user-agents.js';
import {
  EDITOR,
  OWNER,
  WRITER,
  boot,
  giveWebsite,
  listQuery,
  publishOwnBio,
  setups,
  signIn,
  totalOf,
  type Agent,
  type Booted,
  newAgent,
} from './setups.js';

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };
const BODY = {
  outline: '1. Why\n2. How',
  richText: { json: { type: 'doc' }, html: '<p>Plants need <a href="https://example.org">light</a> and water.</p>' },
};

for (const setup of setups) {
  describe(`posts: the article workflow (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let checker: Agent;
    let everyStage: string;
    let noStages: string;

    /** A website of the demo organisation with these workflow settings. */
    async function website(name: string, settings: Record<string, unknown>) {
      const res = await owner
        .post('/api/websites')
        .send({ name, url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`, ...settings });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      // The demo's editor, writer and checker work on it (members reach the websites listed on their membership).
      await giveWebsite(owner, res.body.id);
      return res.body.id as string;
    }

    async function act(agent: Agent, id: string, action: string, body: Record<string, unknown> = {}) {
      const res = await agent.post(`/api/posts/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    }

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer, checker] = await Promise.all(
        [OWNER, EDITOR, WRITER, CHECKER].map((who) => signIn(t.url, who)),
      );
      everyStage = await website('Every Stage', { secondEdit: true, customerReview: true, factCheckLevels: 4 });
      noStages = await website('No Stages', { secondEdit: false, customerReview: false, factCheckLevels: 0 });
      for (const who of [writer, editor, owner]) await publishOwnBio(who, owner, noStages);
    });
    afterAll(async () => t?.stop());

    it('takes a post from Create to Published through every stage on a website with all four fact-check levels', async () => {
      const created = await writer
        .post('/api/posts')
        .send({ websiteId: everyStage, title: 'How to grow basil', type: 'blog' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;
      expect(created.body).toMatchObject({
        status: 'Writer',
        statusLabel: 'Writing',
        slug: 'how-to-grow-basil',
        locale: 'en',
        version: 1,
        holder: { name: 'Wendy Writer' },
      });
      expect(created.body.stages).toEqual([
        'Writer',
        'Edit',
        'SecondEdit',
        'Review',
        'FactCheck',
        'SecondFactCheck',
        'ThirdFactCheck',
        'FourthFactCheck',
      ]);
      expect(created.body.allowedActions).toEqual(expect.arrayContaining(['Save', 'Discard', 'SubmitForEdit']));
      expect(created.body.allowedActions).not.toContain('Publish');

      // Submitting without outline and body: the spec's messages.
      const early = await writer.post(`/api/posts/${id}/actions/SubmitForEdit`).send({});
      expect(early.status).toBe(422);
      expect(early.body.errors).toEqual({ outline: 'Outline field is required', richText: 'Body is missing!' });

      const saved = await writer
        .put(`/api/posts/${id}`)
        .send({ ...created.body, ...BODY, status: 'Published', allowedActions: ['Everything'] });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ status: 'Writer', version: 2, words: 5, links: 1 });

      let post = await act(writer, id, 'SubmitForEdit', { note: 'Ready for a look' });
      expect(post).toMatchObject({ status: 'Edit', holder: null });
      // The writer may not act on the Edit stage; the editor may.
      expect(post.allowedActions).toEqual([]);
      expect((await writer.post(`/api/posts/${id}/actions/SubmitForSecondEdit`).send({})).status).toBe(403);
      post = await act(editor, id, 'Select');
      expect(post.holder).toMatchObject({ name: 'Eddie Editor' });
      post = (await editor.put(`/api/posts/${id}`).send({ version: post.version, subtitle: 'A windowsill guide' }))
        .body;
      expect(post.subtitle).toBe('A windowsill guide');
      post = await act(editor, id, 'SubmitForSecondEdit');
      expect(post.status).toBe('SecondEdit');
      post = await act(editor, id, 'SubmitForReview');
      expect(post.status).toBe('Review');
      post = await act(checker, id, 'SubmitForFactCheck');
      expect(post.status).toBe('FactCheck');
      for (const next of ['SecondFactCheck', 'ThirdFactCheck', 'FourthFactCheck']) {
        post = await act(checker, id, 'ApproveFactCheck');
        expect(post.status).toBe(next);
      }
      // The page credits its writer, who has no bio on this website yet: the spec's prompt.
      expect(post.bioPrompts).toEqual([
        {
          field: 'writer',
          label: 'Writer',
          message: "click to add Writer's bio",
          userId: expect.any(String),
          name: 'Wendy Writer',
          bioId: null,
        },
      ]);
      const noBio = await checker.post(`/api/posts/${id}/actions/ApproveFactCheck`).send({});
      expect(noBio.status).toBe(422);
      expect(noBio.body.errors).toEqual({ writerBio: "click to add Writer's bio" });
      // The writer writes it (a draft is not enough), an editor publishes it, then the last check publishes the post.
      const draft = await writer.post('/api/bios').send({
        websiteId: everyStage,
        userId: post.bioPrompts[0].userId,
        displayName: 'Wendy Writer',
        text: 'Wendy grows herbs.',
      });
      expectWith(draft.status, JSON.stringify(draft.body)).toBe(201);
      expect((await checker.get(`/api/posts/${id}`)).body.bioPrompts).toEqual([
        expect.objectContaining({ field: 'writer', bioId: draft.body.id }),
      ]);
      expect((await checker.post(`/api/posts/${id}/actions/ApproveFactCheck`).send({})).status).toBe(422);
      expect((await editor.post(`/api/bios/${draft.body.id}/actions/Publish`).send({})).status).toBe(200);
      post = await act(checker, id, 'ApproveFactCheck');
      expect(post).toMatchObject({ status: 'Published', bioPrompts: [] });
      expect(post.publishedAt).toEqual(expect.any(String));
      expect(post.allowedActions).toEqual(['ExportPage']);
      expect((await owner.get(`/api/posts/${id}`)).body.allowedActions).toEqual(
        expect.arrayContaining(['Save', 'Delete', 'Archive', 'ExportPage']),
      );

      const history = (await owner.get(`/api/posts/${id}/history`)).body as {
        type: string;
        from: string | null;
        to: string | null;
        actor: { name: string };
        note: string | null;
        action: string;
      }[];
      const moves = history.filter((e) => e.from && e.to).map((e) => `${e.from}->${e.to}`);
      expect(moves).toEqual([
        'Writer->Edit',
        'Edit->SecondEdit',
        'SecondEdit->Review',
        'Review->FactCheck',
        'FactCheck->SecondFactCheck',
        'SecondFactCheck->ThirdFactCheck',
        'ThirdFactCheck->FourthFactCheck',
        'FourthFactCheck->Published',
      ]);
      expect(history[0]).toMatchObject({ type: 'PostCreated', action: 'Create', actor: { name: 'Wendy Writer' } });
      expect(history.find((e) => e.to === 'Edit')).toMatchObject({
        note: 'Ready for a look',
        action: 'SubmitForEdit',
        actor: { name: 'Wendy Writer' },
      });
      expect(history.at(-1)).toMatchObject({ type: 'PostFactCheckApproved', actor: { name: 'Rita Reviewer' } });
    });

    it('takes a post from Create to Published on a website without optional stages; four eyes stops the editor who saved it', async () => {
      const id = (
        await editor.post('/api/posts').send({ websiteId: noStages, title: 'A brief', type: 'comparison', ...BODY })
      ).body.id;
      let post = (await editor.get(`/api/posts/${id}`)).body;
      expect(post).toMatchObject({ status: 'Writer', holder: null, stages: ['Writer', 'Edit'] });
      post = await act(writer, id, 'Select');
      post = await act(writer, id, 'SubmitForEdit');
      expect(post.status).toBe('Edit');
      expect(post.allowedActions).not.toContain('SubmitForFactCheck');
      // The editor created (saved) the brief: four eyes forbids them to publish.
      const refused = await editor.post(`/api/posts/${id}/actions/Publish`).send({});
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(
        'Error: Unable to publish post - Four-eyes rule: someone who saved this post may not approve or publish it',
      );
      expect((await editor.get(`/api/posts/${id}`)).body.allowedActions).not.toContain('Publish');
      post = await act(owner, id, 'Publish');
      expect(post.status).toBe('Published');
      // Unpublish, publish again, archive.
      post = await act(owner, id, 'Delete');
      expect(post).toMatchObject({ status: 'Deleted', statusLabel: 'Unpublished' });
      post = await act(owner, id, 'Publish');
      expect(post.status).toBe('Published');
      post = await act(owner, id, 'Archive');
      expect(post.status).toBe('Archived');
    });

    it('two concurrent saves of one version: one wins, the other gets 409 and its content is kept as a draft', async () => {
      const created = (await editor.post('/api/posts').send({ websiteId: noStages, title: 'Race', type: 'blog' })).body;
      await act(editor, created.id, 'Select');
      const version = (await editor.get(`/api/posts/${created.id}`)).body.version;
      const [a, b] = await Promise.all([
        editor.put(`/api/posts/${created.id}`).send({ version, title: 'Race: first' }),
        editor.put(`/api/posts/${created.id}`).send({ version, title: 'Race: second' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.message).toMatch(/^Error: Unable to save post - This post was changed by someone else/);
      const drafts = (await editor.get(`/api/posts/${created.id}/drafts`)).body;
      expect(drafts).toHaveLength(1);
      expect(drafts[0]).toMatchObject({ reason: 'stale_version', baseVersion: version, by: { name: 'Eddie Editor' } });
      expect(['Race: first', 'Race: second']).toContain(drafts[0].changes.title);
      expect(drafts[0].changes.title).not.toBe((await editor.get(`/api/posts/${created.id}`)).body.title);
      const missingVersion = await editor.put(`/api/posts/${created.id}`).send({ title: 'No version' });
      expect(missingVersion.status).toBe(422);
      expect(missingVersion.body.errors.version).toBe('Version is missing!');
    });

    it('a take-over followed by the old holder saving: 409 naming who took it and when, and a recoverable draft', async () => {
      const created = (
        await writer.post('/api/posts').send({ websiteId: noStages, title: 'Mine for now', type: 'blog' })
      ).body;
      expect(created.holder.name).toBe('Wendy Writer');
      const taken = await act(editor, created.id, 'TakeOver');
      expect(taken.holder).toMatchObject({ name: 'Eddie Editor' });
      // The old holder still has the version from before the take-over: the take-over is what they learn.
      const stale = await writer
        .put(`/api/posts/${created.id}`)
        .send({ version: created.version, title: 'My unsaved words' });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(
        `Error: Unable to save post - Eddie Editor took over this page at ${taken.holder.since}. Your changes were kept as a draft.`,
      );
      expect(stale.body.reason).toBe('taken_over');
      const drafts = (await writer.get(`/api/posts/${created.id}/drafts`)).body;
      expect(drafts[0]).toMatchObject({
        reason: 'taken_over',
        changes: { title: 'My unsaved words' },
        by: { name: 'Wendy Writer' },
      });
      const after = (await writer.get(`/api/posts/${created.id}`)).body;
      expect(after.title).toBe('Mine for now');
      // The kept draft moved the version: the record answers the one to send next.
      expect(after.version).toBe((await writer.get(`/api/posts/${created.id}/history`)).body.length);
      // Discard releases the page back to the pool; anyone of the stage may select it again.
      const released = await act(editor, created.id, 'Discard');
      expect(released.holder).toBeNull();
      expect(released.allowedActions).toContain('Select');
    });

    it('holding is holding: the owner saving a page the writer holds gets the same 409; TakeOver (in the history), then the save goes through', async () => {
      const created = (
        await writer.post('/api/posts').send({ websiteId: noStages, title: 'Wendy is on it', type: 'blog' })
      ).body;
      expect(created.holder).toMatchObject({ name: 'Wendy Writer' });
      // The owner's save does not overwrite Wendy's page: 409 naming her, the changes kept as the owner's draft.
      const refused = await owner
        .put(`/api/posts/${created.id}`)
        .send({ version: created.version, title: 'The owner knows better' });
      expectWith(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.message).toBe(
        `Error: Unable to save post - Wendy Writer is working on this page since ${created.holder.since}. Your changes were kept as a draft.`,
      );
      expect(refused.body.reason).toBe('held');
      expect(refused.body.holder).toMatchObject({ name: 'Wendy Writer' });
      const untouched = (await owner.get(`/api/posts/${created.id}`)).body;
      expect(untouched).toMatchObject({ title: 'Wendy is on it', holder: { name: 'Wendy Writer' } });
      expect((await owner.get(`/api/posts/${created.id}/drafts`)).body[0]).toMatchObject({
        reason: 'held',
        changes: { title: 'The owner knows better' },
        by: { name: 'Olivia Owner' },
      });
      // Taking it is the explicit TakeOver; the owner's save then goes through.
      expect(untouched.allowedActions).toContain('TakeOver');
      const taken = await act(owner, created.id, 'TakeOver');
      expect(taken.holder).toMatchObject({ name: 'Olivia Owner' });
      const saved = await owner
        .put(`/api/posts/${created.id}`)
        .send({ version: taken.version, title: 'The owner knows better' });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({ title: 'The owner knows better', holder: { name: 'Olivia Owner' } });
      // The history says who took it from whom; Wendy's next save learns it.
      const history = (await owner.get(`/api/posts/${created.id}/history`)).body as {
        type: string;
        action: string | null;
        actor: { name: string };
        data: { from?: { name: string } };
      }[];
      expect(history.map((e) => e.action)).toEqual(['Create', 'KeepDraft', 'TakeOver', 'Save']);
      expect(history[2]).toMatchObject({
        type: 'PostTakenOver',
        actor: { name: 'Olivia Owner' },
        data: { from: { name: 'Wendy Writer' } },
      });
      const wendy = await writer.put(`/api/posts/${created.id}`).send({ version: created.version, title: 'Mine' });
      expect(wendy.status).toBe(409);
      expect(wendy.body.reason).toBe('taken_over');
    });

    it('answers the post as it was at a moment (asOf), and refuses a bad one', async () => {
      const created = (
        await writer.post('/api/posts').send({ websiteId: noStages, title: 'Version one', type: 'blog' })
      ).body;
      await new Promise((r) => setTimeout(r, 20));
      const between = new Date().toISOString();
      await new Promise((r) => setTimeout(r, 20));
      await writer.put(`/api/posts/${created.id}`).send({ version: created.version, title: 'Version two' });
      const then = (await writer.get(`/api/posts/${created.id}?asOf=${encodeURIComponent(between)}`)).body;
      expect(then).toMatchObject({ title: 'Version one', version: 1, asOf: between, allowedActions: [] });
      expect((await writer.get(`/api/posts/${created.id}`)).body.title).toBe('Version two');
      expect((await writer.get(`/api/posts/${created.id}?asOf=2000-01-01T00:00:00Z`)).status).toBe(404);
      expect((await writer.get(`/api/posts/${created.id}?asOf=yesterday`)).status).toBe(400);
    });

    it('answers the choices and the workflow words with their labels (GET /api/posts/options)', async () => {
      const options = await writer.get('/api/posts/options');
      expect(options.status).toBe(200);
      expect(options.body.statuses).toEqual([
        { id: 'Writer', name: 'Writing' },
        { id: 'Edit', name: 'Edit' },
        { id: 'SecondEdit', name: 'Review' },
        { id: 'Review', name: 'Customer review' },
        { id: 'FactCheck', name: 'Fact check' },
        { id: 'SecondFactCheck', name: 'Second fact check' },
        { id: 'ThirdFactCheck', name: 'Third fact check' },
        { id: 'FourthFactCheck', name: 'Fourth fact check' },
        { id: 'Published', name: 'Published' },
        { id: 'Deleted', name: 'Unpublished' },
        { id: 'Archived', name: 'Archived' },
      ]);
      expect(options.body.otherStatuses).toEqual([
        { id: 'new', name: 'New' },
        { id: 'Purged', name: 'Deleted for good' },
      ]);
      expect(options.body.actions).toEqual([
        { id: 'Create', name: 'Create' },
        { id: 'Save', name: 'Save' },
        { id: 'Select', name: 'Select' },
        { id: 'Discard', name: 'Discard' },
        { id: 'TakeOver', name: 'Take over' },
        { id: 'SendTo', name: 'Send to…' },
        { id: 'SubmitForEdit', name: 'Submit for edit' },
        { id: 'SubmitForSecondEdit', name: 'Submit for review' },
        { id: 'SubmitForReview', name: 'Submit for customer review' },
        { id: 'SubmitForFactCheck', name: 'Submit for fact check' },
        { id: 'SubmitForSecondFactCheck', name: 'Submit for second fact check' },
        { id: 'SubmitForThirdFactCheck', name: 'Submit for third fact check' },
        { id: 'SubmitForFourthFactCheck', name: 'Submit for fourth fact check' },
        { id: 'ReturnToWriter', name: 'Return to writer' },
        { id: 'ReturnToEdit', name: 'Return to edit' },
        { id: 'ReturnToSecondEdit', name: 'Return to review' },
        { id: 'ReturnToReview', name: 'Return to customer review' },
        { id: 'ReturnToFactCheck', name: 'Return to fact check' },
        { id: 'ReturnToSecondFactCheck', name: 'Return to second fact check' },
        { id: 'ReturnToThirdFactCheck', name: 'Return to third fact check' },
        { id: 'ApproveFactCheck', name: 'Approve fact check' },
        { id: 'ApproveRegulation', name: 'Approve regulation' },
        { id: 'DeclineRegulation', name: 'Decline regulation' },
        { id: 'Publish', name: 'Publish' },
        { id: 'Delete', name: 'Unpublish' },
        { id: 'Archive', name: 'Archive' },
        { id: 'DeleteForever', name: 'Delete forever' },
        { id: 'ExportPage', name: 'Export' },
        { id: 'KeepDraft', name: 'Draft kept' },
      ]);
      expect(options.body.roles).toEqual([
        { id: 'owner', name: 'Owner', plural: 'owners' },
        { id: 'admin', name: 'Org admin', plural: 'org admins' },
        { id: 'platform_admin', name: 'Platform admin', plural: 'platform admins' },
        { id: 'system', name: 'System', plural: 'the system' },
        { id: 'user', name: 'Anyone', plural: 'anyone' },
        { id: 'cms:admin', name: 'CMS admin', plural: 'CMS admins' },
        { id: 'cms:manager', name: 'Manager', plural: 'managers' },
        { id: 'cms:editor', name: 'Editor', plural: 'editors' },
        { id: 'cms:creator', name: 'Creator', plural: 'creators' },
        { id: 'cms:reviewer', name: 'Reviewer', plural: 'reviewers' },
      ]);
      // Every action and role the workflow table names has its words.
      const workflow = (await writer.get('/api/workflows/post')).body as {
        transitions: { action: string; roles: string[] }[];
      };
      const named = new Set(options.body.actions.map((a: { id: string }) => a.id));
      const roles = new Set(options.body.roles.map((r: { id: string }) => r.id));
      expect(workflow.transitions.map((tr) => tr.action).filter((a) => !named.has(a))).toEqual([]);
      expect(workflow.transitions.flatMap((tr) => tr.roles).filter((r) => !roles.has(r))).toEqual([]);
      // Not a post's id: the route stays in front of GET /api/posts/{id}, for signed-in users only.
      expect((await request(t.url).get('/api/posts/options')).status).toBe(401);
    });

    it('answers the redirect types with their labels (GET /api/redirect-rules/options)', async () => {
      const options = await editor.get('/api/redirect-rules/options');
      expect(options.status).toBe(200);
      expect(options.body).toEqual({
        types: [
          { id: 301, name: '301 Moved permanently' },
          { id: 302, name: '302 Found (temporary)' },
          { id: 307, name: '307 Temporary redirect' },
          { id: 308, name: '308 Permanent redirect' },
        ],
        // The record's one button (Update is the form's save).
        actions: [{ id: 'Delete', name: 'Delete' }],
      });
      // Not a rule's id: the route stays in front of GET /api/redirect-rules/{id}, for signed-in users only.
      expect((await request(t.url).get('/api/redirect-rules/options')).status).toBe(401);
    });

    it('changing the slug of a published post creates an automatic redirect rule', async () => {
      const created = (
        await editor.post('/api/posts').send({ websiteId: noStages, title: 'Old name', type: 'blog', ...BODY })
      ).body;
      await act(writer, created.id, 'Select');
      await act(writer, created.id, 'SubmitForEdit');
      const published = await act(owner, created.id, 'Publish');
      const moved = await owner.put(`/api/posts/${created.id}`).send({ version: published.version, slug: 'new-name' });
      expectWith(moved.status, JSON.stringify(moved.body)).toBe(200);
      const rules = await owner.get(`/api/redirect-rules?${listQuery({ filter: { objectId: created.id } })}`);
      expect(rules.body).toHaveLength(1);
      expect(rules.body[0]).toMatchObject({
        fromPath: '/old-name',
        toPath: '/new-name',
        type: 301,
        automatic: true,
        botCounter: 0,
        userCounter: 0,
        locale: 'en',
      });
      // Moving it again updates the chain instead of stacking redirects.
      await owner.put(`/api/posts/${created.id}`).send({ version: moved.body.version, slug: 'newest-name' });
      const again = (
        await owner.get(
          `/api/redirect-rules?${listQuery({ filter: { objectId: created.id }, sort: ['fromPath', 'ASC'] })}`,
        )
      ).body;
      expect(again.map((r: { fromPath: string; toPath: string }) => `${r.fromPath}->${r.toPath}`)).toEqual([
        '/new-name->/newest-name',
        '/old-name->/newest-name',
      ]);
      // Redirect rules by hand, with validation.
      const manual = await owner
        .post('/api/redirect-rules')
        .send({ websiteId: noStages, fromPath: '/promo', toPath: '/newest-name' });
      expectWith(manual.status, JSON.stringify(manual.body)).toBe(201);
      expect(manual.body).toMatchObject({ automatic: false, type: 301 });
      expect(
        (await owner.post('/api/redirect-rules').send({ websiteId: noStages, fromPath: '/promo', toPath: '/x' }))
          .status,
      ).toBe(409);
      const bad = await owner.post('/api/redirect-rules').send({ websiteId: noStages, fromPath: 'promo', toPath: '' });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toMatchObject({ fromPath: 'From path must start with /', toPath: 'To path is missing!' });
      // Editing a rule to another rule's path is refused too (the read model never sees two).
      const other = (
        await owner.post('/api/redirect-rules').send({ websiteId: noStages, fromPath: '/sale', toPath: '/newest-name' })
      ).body;
      const clash = await owner.put(`/api/redirect-rules/${other.id}`).send({ ...other, fromPath: '/promo' });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toBe('A redirect from /promo already exists');
      expect((await owner.put(`/api/redirect-rules/${other.id}`).send({ ...other, toPath: '/sale' })).status).toBe(422);
      const renamed = await owner
        .put(`/api/redirect-rules/${other.id}`)
        .send({ ...other, fromPath: '/sales', type: 302 });
      expect(renamed.body).toMatchObject({ fromPath: '/sales', type: 302, version: 2 });
      const states = await t.app.runtime.projections.states();
      expect(states.find((p) => p.name === 'redirect-rules')?.status).toBe('running');
      expect((await owner.delete(`/api/redirect-rules/${manual.body.id}`)).status).toBe(200);
      expect((await owner.get(`/api/redirect-rules/${manual.body.id}`)).status).toBe(404);

      // The website asks, by its public key, where an old path leads; each answer counts a bot or a user hit.
      const key = (await owner.get(`/api/websites/${noStages}`)).body.key as string;
      const visitor = request(t.url);
      const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
      const hit = await visitor
        .get(`/api/public/redirects?key=${key}&path=${encodeURIComponent('/old-name/')}`)
        .set('User-Agent', browser);
      expectWith(hit.status, JSON.stringify(hit.body)).toBe(200);
      expect(hit.body).toEqual({ fromPath: '/old-name', toPath: '/newest-name', type: 301 });
      expect(hit.headers['cache-control']).toBe('no-store');
      await visitor
        .get(`/api/public/redirects?key=${key}&path=/old-name`)
        .set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)');
      await visitor
        .get(`/api/public/redirects?key=${key}&path=/old-name`)
        .set('User-Agent', 'edge-worker/1.0')
        .set('X-Visitor-User-Agent', browser);
      const counted = (
        await owner.get(`/api/redirect-rules?${listQuery({ filter: { objectId: created.id, fromPath: '/old-name' } })}`)
      ).body[0];
      expect(counted).toMatchObject({
        fromPath: '/old-name',
        userCounter: 2,
        botCounter: 1,
        lastRedirect: expect.any(String),
      });
      expect((await owner.get(`/api/redirect-rules/${counted.id}`)).body).toMatchObject({
        userCounter: 2,
        botCounter: 1,
      });
      expect((await visitor.get(`/api/public/redirects?key=${key}&path=/nowhere`)).status).toBe(404);
      expect((await visitor.get(`/api/public/redirects?key=not-a-key&path=/old-name`)).status).toBe(404);
      const noPath = await visitor.get(`/api/public/redirects?key=${key}`);
      expect(noPath.status).toBe(422);
      expect(noPath.body.errors).toEqual({ path: 'The path is missing!' });
    });

    it('counts browsers as users and crawlers, HTTP libraries and a missing User-Agent as bots', async () => {
      const rule = await owner
        .post('/api/redirect-rules')
        .send({ websiteId: noStages, fromPath: '/agents', toPath: '/newest-name' });
      expectWith(rule.status, JSON.stringify(rule.body)).toBe(201);
      const key = (await owner.get(`/api/websites/${noStages}`)).body.key as string;
      const ask = (agent: string, header = 'User-Agent') =>
        request(t.url)
          .get(`/api/public/redirects?key=${key}&path=/agents`)
          .set('User-Agent', header === 'User-Agent' ? agent : 'edge-worker/1.0')
          .set(header, agent);
      // Six browsers (Chrome, Firefox, Safari, iPhone, Android, Edge), one of them through an edge worker.
      for (const [name, agent] of PEOPLE) expectWith((await ask(agent)).status, name).toBe(200);
      expectWith((await ask(PEOPLE[0][1], 'X-Visitor-User-Agent')).status, 'through an edge worker').toBe(200);
      // Googlebot, bingbot, axios, Postman, Scrapy, curl, python-requests, Go; then an empty User-Agent.
      for (const [name, agent] of BOTS) expectWith((await ask(agent)).status, name).toBe(200);
      expect((await ask('')).status).toBe(200);
      const counted = (await owner.get(`/api/redirect-rules/${rule.body.id}`)).body;
      expect(counted).toMatchObject({ fromPath: '/agents', userCounter: 7, botCounter: 9 });
    });

    it('validates with the spec messages and never answers 500 to bad input', async () => {
      const missing = await editor.post('/api/posts').send({ websiteId: noStages, type: 'blog' });
      expect(missing.status).toBe(422);
      expect(missing.body.errors.title).toBe('Title is missing!');
      const long = await editor.post('/api/posts').send({ websiteId: noStages, type: 'blog', title: 'x'.repeat(301) });
      expect(long.body.errors.title).toBe('The maximum length is 300 characters');
      const image = await editor.post('/api/posts').send({
        websiteId: noStages,
        type: 'blog',
        title: 'Pic',
        coverImage: { url: 'https://img.example/a.png', width: 100, height: 100 },
      });
      expect(image.status).toBe(422);
      expect(image.body.errors).toMatchObject({
        'coverImage.title': 'Title field is required!',
        'coverImage.alt': 'Alt field is required!',
        'coverImage.caption': 'Caption field is required!',
      });
      const small = await editor.post('/api/posts').send({
        websiteId: noStages,
        type: 'blog',
        title: 'Pic',
        coverImage: { url: 'https://img.example/a.png', title: 'T', alt: 'A', caption: 'C', width: 100, height: 100 },
      });
      expect(small.body.errors['coverImage.width']).toBe('The image must be between 1024x512 and 4096x4096 pixels');
      for (const body of [
        { websiteId: 42, title: 'x', type: 'blog' },
        { websiteId: noStages, title: 'x', type: 'poem' },
        { websiteId: noStages, title: ['x'], type: 'blog' },
        [],
      ]) {
        const res = await editor.post('/api/posts').send(body as object);
        expectWith(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body.message).toEqual(expect.any(String));
      }
      const badJson = await editor.post('/api/posts').set('Content-Type', 'application/json').send('{"title":');
      expect(badJson.status).toBe(400);
      expect((await editor.post('/api/posts/not-a-post/actions/Publish').send({})).status).toBe(404);
      const id = (
        await editor
          .post('/api/posts')
          .send({ websiteId: noStages, title: 'Optimised', type: 'blog', optimisation: true, category: 'Health' })
      ).body.id;
      const post = (await editor.get(`/api/posts/${id}`)).body;
      const locked = await editor.put(`/api/posts/${id}`).send({ version: post.version, category: 'Finance' });
      expect(locked.status).toBe(422);
      expect(locked.body.message).toBe(
        'Error: Unable to save post - Posts under optimisation cannot change vertical or dates',
      );
      const returned = await editor.post(`/api/posts/${id}/actions/ReturnToWriter`).send({});
      expect(returned.status).toBe(422);
      // The people a post credits: a member of the organisation, an expert bio of the website.
      const stranger = await editor
        .post('/api/posts')
        .send({ websiteId: noStages, title: 'Credits', type: 'blog', creditedWriterId: 'not-a-member' });
      expect(stranger.body.errors).toEqual({
        creditedWriterId: 'The credited writer must be a member of the organisation',
      });
      const writerBio = (await owner.get(`/api/bios?${listQuery({ filter: { websiteId: noStages, kind: 'writer' } })}`))
        .body[0];
      const notExpert = await editor
        .post('/api/posts')
        .send({ websiteId: noStages, title: 'Credits', type: 'blog', expertId: writerBio.id });
      expect(notExpert.body.errors).toEqual({ expertId: 'The expert must be an expert bio of this website' });
      const expert = (
        await editor.post('/api/bios').send({ websiteId: noStages, kind: 'expert', displayName: 'Ivy Expert' })
      ).body;
      const credited = await editor.post('/api/posts').send({
        websiteId: noStages,
        title: 'Credits',
        type: 'blog',
        expertId: expert.id,
        creditedWriterId: writerBio.userId,
      });
      expectWith(credited.status, JSON.stringify(credited.body)).toBe(201);
      expect(credited.body.bioPrompts).toEqual([
        expect.objectContaining({ field: 'expert', message: "click to add Expert's bio", bioId: expert.id }),
      ]);
    });

    it('keeps the components inserted into the body (JSON and HTML) and refuses incomplete ones with the spec wording', async () => {
      const cta = {
        type: 'callToAction',
        attrs: { text: 'Start your trial', url: 'https://shop.example/trial', variant: 'primary' },
      };
      const product = {
        type: 'productBox',
        attrs: { name: 'Watering can', url: 'https://shop.example/can', rating: 4.5, summary: 'Two litres.' },
      };
      const faq = { type: 'faq', attrs: { items: [{ question: 'How often?', answer: 'Weekly.' }] } };
      const callout = { type: 'callout', attrs: { tone: 'tip', text: 'Use rain water.' } };
      const doc = (...components: object[]) => ({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Intro' }] }, ...components],
      });
      const html =
        '<p>Intro</p><div data-component="call-to-action" data-text="Start your trial" data-url="https://shop.example/trial" data-variant="primary"><a href="https://shop.example/trial">Start your trial</a></div>';
      const created = await editor.post('/api/posts').send({
        websiteId: noStages,
        title: 'Components',
        type: 'product_review',
        richText: { json: doc(cta, product, faq, callout), html },
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.richText.json.content.slice(1)).toEqual([cta, product, faq, callout]);
      expect(created.body.richText.html).toBe(html);
      await act(editor, created.body.id, 'Select');
      const refusals: [object, string][] = [
        [{ ...product, attrs: { ...product.attrs, url: '' } }, 'Product call-to-action link missing'],
        [{ ...product, attrs: { ...product.attrs, rating: 7 } }, 'Rating is entered 0 to 5'],
        [{ ...product, attrs: { ...product.attrs, name: ' ' } }, 'Product box: Product name is missing!'],
        [
          { ...cta, attrs: { ...cta.attrs, url: 'javascript:alert(1)' } },
          'Call to action: the link must be a valid URL',
        ],
        [{ ...cta, attrs: { ...cta.attrs, text: '' } }, 'Call to action: Button text is missing!'],
        [{ type: 'faq', attrs: { items: [] } }, 'FAQ list is required'],
        [
          { type: 'faq', attrs: { items: [{ question: 'Why?', answer: '' }] } },
          'FAQ: every item needs a question and an answer',
        ],
        [{ type: 'callout', attrs: { tone: 'info' } }, 'Callout: Text is missing!'],
      ];
      const before = (await editor.get(`/api/posts/${created.body.id}`)).body;
      for (const [component, message] of refusals) {
        // Nested anywhere (here inside a blockquote), a component is checked.
        const res = await editor.put(`/api/posts/${created.body.id}`).send({
          version: before.version,
          richText: { json: doc({ type: 'blockquote', content: [component] }), html },
        });
        expectWith(res.status, message).toBe(422);
        expect(res.body.errors).toEqual({ richText: message });
        expect(res.body.message).toBe(`Error: Unable to save post - ${message}`);
      }
      expect((await editor.get(`/api/posts/${created.body.id}`)).body.version).toBe(before.version);

      // Whatever sends the HTML, nothing in it runs: scripts, handlers, frames and javascript: links are dropped.
      const hostile =
        '<p style="text-align: center">Hi<script>alert(1)</script><img src="https://img.example/a.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a></p><iframe src="https://evil.example"></iframe>';
      const cleaned = await editor
        .put(`/api/posts/${created.body.id}`)
        .send({ version: before.version, richText: { json: null, html: hostile } });
      expectWith(cleaned.status, JSON.stringify(cleaned.body)).toBe(200);
      expect(cleaned.body.richText.html).toBe(
        '<p style="text-align:center">Hi<img src="https://img.example/a.png" /><a>x</a></p>',
      );
    });

    it('lists posts per CMS tab with counts, filters and the spec page size; bulk actions answer per post', async () => {
      const ids: string[] = [];
      for (const title of ['Bulk one', 'Bulk two'])
        ids.push(
          (await editor.post('/api/posts').send({ websiteId: noStages, title, type: 'top_10', ...BODY })).body.id,
        );
      const briefs = await editor.get(
        `/api/posts?${listQuery({ filter: { tab: 'briefs', websiteId: noStages, type: 'top_10' } })}`,
      );
      expect(briefs.body.map((p: { title: string }) => p.title).sort()).toEqual(['Bulk one', 'Bulk two']);
      expect(briefs.body[0].richText).toBeUndefined();
      const counts = (await editor.get(`/api/posts/counts?websiteId=${noStages}`)).body;
      expect(counts.briefs).toBeGreaterThanOrEqual(2);
      expect(counts.all).toBe(
        totalOf(await editor.get(`/api/posts?${listQuery({ filter: { websiteId: noStages } })}`)),
      );
      const result = await writer
        .post('/api/posts/bulk-actions')
        .send({ action: 'Select', ids: [...ids, 'missing-post'] });
      expect(result.status).toBe(200);
      expect(result.body.results).toEqual([
        { id: ids[0], ok: true },
        { id: ids[1], ok: true },
        { id: 'missing-post', ok: false, error: 'Post not found' },
      ]);
      const mine = await writer.get(
        `/api/posts?${listQuery({ filter: { mine: true, type: 'top_10', websiteId: noStages } })}`,
      );
      expect(mine.body).toHaveLength(2);
      const outline = await writer.get(
        `/api/posts?${listQuery({ filter: { tab: 'create', type: 'top_10', websiteId: noStages } })}`,
      );
      expect(outline.body).toHaveLength(2);
      // The spec's own paging style, and a date range on the due date.
      const paged = await editor.get('/api/posts?page=1&limit=1&sort=title&sortDirection=ASC');
      expect(paged.body).toHaveLength(1);
      expect((await editor.get(`/api/posts?${listQuery({ filter: { dueDate_gte: '2026-01-01' } })}`)).status).toBe(200);
      expect((await editor.get(`/api/posts?${listQuery({ filter: { tab: 'nope' } })}`)).status).toBe(400);
      expect((await editor.get(`/api/posts?${listQuery({ filter: { dueDate_gte: 'soon' } })}`)).status).toBe(400);
    });

    it('audits every workflow event of the organisation: search, paging and CSV', async () => {
      const all = await owner.get(
        `/api/audit?${listQuery({ filter: { resource: 'post', action: 'SubmitForEdit' }, range: [0, 4] })}`,
      );
      expect(all.status).toBe(200);
      expect(all.body.length).toBeGreaterThan(0);
      expect(all.body[0]).toMatchObject({
        resource: 'post',
        action: 'SubmitForEdit',
        from: 'Writer',
        to: 'Edit',
        actor: { name: expect.any(String) },
      });
      const writerId = (await writer.get('/api/auth/user')).body.id;
      const byWriter = (await owner.get(`/api/audit?${listQuery({ filter: { actorId: writerId }, range: [0, 999] })}`))
        .body;
      expect(byWriter.every((e: { actor: { id: string } }) => e.actor.id === writerId)).toBe(true);
      const today = new Date().toISOString().slice(0, 10);
      const ranged = await owner.get(`/api/audit?from=${today}&to=${today}&page=1&limit=3`);
      expect(ranged.body).toHaveLength(3);
      const csv = await owner.get(`/api/audit/export.csv?${listQuery({ filter: { resource: 'post' } })}`);
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const lines = csv.text.trim().split('\r\n');
      expect(lines[0]).toBe('time,actor,email,action,type,resource,resourceId,from,to,note');
      expect(lines.length).toBeGreaterThan(10);

      // Another organisation sees none of it.
      const stranger = newAgent(t.url);
      await stranger
        .post('/api/auth/signup')
        .send({ email: 'stranger@elsewhere.example', password: 'Stranger-pass-1', name: 'Stan', orgName: 'Elsewhere' });
      const theirs = (await stranger.get('/api/audit')).body as { organisationId: string }[];
      const ownOrg = (await stranger.get('/api/auth/user')).body.organisations[0].id;
      expect(theirs.every((e) => e.organisationId === ownOrg)).toBe(true);
    });

    it("names each audit row's record from the audit's own projection: a post by its latest title, a website, a member, a domain", async () => {
      const created = (
        await writer.post('/api/posts').send({ websiteId: noStages, title: 'Named in the trail', type: 'blog' })
      ).body;
      await writer.put(`/api/posts/${created.id}`).send({ version: created.version, title: 'Renamed in the trail' });
      const rows = async (filter: Record<string, unknown>) =>
        (await owner.get(`/api/audit?${listQuery({ filter, range: [0, 999] })}`)).body as {
          resource: string;
          resourceId: string;
          recordName: string | null;
        }[];
      const post = await rows({ resourceId: created.id });
      expect(post.map((r) => r.recordName)).toEqual(['Renamed in the trail', 'Renamed in the trail']);
      const site = await rows({ resourceId: noStages });
      expect(new Set(site.map((r) => r.recordName))).toEqual(new Set(['No Stages']));
      const writerMember = (await owner.get('/api/members')).body.find(
        (m: { email: string }) => m.email === WRITER.email,
      );
      expect(new Set((await rows({ resourceId: writerMember.id })).map((r) => r.recordName))).toEqual(
        new Set(['Wendy Writer']),
      );
      // The organisation was named when it was created, before it had a trail; its first audited change carries the name.
      const organisationId = (await owner.get('/api/auth/user')).body.organisations[0].id;
      expectWith(
        (await owner.put(`/api/organisations/${organisationId}`).send({ country: 'AT' })).status,
        'organisation update',
      ).toBe(200);
      expect(new Set((await rows({ resourceId: organisationId })).map((r) => r.recordName))).toEqual(
        new Set(['Demo Publishing']),
      );
      // A domain is its own name, whole.
      const domains = await rows({ resource: 'websitedomain' });
      expect(domains.find((r) => r.resourceId === 'no-stages.example')).toMatchObject({
        recordName: 'no-stages.example',
      });
      // The trail searches the names too.
      const found = (
        await owner.get(`/api/audit?${listQuery({ filter: { q: 'Renamed in the trail' }, range: [0, 99] })}`)
      ).body as { resourceId: string }[];
      expect(found.map((r) => r.resourceId)).toEqual([created.id, created.id]);
    });

    it('reports the time in each stage, returns per stage, queue age and people', async () => {
      const id = (
        await writer.post('/api/posts').send({ websiteId: noStages, title: 'Bounced', type: 'blog', ...BODY })
      ).body.id;
      await act(writer, id, 'SubmitForEdit');
      await act(editor, id, 'ReturnToWriter', { note: 'Needs sources' });
      await act(writer, id, 'SubmitForEdit');
      const report = (await owner.get(`/api/reports/workflow?websiteId=${noStages}`)).body;
      const writerStage = report.stages.find((s: { stage: string }) => s.stage === 'Writer');
      const editStage = report.stages.find((s: { stage: string }) => s.stage === 'Edit');
      expect(editStage.returns).toBeGreaterThanOrEqual(1);
      expect(editStage.returnRate).toBeGreaterThan(0);
      expect(writerStage.completed).toBeGreaterThanOrEqual(2);
      expect(writerStage.avgHours).toEqual(expect.any(Number));
      const editQueue = report.queues.find((q: { stage: string }) => q.stage === 'Edit');
      expect(editQueue.waiting).toBeGreaterThanOrEqual(1);
      expect(
        report.people.some((p: { name: string; stage: string }) => p.name === 'Wendy Writer' && p.stage === 'Writer'),
      ).toBe(true);
      expect(report.websites.some((w: { name: string }) => w.name === 'No Stages')).toBe(true);
      expect((await owner.get('/api/reports/workflow?from=yesterday')).status).toBe(400);
      // A period applies to the stays that ended in it; the queues are always now.
      const today = new Date().toISOString().slice(0, 10);
      const ranged = await owner.get(`/api/reports/workflow?websiteId=${noStages}&from=${today}&to=${today}`);
      expectWith(ranged.status, JSON.stringify(ranged.body)).toBe(200);
      expect(ranged.body.stages.find((s: { stage: string }) => s.stage === 'Edit').returns).toBe(editStage.returns);
      expect(
        (
          await owner.get(`/api/reports/workflow?websiteId=${noStages}&from=2000-01-01&to=2000-01-02`)
        ).body.stages.every((s: { completed: number }) => s.completed === 0),
      ).toBe(true);
      // The returned post went straight back to its writer: not waiting in the writers' pool, and
      // the editor who returned it without claiming it is credited with the Edit stay.
      expect(
        report.people.some((p: { name: string; stage: string }) => p.name === 'Eddie Editor' && p.stage === 'Edit'),
      ).toBe(true);
      const history = (await owner.get(`/api/posts/${id}/history`)).body as {
        type: string;
        data: { holder?: { name: string } };
      }[];
      expect(history.find((e) => e.type === 'PostReturned')!.data.holder).toMatchObject({ name: 'Wendy Writer' });
      expect((await owner.get(`/api/posts/${id}`)).body.status).toBe('Edit');
      // Managers, editors and analysts read the report and the audit; writers do not.
      expect((await writer.get('/api/reports/workflow')).status).toBe(403);
      const audit = await writer.get('/api/audit');
      expect(audit.status).toBe(403);
      expect(audit.body.message).toBe('Only managers, editors and analysts may read the audit trail');
      expect((await writer.get('/api/audit/export.csv')).status).toBe(403);
      expect((await editor.get('/api/audit')).status).toBe(200);
    });

    it('a member listed as contributor on posts in progress cannot be removed until others are assigned; the members list counts posts', async () => {
      const id = (
        await writer.post('/api/posts').send({ websiteId: everyStage, title: 'Checked by Rita', type: 'blog', ...BODY })
      ).body.id;
      await act(writer, id, 'SubmitForEdit');
      await act(editor, id, 'SubmitForSecondEdit');
      await act(editor, id, 'SubmitForReview');
      await act(checker, id, 'Select');
      const members = (await owner.get('/api/members')).body as {
        id: string;
        email: string;
        version: number;
        posts: number;
      }[];
      const rita = members.find((m) => m.email === CHECKER.email)!;
      expect(members.find((m) => m.email === WRITER.email)!.posts).toBeGreaterThan(0);
      await owner.put(`/api/members/${rita.id}`).send({ websiteIds: [everyStage, noStages] });
      const message = 'A member listed as contributor on posts cannot be removed until others are assigned.';
      const fromSite = await owner
        .post(`/api/members/${rita.id}/actions/RemoveFromWebsite`)
        .send({ websiteId: everyStage });
      expect(fromSite.status).toBe(422);
      expect(fromSite.body.message).toBe(message);
      const deactivate = await owner.post(`/api/members/${rita.id}/actions/Deactivate`).send({});
      expect(deactivate.status).toBe(422);
      expect(deactivate.body.message).toBe(message);
      // Another website of hers holds none of her posts.
      expect(
        (await owner.post(`/api/members/${rita.id}/actions/RemoveFromWebsite`).send({ websiteId: noStages })).status,
      ).toBe(200);
      // Once someone else holds the page she can go.
      await act(owner, id, 'TakeOver');
      const removed = await owner
        .post(`/api/members/${rita.id}/actions/RemoveFromWebsite`)
        .send({ websiteId: everyStage });
      expectWith(removed.status, JSON.stringify(removed.body)).toBe(200);
      expect(removed.body.websiteIds).toEqual([]);
    });

    it('describes the workflow at GET /api/workflows/post', async () => {
      const res = await owner.get('/api/workflows/post');
      expect(res.status).toBe(200);
      expect(res.body.statuses).toContain('FourthFactCheck');
      expect(res.body.actions).toEqual(
        expect.arrayContaining([
          'Create',
          'Save',
          'SubmitForEdit',
          'ReturnToWriter',
          'ApproveFactCheck',
          'ApproveRegulation',
          'DeclineRegulation',
          'Publish',
          'Delete',
          'DeleteForever',
          'Archive',
          'TakeOver',
          'Select',
          'Discard',
          'SendTo',
          'ExportPage',
        ]),
      );
    });
  });
}
