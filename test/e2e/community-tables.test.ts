// The HTTP API against the tables typed by hand in test/support/community-tables.ts (the same
// rows the unit tests compare the deciders with): for representative rows of the community
// question, answer, bio and redirect rule tables (every action at least once allowed and once
// refused, several roles), the status code and the resulting status, and that the
// `allowedActions` the API answers are the table's allowed cells for that user and status.
//
// Who is which column: owner@demo (owner, CMS admin) and editor@demo (CMS editor) are
// moderators and Editor+; checker@demo (CMS reviewer) is a moderator but not Editor+, and
// becomes an analyst for the last test ("others"); writer@demo (CMS creator) is the creator and
// the member a writer bio is about.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  ANSWER_TABLE,
  BIO_TABLE,
  EXPERT_BIO_TABLE,
  QUESTION_TABLE,
  REDIRECT_TABLE,
  allowedIn,
  cell,
} from '../support/community-tables.js';
import { NONE, type Row } from '../support/decider-table.js';
import { EDITOR, OWNER, WRITER, boot, listQuery, setups, signIn, type Agent, type Booted } from './setups.js';

type Rec = Record<string, any>;
type Res = { status: number; body: Rec };

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };

// Column numbers of the tables.
const MODERATOR = 0;
const CREATOR_OWN = 1;
const CREATOR_OTHERS = 2;
const OTHERS = 3;
const EDITOR_PLUS = 0;
const ABOUT_THEM = 1;
const ANOTHER_NON_EDITOR = 2;
const NON_EDITOR = 1;

/**
 * The answer `res` to `action` from `from` is the table's cell: the refusal's status code, or a
 * success whose record has the status the action leads to ('=': the status it had).
 */
function expectCell(res: Res, table: readonly Row[], action: string, from: string, column: number, who: string) {
  const want = cell(table, action, from, column);
  const label = `${action} from ${from} by ${who}: want ${want}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
  if (typeof want === 'number') {
    expectWith(res.status, label).toBe(want);
    return;
  }
  expectWith(res.status, label).toBe(from === NONE ? 201 : 200);
  expectWith(res.body.status, label).toBe(want === '=' ? from : want);
}

/** The record's `allowedActions` are the table's allowed cells for its status in `column`. */
function expectAllowed(record: Rec, table: readonly Row[], column: number, who: string) {
  expectWith([...record.allowedActions].sort(), `allowedActions of a ${record.status} record for ${who}`).toEqual(
    allowedIn(table, record.status, column),
  );
}

for (const setup of setups) {
  describe(`the community, bio and redirect rule tables over HTTP (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let checker: Agent;
    let blog: string;
    let shop: string;
    let writerId: string;
    let editorId: string;
    let checkerMember: Rec;

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer, checker] = await Promise.all(
        [OWNER, EDITOR, WRITER, CHECKER].map((who) => signIn(t.url, who)),
      );
      const me = (await owner.get('/api/auth/user')).body as Rec;
      const sites = (await owner.get('/api/websites')).body as Rec[];
      blog = sites.find((w) => w.name === 'Demo Blog')!.id;
      shop = sites.find((w) => w.name === 'Demo Shop')!.id;
      writerId = (await writer.get('/api/auth/user')).body.id;
      editorId = (await editor.get('/api/auth/user')).body.id;
      // The columns need these CMS roles: make it so whatever the demo seed says, and say so.
      const members = (
        await owner.get(`/api/members?${listQuery({ filter: { organisationId: me.organisations[0].id } })}`)
      ).body as Rec[];
      for (const [email, cmsRole] of [
        [EDITOR.email, 'editor'],
        [WRITER.email, 'creator'],
        [CHECKER.email, 'reviewer'],
      ] as const) {
        const member = members.find((m) => m.email === email)!;
        if (member.cmsRole !== cmsRole) {
          console.info(
            `[community-tables] the demo seed gives ${email} cmsRole ${member.cmsRole}; the test sets ${cmsRole}`,
          );
          const changed = await owner.put(`/api/members/${member.id}`).send({ cmsRole });
          expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
        }
      }
      checkerMember = members.find((m) => m.email === CHECKER.email)!;
    });
    afterAll(async () => t?.stop());

    describe('questions', () => {
      const Q = QUESTION_TABLE;
      const ask = (agent: Agent, title: string) => agent.post('/api/questions').send({ websiteId: blog, title });
      const act = (agent: Agent, q: Rec, action: string, body: Rec = {}) =>
        agent.post(`/api/questions/${q.id}/actions/${action}`).send({ expectedVersion: q.version, ...body });
      const get = async (agent: Agent, q: Rec) => (await agent.get(`/api/questions/${q.id}`)).body as Rec;

      it('every action allowed and refused as the table says, with the buttons of each row', async () => {
        // Create: a creator's question waits for the moderators, a moderator's is a draft.
        const mine = await ask(writer, 'Tables: do you ship to Norway?');
        expectCell(mine, Q, 'Create', NONE, CREATOR_OWN, 'writer');
        expectAllowed(mine.body, Q, CREATOR_OWN, 'writer');
        for (const [agent, who] of [
          [owner, 'owner'],
          [editor, 'editor'],
          [checker, 'checker (reviewer)'],
        ] as const)
          expectAllowed(await get(agent, mine.body), Q, MODERATOR, who);
        const theirs = await ask(owner, 'Tables: a draft of the owner');
        expectCell(theirs, Q, 'Create', NONE, MODERATOR, 'owner');
        expectAllowed(theirs.body, Q, MODERATOR, 'owner');
        expectAllowed(await get(writer, theirs.body), Q, CREATOR_OTHERS, 'writer');

        // Submit: not someone else's draft; the author's (a moderator) goes to the queue.
        expectCell(await act(writer, theirs.body, 'Submit'), Q, 'Submit', 'draft', CREATOR_OTHERS, 'writer');
        const submitted = await act(owner, theirs.body, 'Submit');
        expectCell(submitted, Q, 'Submit', 'draft', MODERATOR, 'owner');
        expectAllowed(await get(writer, submitted.body), Q, CREATOR_OTHERS, 'writer');

        // Update while waiting: the creator's own, not someone else's.
        expectCell(
          await writer
            .put(`/api/questions/${mine.body.id}`)
            .send({ title: 'Tables: do you ship to Norway and Sweden?' }),
          Q,
          'Update',
          'pending_review',
          CREATOR_OWN,
          'writer',
        );
        expectCell(
          await writer.put(`/api/questions/${theirs.body.id}`).send({ title: 'Mine now' }),
          Q,
          'Update',
          'pending_review',
          CREATOR_OTHERS,
          'writer',
        );

        // Approve: not by its creator; by a reviewer (a moderator), on the version they saw.
        let q = await get(checker, mine.body);
        expectCell(await act(writer, q, 'Approve'), Q, 'Approve', 'pending_review', CREATOR_OWN, 'writer');
        const approved = await act(checker, q, 'Approve');
        expectCell(approved, Q, 'Approve', 'pending_review', MODERATOR, 'checker (reviewer)');
        expect(approved.body.moderatorStatus).toBe('approved');
        q = approved.body;
        expectAllowed(q, Q, MODERATOR, 'checker (reviewer)');
        expectAllowed(await get(editor, q), Q, MODERATOR, 'editor');
        expectAllowed(await get(writer, q), Q, CREATOR_OWN, 'writer');
        // An approved question (forum status new) exists: Create again is refused, not a take-over.
        expectCell(await act(writer, q, 'Create', { title: 'Taken over' }), Q, 'Create', 'new', CREATOR_OWN, 'writer');
        expectCell(await act(editor, q, 'Approve'), Q, 'Approve', 'new', MODERATOR, 'editor');
        expectCell(
          await writer.put(`/api/questions/${q.id}`).send({ title: 'Changed after approval' }),
          Q,
          'Update',
          'new',
          CREATOR_OWN,
          'writer',
        );
        expectCell(await act(writer, q, 'Delete'), Q, 'Delete', 'new', CREATOR_OWN, 'writer');

        // Publish and Unpublish: moderators only; not twice.
        expectCell(await act(writer, q, 'Publish'), Q, 'Publish', 'new', CREATOR_OWN, 'writer');
        const published = await act(editor, q, 'Publish');
        expectCell(published, Q, 'Publish', 'new', MODERATOR, 'editor');
        q = published.body;
        expectAllowed(q, Q, MODERATOR, 'editor');
        expectAllowed(await get(writer, q), Q, CREATOR_OWN, 'writer');
        expectCell(await act(editor, q, 'Publish'), Q, 'Publish', 'published', MODERATOR, 'editor');
        expectCell(await act(writer, q, 'Unpublish'), Q, 'Unpublish', 'published', CREATOR_OWN, 'writer');
        const unpublished = await act(owner, q, 'Unpublish');
        expectCell(unpublished, Q, 'Unpublish', 'published', MODERATOR, 'owner');
        q = unpublished.body;

        // Decline: a waiting question only, with a reason; the declined question is deleted.
        expectCell(
          await act(editor, q, 'Decline', { reason: 'Not a question' }),
          Q,
          'Decline',
          'draft',
          MODERATOR,
          'editor',
        );
        const waiting = await get(editor, submitted.body);
        expectCell(
          await act(writer, waiting, 'Decline', { reason: 'Mine' }),
          Q,
          'Decline',
          'pending_review',
          CREATOR_OTHERS,
          'writer',
        );
        const declined = await act(editor, waiting, 'Decline', { reason: 'Asked twice' });
        expectCell(declined, Q, 'Decline', 'pending_review', MODERATOR, 'editor');
        expect(declined.body.moderatorStatus).toBe('declined');
        expectAllowed(declined.body, Q, MODERATOR, 'editor');
        expectAllowed(await get(writer, declined.body), Q, CREATOR_OTHERS, 'writer');

        // Restore: moderators bring it back as a draft, once.
        expectCell(await act(writer, declined.body, 'Restore'), Q, 'Restore', 'deleted', CREATOR_OTHERS, 'writer');
        const restored = await act(owner, declined.body, 'Restore');
        expectCell(restored, Q, 'Restore', 'deleted', MODERATOR, 'owner');
        expectCell(await act(owner, restored.body, 'Restore'), Q, 'Restore', 'draft', MODERATOR, 'owner');

        // Delete: the creator withdraws their own draft, once; not someone else's published question.
        const withdrawn = await writer.delete(`/api/questions/${q.id}`).send({});
        expectCell(withdrawn, Q, 'Delete', 'draft', CREATOR_OWN, 'writer');
        expectCell(
          await writer.delete(`/api/questions/${q.id}`).send({}),
          Q,
          'Delete',
          'deleted',
          CREATOR_OWN,
          'writer',
        );
        const live = await act(owner, restored.body, 'Publish');
        expectCell(live, Q, 'Publish', 'draft', MODERATOR, 'owner');
        expectCell(
          await writer.delete(`/api/questions/${live.body.id}`).send({}),
          Q,
          'Delete',
          'published',
          CREATOR_OTHERS,
          'writer',
        );
        expectCell(
          await editor.delete(`/api/questions/${live.body.id}`).send({}),
          Q,
          'Delete',
          'published',
          MODERATOR,
          'editor',
        );
      });
    });

    describe('answers', () => {
      const A = ANSWER_TABLE;
      const answer = (agent: Agent, questionId: string, body: string) =>
        agent.post('/api/answers').send({ questionId, body });
      const act = (agent: Agent, a: Rec, action: string) =>
        agent.post(`/api/answers/${a.id}/actions/${action}`).send({});
      const get = async (agent: Agent, a: Rec) => (await agent.get(`/api/answers/${a.id}`)).body as Rec;

      it('every action allowed and refused as the table says, with the buttons of each row', async () => {
        const question = (
          await owner.post('/api/questions').send({ websiteId: blog, title: 'Tables: how long does shipping take?' })
        ).body as Rec;
        expect((await owner.post(`/api/questions/${question.id}/actions/Publish`).send({})).status).toBe(200);

        const mine = await answer(writer, question.id, 'Three days.');
        expectCell(mine, A, 'Create', NONE, CREATOR_OWN, 'writer');
        expectAllowed(mine.body, A, CREATOR_OWN, 'writer');
        expectAllowed(await get(editor, mine.body), A, MODERATOR, 'editor');
        expectAllowed(await get(checker, mine.body), A, MODERATOR, 'checker (reviewer)');
        const theirs = await answer(owner, question.id, 'Two to four days.');
        expectCell(theirs, A, 'Create', NONE, MODERATOR, 'owner');
        expectAllowed(await get(writer, theirs.body), A, CREATOR_OTHERS, 'writer');

        expectCell(
          await writer.put(`/api/answers/${mine.body.id}`).send({ body: 'Three working days.' }),
          A,
          'Update',
          'pending',
          CREATOR_OWN,
          'writer',
        );
        expectCell(
          await writer.put(`/api/answers/${theirs.body.id}`).send({ body: 'Mine now.' }),
          A,
          'Update',
          'pending',
          CREATOR_OTHERS,
          'writer',
        );
        expectCell(
          await writer.delete(`/api/answers/${theirs.body.id}`).send({}),
          A,
          'Delete',
          'pending',
          CREATOR_OTHERS,
          'writer',
        );

        expectCell(await act(writer, mine.body, 'Publish'), A, 'Publish', 'pending', CREATOR_OWN, 'writer');
        const published = await act(checker, mine.body, 'Publish');
        expectCell(published, A, 'Publish', 'pending', MODERATOR, 'checker (reviewer)');
        expectAllowed(published.body, A, MODERATOR, 'checker (reviewer)');
        expectAllowed(await get(writer, mine.body), A, CREATOR_OWN, 'writer');
        expectCell(await act(editor, mine.body, 'Publish'), A, 'Publish', 'published', MODERATOR, 'editor');

        expectCell(
          await writer.put(`/api/answers/${mine.body.id}`).send({ body: 'Changed after publishing.' }),
          A,
          'Update',
          'published',
          CREATOR_OWN,
          'writer',
        );
        expectCell(
          await editor.put(`/api/answers/${mine.body.id}`).send({ body: 'Three working days (edited).' }),
          A,
          'Update',
          'published',
          MODERATOR,
          'editor',
        );
        expectCell(
          await writer.delete(`/api/answers/${mine.body.id}`).send({}),
          A,
          'Delete',
          'published',
          CREATOR_OWN,
          'writer',
        );
        expectCell(
          await owner.delete(`/api/answers/${mine.body.id}`).send({}),
          A,
          'Delete',
          'published',
          MODERATOR,
          'owner',
        );
        expectCell(
          await owner.delete(`/api/answers/${mine.body.id}`).send({}),
          A,
          'Delete',
          'deleted',
          MODERATOR,
          'owner',
        );
        expectCell(await act(owner, mine.body, 'Publish'), A, 'Publish', 'deleted', MODERATOR, 'owner');

        const withdrawn = await answer(writer, question.id, 'Withdrawn soon.');
        expectCell(
          await writer.delete(`/api/answers/${withdrawn.body.id}`).send({}),
          A,
          'Delete',
          'pending',
          CREATOR_OWN,
          'writer',
        );
      });
    });

    describe('bios', () => {
      const get = async (agent: Agent, b: Rec) => (await agent.get(`/api/bios/${b.id}`)).body as Rec;
      const act = (agent: Agent, b: Rec, action: string) => agent.post(`/api/bios/${b.id}/actions/${action}`).send({});

      it('every action allowed and refused as the table says, with the buttons of each row', async () => {
        // A member writes their own bio; not someone else's, nor an expert's.
        const own = await writer.post('/api/bios').send({
          websiteId: shop,
          kind: 'writer',
          userId: writerId,
          displayName: 'Wendy Writer',
          text: 'Wendy writes about pots.',
        });
        expectCell(own, BIO_TABLE, 'Create', NONE, ABOUT_THEM, 'writer');
        expectAllowed(own.body, BIO_TABLE, ABOUT_THEM, 'writer');
        expectAllowed(await get(editor, own.body), BIO_TABLE, EDITOR_PLUS, 'editor');
        expectAllowed(await get(checker, own.body), BIO_TABLE, ANOTHER_NON_EDITOR, 'checker (reviewer)');
        const others = await writer
          .post('/api/bios')
          .send({ websiteId: shop, kind: 'writer', userId: editorId, displayName: 'Eddie Editor' });
        expectCell(others, BIO_TABLE, 'Create', NONE, ANOTHER_NON_EDITOR, 'writer');
        const expert = await writer
          .post('/api/bios')
          .send({ websiteId: shop, kind: 'expert', displayName: 'Dr. Tables' });
        expectCell(expert, EXPERT_BIO_TABLE, 'Create', NONE, NON_EDITOR, 'writer');
        expectCell(
          await editor.post('/api/bios').send({ websiteId: shop, kind: 'expert', displayName: 'Dr. Tables' }),
          EXPERT_BIO_TABLE,
          'Create',
          NONE,
          EDITOR_PLUS,
          'editor',
        );

        expectCell(
          await checker.put(`/api/bios/${own.body.id}`).send({ title: 'Not hers' }),
          BIO_TABLE,
          'Update',
          'draft',
          ANOTHER_NON_EDITOR,
          'checker (reviewer)',
        );
        expectCell(
          await writer.put(`/api/bios/${own.body.id}`).send({ title: 'Pot writer' }),
          BIO_TABLE,
          'Update',
          'draft',
          ABOUT_THEM,
          'writer',
        );

        // Only Editor+ publish, once.
        expectCell(await act(writer, own.body, 'Publish'), BIO_TABLE, 'Publish', 'draft', ABOUT_THEM, 'writer');
        expectCell(
          await act(checker, own.body, 'Publish'),
          BIO_TABLE,
          'Publish',
          'draft',
          ANOTHER_NON_EDITOR,
          'checker (reviewer)',
        );
        const published = await act(editor, own.body, 'Publish');
        expectCell(published, BIO_TABLE, 'Publish', 'draft', EDITOR_PLUS, 'editor');
        expectAllowed(published.body, BIO_TABLE, EDITOR_PLUS, 'editor');
        expectAllowed(await get(writer, own.body), BIO_TABLE, ABOUT_THEM, 'writer');
        expectCell(await act(owner, own.body, 'Publish'), BIO_TABLE, 'Publish', 'published', EDITOR_PLUS, 'owner');
        expectCell(
          await writer.put(`/api/bios/${own.body.id}`).send({ text: 'Wendy writes about pots and soil.' }),
          BIO_TABLE,
          'Update',
          'published',
          ABOUT_THEM,
          'writer',
        );

        expectCell(await act(writer, own.body, 'Unpublish'), BIO_TABLE, 'Unpublish', 'published', ABOUT_THEM, 'writer');
        const unpublished = await act(owner, own.body, 'Unpublish');
        expectCell(unpublished, BIO_TABLE, 'Unpublish', 'published', EDITOR_PLUS, 'owner');
        expectCell(await act(owner, own.body, 'Unpublish'), BIO_TABLE, 'Unpublish', 'draft', EDITOR_PLUS, 'owner');

        expectCell(await writer.delete(`/api/bios/${own.body.id}`), BIO_TABLE, 'Delete', 'draft', ABOUT_THEM, 'writer');
        expectCell(
          await checker.delete(`/api/bios/${own.body.id}`),
          BIO_TABLE,
          'Delete',
          'draft',
          ANOTHER_NON_EDITOR,
          'checker (reviewer)',
        );
        expectCell(
          await editor.delete(`/api/bios/${own.body.id}`),
          BIO_TABLE,
          'Delete',
          'draft',
          EDITOR_PLUS,
          'editor',
        );
      });
    });

    describe('redirect rules', () => {
      const R = REDIRECT_TABLE;
      const get = async (agent: Agent, r: Rec) => (await agent.get(`/api/redirect-rules/${r.id}`)).body as Rec;

      it('every action allowed and refused as the table says, with the buttons of each row', async () => {
        expectCell(
          await writer
            .post('/api/redirect-rules')
            .send({ websiteId: blog, fromPath: '/tables-old', toPath: '/tables-new' }),
          R,
          'Create',
          NONE,
          NON_EDITOR,
          'writer',
        );
        expectCell(
          await checker
            .post('/api/redirect-rules')
            .send({ websiteId: blog, fromPath: '/tables-old', toPath: '/tables-new' }),
          R,
          'Create',
          NONE,
          NON_EDITOR,
          'checker (reviewer)',
        );
        const bad = await editor
          .post('/api/redirect-rules')
          .send({ websiteId: blog, fromPath: 'tables-old', toPath: 'https://partner.example/tables' });
        expect(bad.status).toBe(422);
        expect(bad.body.errors).toEqual({ fromPath: 'From path must start with /' });

        const rule = await editor
          .post('/api/redirect-rules')
          .send({ websiteId: blog, fromPath: '/tables-old', toPath: 'https://partner.example/tables' });
        expectCell(
          { status: rule.status, body: { ...rule.body, status: rule.body.status ?? 'active' } },
          R,
          'Create',
          NONE,
          EDITOR_PLUS,
          'editor',
        );
        const active = { ...rule.body, status: 'active' };
        expectAllowed(active, R, EDITOR_PLUS, 'editor');
        expectAllowed({ ...(await get(owner, rule.body)), status: 'active' }, R, EDITOR_PLUS, 'owner');
        expectAllowed({ ...(await get(writer, rule.body)), status: 'active' }, R, NON_EDITOR, 'writer');
        expectAllowed({ ...(await get(checker, rule.body)), status: 'active' }, R, NON_EDITOR, 'checker (reviewer)');

        expectCell(
          await writer.put(`/api/redirect-rules/${rule.body.id}`).send({ toPath: '/elsewhere' }),
          R,
          'Update',
          'active',
          NON_EDITOR,
          'writer',
        );
        const changed = await owner
          .put(`/api/redirect-rules/${rule.body.id}`)
          .send({ toPath: '/tables-new', type: 302 });
        expectCell(
          { status: changed.status, body: { ...changed.body, status: changed.body.status ?? 'active' } },
          R,
          'Update',
          'active',
          EDITOR_PLUS,
          'owner',
        );
        expect(changed.body).toMatchObject({ fromPath: '/tables-old', toPath: '/tables-new', type: 302 });

        expectCell(
          await checker.delete(`/api/redirect-rules/${rule.body.id}`),
          R,
          'Delete',
          'active',
          NON_EDITOR,
          'checker (reviewer)',
        );
        expectCell(
          await editor.delete(`/api/redirect-rules/${rule.body.id}`),
          R,
          'Delete',
          'active',
          EDITOR_PLUS,
          'editor',
        );
        // A deleted rule leaves the read model: the API answers 404 where the decider would say 422.
        expect((await editor.delete(`/api/redirect-rules/${rule.body.id}`)).status).toBe(404);
      });
    });

    describe('others (an analyst)', () => {
      it('may read but take no action: the "others" column of the community tables, a non-editor for bios and redirect rules', async () => {
        const draft = (
          await owner.post('/api/questions').send({ websiteId: blog, title: 'Tables: an analyst reads this' })
        ).body as Rec;
        const rule = (
          await editor
            .post('/api/redirect-rules')
            .send({ websiteId: blog, fromPath: '/tables-analyst', toPath: '/tables-new' })
        ).body as Rec;
        const bio = (
          await editor
            .post('/api/bios')
            .send({ websiteId: shop, kind: 'expert', displayName: 'Dr. Analysed', text: 'Reads numbers.' })
        ).body as Rec;
        const changed = await owner.put(`/api/members/${checkerMember.id}`).send({ cmsRole: 'analyst' });
        expectWith(changed.status, JSON.stringify(changed.body)).toBe(200);
        const analyst = checker;

        expectCell(
          await analyst.post('/api/questions').send({ websiteId: blog, title: 'Tables: from an analyst' }),
          QUESTION_TABLE,
          'Create',
          NONE,
          OTHERS,
          'analyst',
        );
        const seen = (await analyst.get(`/api/questions/${draft.id}`)).body as Rec;
        expectAllowed(seen, QUESTION_TABLE, OTHERS, 'analyst');
        expectCell(
          await analyst.post(`/api/questions/${draft.id}/actions/Publish`).send({}),
          QUESTION_TABLE,
          'Publish',
          'draft',
          OTHERS,
          'analyst',
        );
        expectCell(
          await analyst.post(`/api/questions/${draft.id}/actions/Submit`).send({}),
          QUESTION_TABLE,
          'Submit',
          'draft',
          OTHERS,
          'analyst',
        );
        expectCell(
          await analyst.post('/api/answers').send({ questionId: draft.id, body: 'Numbers say yes.' }),
          ANSWER_TABLE,
          'Create',
          NONE,
          OTHERS,
          'analyst',
        );

        expectCell(
          await analyst.put(`/api/bios/${bio.id}`).send({ title: 'Analyst' }),
          EXPERT_BIO_TABLE,
          'Update',
          'draft',
          NON_EDITOR,
          'analyst',
        );
        expectAllowed(await (await analyst.get(`/api/bios/${bio.id}`)).body, EXPERT_BIO_TABLE, NON_EDITOR, 'analyst');
        expectCell(
          await analyst.put(`/api/redirect-rules/${rule.id}`).send({ toPath: '/x' }),
          REDIRECT_TABLE,
          'Update',
          'active',
          NON_EDITOR,
          'analyst',
        );
        expectAllowed(
          { ...(await analyst.get(`/api/redirect-rules/${rule.id}`)).body, status: 'active' },
          REDIRECT_TABLE,
          NON_EDITOR,
          'analyst',
        );
      });
    });
  });
}
