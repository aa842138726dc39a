import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import {
  EDITOR,
  OWNER,
  WRITER,
  boot,
  giveWebsite,
  publishOwnBio,
  setups,
  signIn,
  type Agent,
  type Booted,
} from './setups.js';
import {
  ACTIONS,
  ALL_ON,
  MINIMAL,
  ONE_LEVEL,
  REGULATED,
  allowedFor,
  expected,
  type Action,
  type Config,
  type Person,
  type Status,
} from '../support/post-tables.js';

/**
 * The HTTP API against the hand-written post workflow table (test/support/post-tables.ts):
 * a post is driven over HTTP through the stages of websites with different settings; in each
 * status, the `allowedActions` every demo user gets must be the table's row, and the actions the
 * table refuses must answer its status code (403 or 422) and change nothing. Allowed actions,
 * moves forward and back included, are taken over HTTP and must lead where the table says.
 *
 * The demo users are people of the table: owner@ (organisation owner, CMS admin) is `owner`,
 * editor@ (CMS editor) `editor`, writer@ (CMS creator) `writer`, checker@ (CMS reviewer) `checker`.
 */

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };
const USERS = ['owner', 'editor', 'writer', 'checker'] as const satisfies readonly Person[];
type User = (typeof USERS)[number];
const CONTENT = {
  outline: '1. Light\n2. Water',
  richText: { json: { type: 'doc' }, html: '<p>Plants need <a href="https://example.org">light</a> and water.</p>' },
};

/** The actions that depend on the website's settings (the others are checked on the every-stage website). */
const SETTINGS_DEPENDENT: readonly Action[] = ACTIONS.filter(
  (a) =>
    /^(SubmitFor|ReturnTo)/.test(a) ||
    ['ApproveFactCheck', 'ApproveRegulation', 'DeclineRegulation', 'Publish'].includes(a),
);

for (const setup of setups) {
  describe(`posts over HTTP against the hand-written workflow table (${setup.name})`, () => {
    let t: Booted;
    const agents = {} as Record<User, Agent>;
    const userIds = {} as Record<User, string>;

    beforeAll(async () => {
      t = await boot(setup);
      for (const [user, credentials] of [
        ['owner', OWNER],
        ['editor', EDITOR],
        ['writer', WRITER],
        ['checker', CHECKER],
      ] as const) {
        agents[user] = await signIn(t.url, credentials);
        userIds[user] = (await agents[user].get('/api/auth/user')).body.id;
      }
    });
    afterAll(async () => t?.stop());

    /** A website of the demo organisation with the configuration's settings; the writer has a published bio on it. */
    async function website(config: Config): Promise<string> {
      const name = `Table ${config.name}`.slice(0, 60);
      const res = await agents.owner.post('/api/websites').send({
        name,
        url: `https://${name.toLowerCase().replace(/\W+/g, '-')}.example`,
        ...config.settings,
        factCheckerDisplay: false,
      });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      await giveWebsite(agents.owner, res.body.id);
      await publishOwnBio(agents.writer, agents.owner, res.body.id);
      return res.body.id as string;
    }

    async function read(user: User, id: string) {
      const res = await agents[user].get(`/api/posts/${id}`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as {
        status: string;
        version: number;
        allowedActions: string[];
        holder: { name: string; since: string } | null;
      };
    }

    /** Takes `action` as `user` over HTTP (Save is PUT with the current version, DeleteForever is DELETE). */
    async function send(user: User, id: string, action: Action, version: number) {
      const agent = agents[user];
      if (action === 'Save') return agent.put(`/api/posts/${id}`).send({ version, subtitle: `Saved by ${user}` });
      if (action === 'DeleteForever') return agent.delete(`/api/posts/${id}`);
      const body = action === 'SendTo' ? { userId: userIds.owner } : { note: `A note from ${user}` };
      return agent.post(`/api/posts/${id}/actions/${action}`).send(body);
    }

    /** Takes an action the table allows and checks it leads where the table says. */
    async function take(
      config: Config,
      from: Status,
      user: User,
      id: string,
      action: Action,
      body: Record<string, unknown> = {},
    ) {
      const want = expected(config, action, from, user);
      expectWith(typeof want, `the table allows ${action} by ${user} from ${from}`).toBe('string');
      const res = await agents[user].post(`/api/posts/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action} by ${user} from ${from}: ${JSON.stringify(res.body)}`).toBe(200);
      expectWith(res.body.status, `${action} by ${user} from ${from}`).toBe(want);
      return res.body as { status: string; version: number; holder: { name: string; since: string } | null };
    }

    /**
     * Discard or TakeOver of a page someone holds (the table's cells are for a page in the pool,
     * where both are refused): whoever works the stage (the table's Select cell) may, and the post
     * stays in its status.
     */
    async function release(config: Config, status: Status, user: User, id: string, action: 'Discard' | 'TakeOver') {
      expectWith(expected(config, 'Select', status, user), `${user} works the ${status} stage`).toBe(status);
      const res = await agents[user].post(`/api/posts/${id}/actions/${action}`).send({});
      expectWith(res.status, `${action} by ${user} in ${status}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.status).toBe(status);
      return res.body as { status: string; version: number; holder: { name: string; since: string } | null };
    }

    let probes = 0;
    /**
     * In `status` (the post in its pool): every user's allowedActions is the table's row, and each
     * action the table refuses answers its status code without changing the post: for each
     * refusal code an action has here (403 for some roles, 422 for others), one user who gets it
     * asks, in turn (runtime: the unit test asks every role).
     */
    async function check(config: Config, status: Status, id: string, actions: readonly Action[]) {
      const before = await read('owner', id);
      expect({ status: before.status, holder: before.holder }).toEqual({ status, holder: null });
      const problems: string[] = [];
      for (const user of USERS) {
        const allowed = [...(await read(user, id)).allowedActions].sort();
        const want = allowedFor(config, status, user).sort();
        if (JSON.stringify(allowed) !== JSON.stringify(want))
          problems.push(`allowedActions of ${user} in ${status}: expected [${want}], got [${allowed}]`);
      }
      for (const action of actions) {
        if (action === 'Create') continue;
        const byCode = new Map<number, User[]>();
        for (const user of USERS) {
          const code = expected(config, action, status, user);
          if (typeof code === 'number') byCode.set(code, [...(byCode.get(code) ?? []), user]);
        }
        for (const [code, users] of byCode) {
          const user = users[probes++ % users.length];
          const res = await send(user, id, action, before.version);
          if (res.status !== code)
            problems.push(
              `${action} by ${user} in ${status}: expected ${code}, got ${res.status} ${JSON.stringify(res.body.message)}`,
            );
        }
      }
      expect(problems).toEqual([]);
      expect((await read('owner', id)).version).toBe(before.version);
    }

    async function create(
      websiteId: string,
      user: User = 'writer',
    ): Promise<{ id: string; version: number; holder: { name: string; since: string } | null }> {
      const res = await agents[user]
        .post('/api/posts')
        .send({ websiteId, title: 'How to grow basil', type: 'blog', ...CONTENT });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    }

    it('every stage on: allowed actions, refusals, forward and back moves, take-over, publish, unpublish, archive', async () => {
      const config = ALL_ON;
      const site = await website(config);
      // Create: the table's `new` row.
      for (const user of USERS) {
        const res = await agents[user]
          .post('/api/posts')
          .send({ websiteId: site, title: `Created by ${user}`, type: 'blog' });
        expectWith(res.status, `Create by ${user}: ${JSON.stringify(res.body)}`).toBe(
          expected(config, 'Create', 'new', user) === 'Writer' ? 201 : expected(config, 'Create', 'new', user),
        );
        if (res.status === 201) expect(res.body.status).toBe('Writer');
      }

      const post = await create(site);
      const id = post.id;
      expect(post.holder).toMatchObject({ name: 'Wendy Writer' });
      // Take-over: the writer's next save is refused with 409 naming who took the page and when.
      const taken = await release(config, 'Writer', 'editor', id, 'TakeOver');
      expect(taken.holder).toMatchObject({ name: 'Eddie Editor' });
      const stale = await agents.writer
        .put(`/api/posts/${id}`)
        .send({ version: post.version, subtitle: 'My unsaved words' });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(
        `Error: Unable to save post - Eddie Editor took over this page at ${taken.holder!.since}. Your changes were kept as a draft.`,
      );
      await release(config, 'Writer', 'editor', id, 'Discard');

      await check(config, 'Writer', id, ACTIONS);
      await take(config, 'Writer', 'writer', id, 'Select');
      const saved = await agents.writer
        .put(`/api/posts/${id}`)
        .send({ version: (await read('writer', id)).version, subtitle: 'A windowsill guide' });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      await take(config, 'Writer', 'writer', id, 'SubmitForEdit', { note: 'Ready for a look' });

      await check(config, 'Edit', id, ACTIONS);
      await take(config, 'Edit', 'editor', id, 'Select');
      await release(config, 'Edit', 'editor', id, 'Discard');
      const sent = await agents.owner.post(`/api/posts/${id}/actions/SendTo`).send({ userId: userIds.editor });
      expectWith(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body).toMatchObject({ status: 'Edit', holder: { name: 'Eddie Editor' } });
      await release(config, 'Edit', 'editor', id, 'Discard');
      await take(config, 'Edit', 'editor', id, 'ReturnToWriter', { note: 'Add sources' });
      await take(config, 'Writer', 'writer', id, 'SubmitForEdit');
      await take(config, 'Edit', 'editor', id, 'SubmitForSecondEdit');

      await check(config, 'SecondEdit', id, ACTIONS);
      await take(config, 'SecondEdit', 'editor', id, 'ReturnToEdit', { note: 'Tighten the intro' });
      await take(config, 'Edit', 'editor', id, 'SubmitForSecondEdit');
      await take(config, 'SecondEdit', 'editor', id, 'SubmitForReview');

      await check(config, 'Review', id, ACTIONS);
      await take(config, 'Review', 'checker', id, 'ExportPage', { format: 'json' });
      await take(config, 'Review', 'checker', id, 'ReturnToSecondEdit', { note: 'Customer asks for a shorter title' });
      await take(config, 'SecondEdit', 'editor', id, 'SubmitForReview');
      await take(config, 'Review', 'checker', id, 'SubmitForFactCheck');

      await check(config, 'FactCheck', id, ACTIONS);
      await take(config, 'FactCheck', 'checker', id, 'ReturnToReview', { note: 'Which study?' });
      await take(config, 'Review', 'checker', id, 'SubmitForFactCheck');
      await take(config, 'FactCheck', 'checker', id, 'ApproveFactCheck');

      await check(config, 'SecondFactCheck', id, ACTIONS);
      await take(config, 'SecondFactCheck', 'checker', id, 'ReturnToFactCheck', { note: 'Check the figures again' });
      await take(config, 'FactCheck', 'checker', id, 'ApproveFactCheck');
      await take(config, 'SecondFactCheck', 'checker', id, 'ApproveFactCheck');

      await check(config, 'ThirdFactCheck', id, ACTIONS);
      await take(config, 'ThirdFactCheck', 'checker', id, 'ReturnToSecondFactCheck', { note: 'Second source missing' });
      await take(config, 'SecondFactCheck', 'checker', id, 'ApproveFactCheck');
      await take(config, 'ThirdFactCheck', 'checker', id, 'ApproveFactCheck');

      await check(config, 'FourthFactCheck', id, ACTIONS);
      await take(config, 'FourthFactCheck', 'checker', id, 'ReturnToThirdFactCheck', { note: 'Dates?' });
      await take(config, 'ThirdFactCheck', 'checker', id, 'ApproveFactCheck');
      await take(config, 'FourthFactCheck', 'owner', id, 'Publish');

      await check(config, 'Published', id, ACTIONS);
      await take(config, 'Published', 'editor', id, 'Delete');
      await check(config, 'Deleted', id, ACTIONS);
      await take(config, 'Deleted', 'owner', id, 'Publish');
      const edited = await agents.editor
        .put(`/api/posts/${id}`)
        .send({ version: (await read('editor', id)).version, subtitle: 'Updated after publication' });
      expectWith(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.status).toBe('Published');
      await take(config, 'Published', 'owner', id, 'Archive');
      await check(config, 'Archived', id, ACTIONS);
    });

    it('minimal website: Edit is the last stage; unpublished posts are deleted forever by admins only', async () => {
      const config = MINIMAL;
      const site = await website(config);
      const { id } = await create(site);
      await release(config, 'Writer', 'writer', id, 'Discard');
      await check(config, 'Writer', id, SETTINGS_DEPENDENT);
      await take(config, 'Writer', 'writer', id, 'SubmitForEdit');
      await check(config, 'Edit', id, SETTINGS_DEPENDENT);
      await take(config, 'Edit', 'editor', id, 'Publish');
      await take(config, 'Published', 'editor', id, 'Delete');
      await check(config, 'Deleted', id, SETTINGS_DEPENDENT);
      expect((await agents.editor.delete(`/api/posts/${id}`)).status).toBe(
        expected(config, 'DeleteForever', 'Deleted', 'editor'),
      );
      expect(expected(config, 'DeleteForever', 'Deleted', 'owner')).toBe('Purged');
      const purged = await agents.owner.delete(`/api/posts/${id}`);
      expectWith(purged.status, JSON.stringify(purged.body)).toBe(200);
      expect(purged.body).toMatchObject({ id, status: 'Purged', allowedActions: [] });
      expect((await agents.owner.get(`/api/posts/${id}`)).status).toBe(404);
      // The console's way (the workflow action) answers the purged record too.
      const second = await create(site);
      await take(config, 'Writer', 'writer', second.id, 'SubmitForEdit');
      await take(config, 'Edit', 'editor', second.id, 'Publish');
      await take(config, 'Published', 'editor', second.id, 'Delete');
      const action = await agents.owner.post(`/api/posts/${second.id}/actions/DeleteForever`).send({});
      expectWith(action.status, JSON.stringify(action.body)).toBe(200);
      expect(action.body).toMatchObject({ id: second.id, status: 'Purged', allowedActions: [] });
      expect((await agents.owner.get(`/api/posts/${second.id}`)).status).toBe(404);
    });

    it('second edit and one fact-check level: SecondEdit goes to FactCheck, whose approval publishes', async () => {
      const config = ONE_LEVEL;
      const site = await website(config);
      const { id } = await create(site);
      await take(config, 'Writer', 'writer', id, 'SubmitForEdit');
      await check(config, 'Edit', id, SETTINGS_DEPENDENT);
      await take(config, 'Edit', 'editor', id, 'SubmitForSecondEdit');
      await check(config, 'SecondEdit', id, SETTINGS_DEPENDENT);
      await take(config, 'SecondEdit', 'editor', id, 'SubmitForFactCheck');
      await check(config, 'FactCheck', id, SETTINGS_DEPENDENT);
      await take(config, 'FactCheck', 'checker', id, 'ApproveFactCheck');
      await check(config, 'Published', id, SETTINGS_DEPENDENT);
    });

    it('regulated website: Edit goes to Review, declining returns to Edit, the last level publishes after the approval', async () => {
      const config = REGULATED;
      const site = await website(config);
      const { id } = await create(site);
      await take(config, 'Writer', 'writer', id, 'SubmitForEdit');
      await check(config, 'Edit', id, SETTINGS_DEPENDENT);
      await take(config, 'Edit', 'editor', id, 'SubmitForReview');
      await check(config, 'Review', id, SETTINGS_DEPENDENT);
      await take(config, 'Review', 'checker', id, 'DeclineRegulation', { note: 'The claim needs a source' });
      await take(config, 'Edit', 'editor', id, 'SubmitForReview');
      await take(config, 'Review', 'checker', id, 'SubmitForFactCheck');
      await check(config, 'FactCheck', id, SETTINGS_DEPENDENT);
      await take(config, 'FactCheck', 'checker', id, 'ApproveFactCheck');
      await check(config, 'SecondFactCheck', id, SETTINGS_DEPENDENT);
      await take(config, 'SecondFactCheck', 'checker', id, 'ApproveRegulation');
      // Approved: the table's refusals of the last level (no approval yet) are lifted.
      expect((await read('owner', id)).allowedActions).toEqual(expect.arrayContaining(['Publish', 'ApproveFactCheck']));
      expect((await read('checker', id)).allowedActions).toContain('ApproveFactCheck');
      const approved = await agents.checker.post(`/api/posts/${id}/actions/ApproveFactCheck`).send({});
      expectWith(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(approved.body.status).toBe('Published');
      await check(config, 'Published', id, SETTINGS_DEPENDENT);
    });
  });
}
