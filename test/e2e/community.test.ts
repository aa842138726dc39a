import { randomUUID } from 'node:crypto';
import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  EDITOR,
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
  newAgent,
} from './setups.js';

type Rec = Record<string, any>;

const STRONG = 'Strong-pass-1';
const UPGRADE = 'Upgrade to access';

/**
 * The community Q&A over HTTP. Organisation A is the demo's "Demo Publishing" (scale plan: the
 * community is included); organisation B signs up on its own (starter plan) and upgrades.
 */
for (const setup of setups) {
  describe(`community questions and answers (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let orgA: string;
    let blog: Rec;
    let shop: Rec;
    let editorName: string;

    const ask = async (agent: Agent, fields: Rec = {}) => {
      const res = await agent
        .post('/api/questions')
        .send({ websiteId: blog.id, title: `Question ${randomUUID().slice(0, 8)}`, ...fields });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body as Rec;
    };
    const act = (agent: Agent, q: Rec, action: string, body: Rec = {}) =>
      agent.post(`/api/questions/${q.id}/actions/${action}`).send({ expectedVersion: q.version, ...body });
    const counts = async (websiteId: string) => {
      const res = await owner.get(`/api/questions/counts?websiteId=${websiteId}`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as Rec;
    };

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer] = await Promise.all([signIn(t.url, OWNER), signIn(t.url, EDITOR), signIn(t.url, WRITER)]);
      const me = await owner.get('/api/auth/user');
      orgA = me.body.organisations[0].id;
      const sites = (await owner.get('/api/websites')).body as Rec[];
      blog = sites.find((w) => w.name === 'Demo Blog')!;
      shop = sites.find((w) => w.name === 'Demo Shop')!;
      // The demo's editor moderates (cms:editor) and its writer creates (cms:creator): make it so
      // whatever the demo seed says, and say so when it had to be changed.
      const members = (await owner.get(`/api/members?${listQuery({ filter: { organisationId: orgA } })}`))
        .body as Rec[];
      for (const [email, cmsRole] of [
        [EDITOR.email, 'editor'],
        [WRITER.email, 'creator'],
      ] as const) {
        const member = members.find((m) => m.email === email)!;
        if (member.cmsRole !== cmsRole) {
          console.info(`[community] the demo seed gives ${email} cmsRole ${member.cmsRole}; the test sets ${cmsRole}`);
          const changed = await owner.put(`/api/members/${member.id}`).send({ cmsRole });
          expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
        }
      }
      editorName = (await editor.get('/api/auth/user')).body.name;
    });
    afterAll(async () => t?.stop());

    it('seeds the demo blog with questions in every forum status and published answers', async () => {
      const c = await counts(blog.id);
      for (const tab of ['new', 'draft', 'published', 'moderator', 'deleted', 'publishedAnswers'])
        expectWith(c[tab], tab).toBeGreaterThan(0);
      const declined = await owner.get(
        `/api/questions?${listQuery({ filter: { websiteId: blog.id, moderatorStatus: 'declined' } })}`,
      );
      expect(declined.body[0]).toMatchObject({
        status: 'deleted',
        moderatorStatus: 'declined',
        declineReason: expect.any(String),
      });
      expect(await counts(shop.id)).toEqual({
        new: 0,
        draft: 0,
        published: 0,
        moderator: 0,
        deleted: 0,
        publishedAnswers: 0,
      });
    });

    it('answers the statuses with their labels (GET /api/questions/options, GET /api/answers/options)', async () => {
      const questions = await writer.get('/api/questions/options');
      expect(questions.status).toBe(200);
      expect(questions.body).toEqual({
        statuses: [
          { id: 'pending_review', name: 'pending review' },
          { id: 'new', name: 'new' },
          { id: 'draft', name: 'draft' },
          { id: 'published', name: 'published' },
          { id: 'deleted', name: 'deleted' },
        ],
        moderatorStatuses: [
          { id: 'pending_review', name: 'pending review' },
          { id: 'approved', name: 'approved' },
          { id: 'declined', name: 'declined' },
        ],
        // The record's buttons in their order (allowedActions says which a question offers); Update is the form's save.
        actions: [
          { id: 'Submit', name: 'Submit' },
          { id: 'Approve', name: 'Approve' },
          { id: 'Decline', name: 'Decline' },
          { id: 'Publish', name: 'Publish' },
          { id: 'Unpublish', name: 'Unpublish' },
          { id: 'Restore', name: 'Restore' },
          { id: 'Delete', name: 'Delete' },
        ],
        bulk: [
          { id: 'Submit', action: 'Submit', name: 'Submit' },
          { id: 'Approve', action: 'Approve', name: 'Approve' },
          { id: 'Decline', action: 'Decline', name: 'Decline' },
          { id: 'Publish', action: 'Publish', name: 'Publish' },
          { id: 'Unpublish', action: 'Unpublish', name: 'Unpublish' },
          { id: 'Delete', action: 'Delete', name: 'Delete' },
          { id: 'Restore', action: 'Restore', name: 'Restore' },
        ],
      });
      const answers = await writer.get('/api/answers/options');
      expect(answers.status).toBe(200);
      expect(answers.body).toEqual({
        statuses: [
          { id: 'pending', name: 'pending' },
          { id: 'published', name: 'published' },
          { id: 'deleted', name: 'deleted' },
        ],
        actions: [
          { id: 'Publish', name: 'Publish' },
          { id: 'Delete', name: 'Delete' },
        ],
        bulk: [
          { id: 'Publish', action: 'Publish', name: 'Publish' },
          { id: 'Delete', action: 'Delete', name: 'Delete' },
        ],
      });
      // Not ids: the routes stay in front of GET /api/questions/{id} and /api/answers/{id}, for signed-in users only.
      expect((await request(t.url).get('/api/questions/options')).status).toBe(401);
      expect((await request(t.url).get('/api/answers/options')).status).toBe(401);
    });

    it('create, submit, two moderators decide the same version at once (one 200, one 409), publish', async () => {
      const before = await counts(blog.id);
      const created = await ask(editor, {
        title: 'Do you ship to Norway?',
        body: 'And how long does it take?',
        category: 'Shipping',
        askedBy: { name: 'Nils', email: 'nils@example.com' },
      });
      expect(created).toMatchObject({
        organisationId: orgA,
        websiteId: blog.id,
        locale: 'en',
        status: 'draft',
        statusLabel: 'draft',
        moderatorStatus: null,
        version: 1,
        answerCount: 0,
        askedBy: { name: 'Nils', email: 'nils@example.com' },
        createdBy: { id: expect.any(String), name: editorName },
      });
      expect(created.allowedActions).toEqual(['Submit', 'Publish', 'Update', 'Delete']);
      expect((await counts(blog.id)).draft).toBe(before.draft + 1);

      const submitted = await act(editor, created, 'Submit');
      expectWith(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body).toMatchObject({
        status: 'pending_review',
        statusLabel: 'pending review',
        moderatorStatus: 'pending_review',
        version: 2,
      });
      expect(submitted.body.allowedActions).toEqual(['Approve', 'Decline', 'Update', 'Delete']);
      expect((await counts(blog.id)).moderator).toBe(before.moderator + 1);

      // Approve and Decline need the version the moderator saw.
      for (const [action, body] of [
        ['Approve', {}],
        ['Decline', { reason: 'Duplicate' }],
      ] as const) {
        const res = await editor.post(`/api/questions/${created.id}/actions/${action}`).send(body);
        expectWith(res.status, action).toBe(422);
        expect(res.body).toMatchObject({
          message: 'The version you saw is missing!',
          errors: { expectedVersion: 'The version you saw is missing!' },
        });
      }

      const race = await Promise.all([act(owner, submitted.body, 'Approve'), act(editor, submitted.body, 'Approve')]);
      expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = race.find((r) => r.status === 409)!;
      expect(lost.body.message).toMatch(/changed by someone else/);
      expect(lost.body).toMatchObject({ expectedVersion: 2, actualVersion: 3 });

      // The same with different decisions: a decline racing an approval.
      const other = await ask(writer);
      expect(other.status).toBe('pending_review');
      const mixed = await Promise.all([
        act(owner, other, 'Approve'),
        act(editor, other, 'Decline', { reason: 'Off topic' }),
      ]);
      expect(mixed.map((r) => r.status).sort()).toEqual([200, 409]);
      const history = (await owner.get(`/api/questions/${other.id}/history`)).body as Rec[];
      expect(history.filter((e) => e.type === 'QuestionApproved' || e.type === 'QuestionDeclined')).toHaveLength(1);

      const approved = (await owner.get(`/api/questions/${created.id}`)).body;
      expect(approved).toMatchObject({
        status: 'new',
        moderatorStatus: 'approved',
        version: 3,
        decidedBy: { name: expect.any(String) },
      });
      const stale = await act(editor, submitted.body, 'Publish');
      expect(stale.status).toBe(409);

      const published = await act(editor, approved, 'Publish');
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body).toMatchObject({
        status: 'published',
        version: 4,
        publishedBy: { name: editorName },
        publishedAt: expect.any(String),
      });
      expect(Date.now() - Date.parse(published.body.publishedAt)).toBeLessThan(60_000);
      expect(published.body.allowedActions).toEqual(['Unpublish', 'Update', 'Delete']);

      const events = (await editor.get(`/api/questions/${created.id}/history`)).body as Rec[];
      expect(events.map((e) => e.type)).toEqual([
        'QuestionCreated',
        'QuestionSubmitted',
        'QuestionApproved',
        'QuestionPublished',
      ]);
      expect(events[3].actor).toMatchObject({ name: editorName, email: EDITOR.email });
      expect((await owner.get('/api/workflows/question')).body.statuses).toEqual([
        'pending_review',
        'new',
        'draft',
        'published',
        'deleted',
      ]);
    });

    it('a creator asks into the moderators queue and may not moderate; a decline needs a reason', async () => {
      const q = await ask(writer, { title: 'Where is my invoice?' });
      expect(q).toMatchObject({ status: 'pending_review', moderatorStatus: 'pending_review' });
      expect(q.allowedActions).toEqual(['Update', 'Delete']);
      for (const action of ['Approve', 'Decline']) {
        const res = await act(writer, q, action, { reason: 'no' });
        expectWith(res.status, action).toBe(403);
        expect(res.body.message).toBe(`Your role may not ${action} this question`);
      }
      // Another creator's question is not theirs to edit.
      const theirs = await ask(owner, {});
      expect((await writer.put(`/api/questions/${theirs.id}`).send({ ...theirs, title: 'Mine now' })).status).toBe(422);

      const noReason = await act(editor, q, 'Decline');
      expect(noReason.status).toBe(422);
      expect(noReason.body).toMatchObject({ message: 'Reason is missing!', errors: { reason: 'Reason is missing!' } });
      expect((await act(editor, q, 'Decline', { reason: '   ' })).body.message).toBe('Reason is missing!');
      expect((await act(editor, q, 'Decline', { reason: 42 })).status).toBe(422);
      expect((await act(editor, q, 'Decline', { reason: 'x'.repeat(501) })).body.message).toBe(
        'The maximum length is 500 characters',
      );
      expect((await owner.get(`/api/questions/${q.id}`)).body.version).toBe(1);

      const declined = await act(editor, q, 'Decline', { reason: 'We answer billing questions by email' });
      expectWith(declined.status, JSON.stringify(declined.body)).toBe(200);
      expect(declined.body).toMatchObject({
        status: 'deleted',
        moderatorStatus: 'declined',
        declineReason: 'We answer billing questions by email',
      });
      expect(declined.body.allowedActions).toEqual(['Restore']);
      expect((await writer.get(`/api/questions/${q.id}`)).body.allowedActions).toEqual([]);
      const restored = await act(owner, declined.body, 'Restore');
      expect(restored.body).toMatchObject({ status: 'draft', moderatorStatus: 'declined' });
    });

    it('answers: pending, then published by a moderator; the question counts them', async () => {
      const q = (await act(owner, await ask(owner), 'Publish')).body;
      const res = await writer
        .post('/api/answers')
        .send({ questionId: q.id, body: 'Yes, to every country in Europe.' });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      const answer = res.body;
      expect(answer).toMatchObject({
        questionId: q.id,
        organisationId: orgA,
        websiteId: blog.id,
        status: 'pending',
        version: 1,
      });
      expect(answer.allowedActions).toEqual(['Update', 'Delete']);
      expect((await writer.post(`/api/answers/${answer.id}/actions/Publish`).send({})).status).toBe(403);
      const before = await counts(blog.id);

      const published = await editor.post(`/api/answers/${answer.id}/actions/Publish`).send({ expectedVersion: 1 });
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body).toMatchObject({
        status: 'published',
        version: 2,
        publishedBy: { name: editorName },
        publishedAt: expect.any(String),
      });
      expect((await counts(blog.id)).publishedAnswers).toBe(before.publishedAnswers + 1);

      const second = (await editor.post('/api/answers').send({ questionId: q.id, body: 'Shipping takes 3 days.' }))
        .body;
      expect((await owner.get(`/api/questions/${q.id}`)).body).toMatchObject({
        answerCount: 2,
        publishedAnswerCount: 1,
        version: q.version,
      });

      const list = await owner.get(
        `/api/answers?${listQuery({ filter: { questionId: q.id }, sort: ['createdAt', 'ASC'] })}`,
      );
      expect(list.body.map((a: Rec) => a.id)).toEqual([answer.id, second.id]);
      const onlyPublished = await owner.get(
        `/api/answers?${listQuery({ filter: { questionId: q.id, status: 'published' } })}`,
      );
      expect(onlyPublished.body.map((a: Rec) => a.id)).toEqual([answer.id]);

      const deleted = await owner.delete(`/api/answers/${answer.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: answer.id, status: 'deleted' });
      expect((await owner.get(`/api/questions/${q.id}`)).body).toMatchObject({
        answerCount: 1,
        publishedAnswerCount: 0,
      });
      expect((await counts(blog.id)).publishedAnswers).toBe(before.publishedAnswers);
      expect((await owner.get(`/api/answers/${answer.id}/history`)).body.map((e: Rec) => e.type)).toEqual([
        'AnswerCreated',
        'AnswerPublished',
        'AnswerDeleted',
      ]);

      // Not on a deleted question, nor on one that does not exist.
      const gone = (await owner.delete(`/api/questions/${q.id}`)).body;
      expect(gone.status).toBe('deleted');
      const refused = await editor.post('/api/answers').send({ questionId: q.id, body: 'Too late' });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe('Answers cannot be added to a deleted question');
      const unknown = await editor.post('/api/answers').send({ questionId: randomUUID(), body: 'Hello?' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Question not found');
    });

    it('pages by 10, the moderators queue by 50, newest first; sorts the spec way too', async () => {
      // 55 questions waiting on the shop (creators' questions) and nothing else there.
      const titles: string[] = [];
      for (let i = 0; i < 55; i++) {
        const title = `Queue ${String(i).padStart(2, '0')}`;
        titles.push(title);
        await ask(writer, { websiteId: shop.id, title, category: i % 2 ? 'Odd' : 'Even', locale: i < 5 ? 'de' : 'en' });
      }
      const newestFirst = [...titles].reverse();
      const all = await owner.get(`/api/questions?${listQuery({ filter: { websiteId: shop.id } })}`);
      expect(all.body.map((q: Rec) => q.title)).toEqual(newestFirst.slice(0, 10));
      expect(all.headers['content-range']).toBe('questions 0-9/55');

      const queue = await owner.get(
        `/api/questions?${listQuery({ filter: { websiteId: shop.id, view: 'moderator' } })}`,
      );
      expect(queue.body).toHaveLength(50);
      expect(queue.headers['content-range']).toBe('questions 0-49/55');
      const byModeratorStatus = await owner.get(
        `/api/questions?${listQuery({ filter: { websiteId: shop.id, moderatorStatus: 'pending_review' } })}`,
      );
      expect(byModeratorStatus.body).toHaveLength(50);
      const spec = await owner.get(
        `/api/questions?view=moderator&page=2&filter=${encodeURIComponent(JSON.stringify({ websiteId: shop.id }))}`,
      );
      expect(spec.body.map((q: Rec) => q.title)).toEqual(newestFirst.slice(50));
      expect(spec.headers['content-range']).toBe('questions 50-54/55');
      const page2 = await owner.get(
        `/api/questions?page=2&filter=${encodeURIComponent(JSON.stringify({ websiteId: shop.id }))}`,
      );
      expect(page2.body.map((q: Rec) => q.title)).toEqual(newestFirst.slice(10, 20));

      const byTitle = await owner.get(
        `/api/questions?sort=title&sortDirection=ASC&limit=3&page=1&filter=${encodeURIComponent(JSON.stringify({ websiteId: shop.id }))}`,
      );
      expect(byTitle.body.map((q: Rec) => q.title)).toEqual(['Queue 00', 'Queue 01', 'Queue 02']);
      const raSort = await owner.get(
        `/api/questions?${listQuery({ filter: { websiteId: shop.id }, sort: ['title', 'DESC'], range: [0, 1] })}`,
      );
      expect(raSort.body.map((q: Rec) => q.title)).toEqual(['Queue 54', 'Queue 53']);

      const c = await counts(shop.id);
      expect(c).toEqual({ new: 0, draft: 0, published: 0, moderator: 55, deleted: 0, publishedAnswers: 0 });
      expect(
        (await owner.get(`/api/questions?${listQuery({ filter: { websiteId: shop.id, view: 'new' } })}`)).body,
      ).toEqual([]);
    });

    it('filters by website, locale, status, moderator status, category, title search and dates', async () => {
      const total = (filter: Rec, extra = '') =>
        owner.get(`/api/questions?${listQuery({ filter })}${extra}`).then((r) => {
          expectWith(r.status, JSON.stringify(r.body)).toBe(200);
          return totalOf(r);
        });
      expect(await total({ websiteId: shop.id, locale: 'de' })).toBe(5);
      expect(await total({ websiteId: shop.id, category: 'Odd' })).toBe(27);
      expect(await total({ websiteId: shop.id, status: 'pending_review' })).toBe(55);
      expect(await total({ websiteId: shop.id, status: 'published' })).toBe(0);
      expect(await total({ websiteId: shop.id, q: 'queue 1' })).toBe(10);
      expect(await total({ websiteId: shop.id }, '&search=Queue%2005')).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(await total({ websiteId: shop.id }, `&from=${today}&to=${tomorrow}`)).toBe(55);
      expect(await total({ websiteId: shop.id }, `&from=${tomorrow}`)).toBe(0);
      expect(await total({ websiteId: blog.id, locale: 'de', status: 'published' })).toBe(1);
      // The counts agree with the lists, tab by tab.
      const c = await counts(blog.id);
      for (const [tab, view] of [
        ['new', 'new'],
        ['draft', 'draft'],
        ['published', 'published'],
        ['moderator', 'moderator'],
        ['deleted', 'deleted'],
      ]) {
        expectWith(await total({ websiteId: blog.id, view }), tab).toBe(c[tab]);
      }
      const published = await owner.get(
        `/api/answers?${listQuery({ filter: { websiteId: blog.id, status: 'published' } })}`,
      );
      expect(totalOf(published)).toBe(c.publishedAnswers);
    });

    it('bulk actions answer one result per id, never all-or-nothing', async () => {
      const draft = await ask(owner);
      const waiting = await ask(writer);
      const res = await editor
        .post('/api/questions/bulk-actions')
        .send({ action: 'Publish', ids: [draft.id, waiting.id, randomUUID()] });
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.results).toEqual([
        { id: draft.id, ok: true },
        { id: waiting.id, ok: false, error: 'Publish is not allowed while the question is pending_review' },
        { id: expect.any(String), ok: false, error: 'Question not found' },
      ]);
      const another = await ask(writer);
      const approve = await editor
        .post('/api/questions/bulk-actions')
        .send({ action: 'Approve', ids: [waiting.id, another.id], expectedVersions: { [waiting.id]: 1 } });
      expect(approve.body.results).toEqual([
        { id: waiting.id, ok: true },
        { id: another.id, ok: false, error: 'The version you saw is missing!' },
      ]);
      const decline = await editor
        .post('/api/questions/bulk-actions')
        .send({ action: 'Decline', ids: [another.id], expectedVersions: { [another.id]: 1 } });
      expect(decline.body.results).toEqual([{ id: another.id, ok: false, error: 'Reason is missing!' }]);
      expect((await owner.get(`/api/questions/${waiting.id}`)).body.status).toBe('new');
      expect((await owner.get(`/api/questions/${draft.id}`)).body.status).toBe('published');
      expect(
        (await editor.post('/api/questions/bulk-actions').send({ action: 'Explode', ids: [draft.id] })).status,
      ).toBe(422);
      expect((await editor.post('/api/questions/bulk-actions').send({ action: 'Publish', ids: 'all' })).status).toBe(
        422,
      );
    });

    it('refuses bad bodies with a 4xx and a message, never a 500, and changes nothing', async () => {
      const q = await ask(owner);
      const cases: Array<[string, request.Test, number, string | RegExp]> = [
        ['no title', owner.post('/api/questions').send({ websiteId: blog.id }), 422, 'Title is missing!'],
        ['no website', owner.post('/api/questions').send({ title: 'T' }), 422, 'Website is missing!'],
        [
          'title too long',
          owner.post('/api/questions').send({ websiteId: blog.id, title: 'x'.repeat(301) }),
          422,
          'The maximum length is 300 characters',
        ],
        [
          'body too long',
          owner.post('/api/questions').send({ websiteId: blog.id, title: 'T', body: 'x'.repeat(20_001) }),
          422,
          'The maximum length is 20000 characters',
        ],
        [
          'huge strings',
          owner.post('/api/questions').send({ websiteId: 'x'.repeat(200_000), title: 'x'.repeat(200_000) }),
          422,
          /maximum length/,
        ],
        [
          'wrong types',
          owner.post('/api/questions').send({ websiteId: 7, title: ['x'], locale: 3, askedBy: 'me' }),
          422,
          /./,
        ],
        [
          'bad email',
          owner.post('/api/questions').send({ websiteId: blog.id, title: 'T', askedBy: { name: 'A', email: 'nope' } }),
          422,
          'Please enter a valid email address.',
        ],
        [
          'bad locale',
          owner.post('/api/questions').send({ websiteId: blog.id, title: 'T', locale: 'english!' }),
          422,
          /valid locale/,
        ],
        [
          'bad JSON',
          owner.post('/api/questions').set('Content-Type', 'application/json').send('{"title": '),
          400,
          'The request body is not valid JSON',
        ],
        ['an array', owner.post('/api/questions').send([1, 2]), 400, 'The request body must be a JSON object'],
        [
          'unknown website',
          owner.post('/api/questions').send({ websiteId: randomUUID(), title: 'T' }),
          404,
          'Website not found',
        ],
        ['PUT wrong types', owner.put(`/api/questions/${q.id}`).send({ title: 42 }), 422, 'Title must be text'],
        [
          'PUT bad version',
          owner.put(`/api/questions/${q.id}`).send({ title: 'T', version: 'v' }),
          400,
          'expectedVersion must be a whole number',
        ],
        ['PUT empty title', owner.put(`/api/questions/${q.id}`).send({ title: '  ' }), 422, 'Title cannot be empty'],
        ['answer without body', owner.post('/api/answers').send({ questionId: q.id }), 422, 'Answer is missing!'],
        [
          'answer too long',
          owner.post('/api/answers').send({ questionId: q.id, body: 'x'.repeat(20_001) }),
          422,
          'The maximum length is 20000 characters',
        ],
        ['bad filter', owner.get('/api/questions?filter=%7Bnope'), 400, 'filter is not valid JSON'],
        [
          'unknown filter',
          owner.get(`/api/questions?${listQuery({ filter: { hacker: 1 } })}`),
          400,
          'Unknown filter hacker',
        ],
        [
          'unknown view',
          owner.get(`/api/questions?${listQuery({ filter: { view: 'secret' } })}`),
          400,
          /^view must be one of/,
        ],
        ['bad sort', owner.get('/api/questions?sort=password'), 400, 'Cannot sort by password'],
        ['bad date', owner.get('/api/questions?from=yesterday'), 400, 'from must be a date as YYYY-MM-DD'],
        ['bad counts', owner.get('/api/questions/counts?websiteId=a&websiteId=b'), 400, 'websiteId must be an id'],
        [
          'unknown action',
          owner.post(`/api/questions/${q.id}/actions/Explode`).send({}),
          422,
          'Action Explode is not supported for a question',
        ],
        [
          'odd id',
          owner.get(`/api/questions/${'%00'.repeat(3)}`),
          400,
          'The address contains text that is not allowed (a NUL character or broken Unicode)',
        ],
        ['long id', owner.get(`/api/questions/${'y'.repeat(300)}`), 400, 'Invalid id'],
      ];
      for (const [label, pending, status, message] of cases) {
        const res = await pending;
        expectWith(res.status, `${label}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(status);
        if (typeof message === 'string') expectWith(res.body.message, label).toBe(message);
        else expectWith(res.body.message, label).toMatch(message);
      }
      expect((await owner.get(`/api/questions/${q.id}`)).body).toMatchObject({ version: 1, title: q.title });
    });

    describe('the react-admin data provider (ra-data-simple-rest)', () => {
      let dp: DataProvider;
      beforeAll(async () => {
        const cookie = sessionCookie(await request(t.url).post('/api/auth/login').send(EDITOR));
        const httpClient = (url: string, options: fetchUtils.Options = {}) => {
          const headers = new Headers(
            (options.headers as ConstructorParameters<typeof Headers>[0]) ?? { Accept: 'application/json' },
          );
          headers.set('Cookie', cookie);
          headers.set('Origin', t.url);
          return fetchUtils.fetchJson(url, { ...options, headers });
        };
        dp = simpleRestProvider(`${t.url}/api`, httpClient);
      });

      it('lists a tab, creates, updates with the whole record (read-only fields ignored), refuses a stale version, deletes', async () => {
        const page = await dp.getList('questions', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'createdAt', order: 'DESC' },
          filter: { websiteId: blog.id, view: 'published' },
        });
        expect(page.data.length).toBeGreaterThan(0);
        expect(page.data.every((q) => q.status === 'published')).toBe(true);

        const { data: created } = await dp.create('questions', {
          data: { websiteId: blog.id, title: 'RA question', category: 'Help' },
        });
        expect(created).toMatchObject({ id: expect.any(String), status: 'draft', version: 1 });
        const { data: updated } = await dp.update('questions', {
          id: created.id,
          data: {
            ...created,
            title: 'RA question, edited',
            status: 'published',
            moderatorStatus: 'approved',
            organisationId: 'other',
            websiteId: shop.id,
            answerCount: 99,
          },
          previousData: created,
        });
        expect(updated).toMatchObject({
          id: created.id,
          title: 'RA question, edited',
          status: 'draft',
          moderatorStatus: null,
          organisationId: orgA,
          websiteId: blog.id,
          answerCount: 0,
          version: 2,
        });
        await expect(
          dp.update('questions', { id: created.id, data: { ...created, title: 'Stale' }, previousData: created }),
        ).rejects.toMatchObject({
          status: 409,
          body: expect.objectContaining({ message: expect.stringMatching(/changed by someone else/) }),
        });
        await expect(dp.create('questions', { data: { websiteId: blog.id } })).rejects.toMatchObject({
          status: 422,
          body: expect.objectContaining({ errors: { title: 'Title is missing!' } }),
        });

        const { data: answer } = await dp.create('answers', { data: { questionId: created.id, body: 'An answer' } });
        const refs = await dp.getManyReference('answers', {
          target: 'questionId',
          id: created.id,
          pagination: { page: 1, perPage: 25 },
          sort: { field: 'createdAt', order: 'ASC' },
          filter: {},
        });
        expect(refs.data.map((a) => a.id)).toEqual([answer.id]);
        const many = await dp.getMany('questions', { ids: [created.id] });
        expect(many.data.map((q) => q.id)).toEqual([created.id]);

        const { data: deleted } = await dp.delete('questions', { id: created.id, previousData: updated });
        expect(deleted).toMatchObject({ id: created.id, status: 'deleted' });
        const { data: one } = await dp.getOne('questions', { id: created.id });
        expect(one.allowedActions).toEqual(['Restore']);
      });
    });

    describe('another organisation (signed up on its own)', () => {
      let other: Agent;
      let orgB: string;
      let questionB: Rec;
      let answerB: Rec;

      beforeAll(async () => {
        other = newAgent(t.url);
        const signup = await other.post('/api/auth/signup').send({
          email: `b-${randomUUID().slice(0, 8)}@tenant-b.example`,
          password: STRONG,
          name: 'Bea B',
          orgName: 'Tenant B Media',
        });
        expectWith(signup.status, JSON.stringify(signup.body)).toBe(201);
        orgB = signup.body.organisations[0].id;
      });

      it('starts on the starter plan: every community endpoint answers 403 "Upgrade to access"', async () => {
        const site = await other
          .post('/api/websites')
          .send({ name: 'B Forum', url: `https://b-${randomUUID().slice(0, 8)}.example` });
        expectWith(site.status, JSON.stringify(site.body)).toBe(201);
        const refused: Array<[string, request.Test]> = [
          ['list questions', other.get('/api/questions')],
          ['list answers', other.get('/api/answers')],
          ['counts', other.get('/api/questions/counts')],
          ['create', other.post('/api/questions').send({ websiteId: site.body.id, title: 'Hello?' })],
        ];
        for (const [label, pending] of refused) {
          const res = await pending;
          expectWith(res.status, label).toBe(403);
          expectWith(res.body.message, label).toBe(UPGRADE);
        }
        const up = await other.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'growth' });
        expectWith(up.status, JSON.stringify(up.body)).toBe(200);
        const created = await other.post('/api/questions').send({ websiteId: site.body.id, title: 'Is B private?' });
        expectWith(created.status, JSON.stringify(created.body)).toBe(201);
        questionB = created.body;
        answerB = (await other.post('/api/answers').send({ questionId: questionB.id, body: 'It is.' })).body;
        expect(answerB.status).toBe('pending');

        // Back to starter: the records stay, but are out of reach until the plan includes the community again.
        await other.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'starter' });
        const downgraded: Array<[string, request.Test]> = [
          ['get', other.get(`/api/questions/${questionB.id}`)],
          ['history', other.get(`/api/questions/${questionB.id}/history`)],
          ['action', other.post(`/api/questions/${questionB.id}/actions/Publish`).send({})],
          ['update answer', other.put(`/api/answers/${answerB.id}`).send({ body: 'Changed' })],
          ['list by website', other.get(`/api/questions?${listQuery({ filter: { websiteId: site.body.id } })}`)],
        ];
        for (const [label, pending] of downgraded) {
          const res = await pending;
          expectWith(res.status, label).toBe(403);
          expectWith(res.body.message, label).toBe(UPGRADE);
        }
        // The demo organisation's plan is not B's: A is unaffected.
        expect((await owner.get('/api/questions')).status).toBe(200);
        await other.post(`/api/organisations/${orgB}/actions/ChangePlan`).send({ plan: 'growth' });
        expect((await other.get(`/api/questions/${questionB.id}`)).body.version).toBe(1);
      });

      it("answers 404 for B's question and answer on read, update, action, delete and history, and leaves them out of lists", async () => {
        for (const agent of [owner, editor, writer]) {
          for (const [resource, record] of [
            ['questions', questionB],
            ['answers', answerB],
          ] as const) {
            const base = `/api/${resource}/${record.id}`;
            const missing = await agent.get(`/api/${resource}/${randomUUID()}`);
            const attempts: Array<[string, request.Test]> = [
              ['GET', agent.get(base)],
              ['PUT', agent.put(base).send({ ...record, title: 'Hijacked', body: 'Hijacked' })],
              ['PUT invalid', agent.put(base).send({ title: 42 })],
              ['Publish', agent.post(`${base}/actions/Publish`).send({ expectedVersion: 1 })],
              ['Approve', agent.post(`${base}/actions/Approve`).send({})],
              ['DELETE', agent.delete(base)],
              ['history', agent.get(`${base}/history`)],
            ];
            for (const [label, pending] of attempts) {
              const res = await pending;
              expectWith(res.status, `${label} ${base}`).toBe(404);
              expect(res.body).toEqual(missing.body);
            }
            const list = await agent.get(`/api/${resource}?${listQuery({ range: [0, 999] })}`);
            expect(list.body.map((r: Rec) => r.id)).not.toContain(record.id);
            expect(list.body.every((r: Rec) => r.organisationId === orgA)).toBe(true);
            const many = await agent.get(`/api/${resource}?${listQuery({ filter: { id: [record.id] } })}`);
            expect(many.body).toEqual([]);
            const byWebsite = await agent.get(
              `/api/${resource}?${listQuery({ filter: { websiteId: record.websiteId } })}`,
            );
            expect(byWebsite.body).toEqual([]);
          }
          expect((await agent.get('/api/questions?search=Is%20B%20private')).body).toEqual([]);
          const counts = await agent.get(`/api/questions/counts?websiteId=${questionB.websiteId}`);
          expect(counts.body).toEqual({
            new: 0,
            draft: 0,
            published: 0,
            moderator: 0,
            deleted: 0,
            publishedAnswers: 0,
          });
        }
        // No answer of A on B's question, and B's bulk results reveal nothing either.
        const planted = await owner.post('/api/answers').send({ questionId: questionB.id, body: 'Planted' });
        expect(planted.status).toBe(404);
        const bulk = await owner.post('/api/questions/bulk-actions').send({ action: 'Delete', ids: [questionB.id] });
        expect(bulk.body.results).toEqual([{ id: questionB.id, ok: false, error: 'Question not found' }]);
        // Nothing of B changed, and B does not see A.
        expect((await other.get(`/api/questions/${questionB.id}`)).body).toMatchObject({
          version: 1,
          status: 'draft',
          answerCount: 1,
        });
        expect((await other.get(`/api/answers/${answerB.id}`)).body).toMatchObject({ version: 1, body: 'It is.' });
        const bList = await other.get(`/api/questions?${listQuery({ range: [0, 999] })}`);
        expect(bList.body.map((q: Rec) => q.id)).toEqual([questionB.id]);
        expect((await other.get(`/api/questions/counts?websiteId=${blog.id}`)).body.published).toBe(0);
      });
    });
  });
}
