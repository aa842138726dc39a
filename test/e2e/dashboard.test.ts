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

const CHECKER = { email: 'checker@demo.example', password: 'Demo-pass-1' };
const BODY = {
  outline: '1. Why\n2. How',
  richText: { json: { type: 'doc' }, html: '<p>Water the plants in the morning.</p>' },
};
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * Issue 12 "a dashboard per role": `GET /api/posts/dashboard` answers what this person should do
 * next. The expectations are written out from the issue and the demo roles (README: the writer is
 * a creator, the editor an editor, the checker a reviewer, the owner owns the organisation), on a
 * website of its own so the demo's posts do not count.
 */
for (const setup of setups) {
  describe(`the dashboard per role (${setup.name})`, () => {
    let t: Booted;
    let owner: Agent;
    let editor: Agent;
    let writer: Agent;
    let checker: Agent;
    let site: string;
    const ids: Record<'A' | 'B' | 'C', string> = { A: '', B: '', C: '' };

    async function act(agent: Agent, id: string, action: string, body: Record<string, unknown> = {}) {
      const res = await agent.post(`/api/posts/${id}/actions/${action}`).send(body);
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    }

    async function post(title: string, dueDate?: string) {
      const created = await writer.post('/api/posts').send({ websiteId: site, title, type: 'blog' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const saved = await writer
        .put(`/api/posts/${created.body.id}`)
        .send({ ...created.body, ...BODY, ...(dueDate ? { dueDate } : {}) });
      expectWith(saved.status, JSON.stringify(saved.body)).toBe(200);
      return created.body.id as string;
    }

    const dashboard = async (agent: Agent, websiteId: string | undefined = site) => {
      const res = await agent.get(`/api/posts/dashboard${websiteId ? `?websiteId=${websiteId}` : ''}`);
      expectWith(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      t = await boot(setup);
      [owner, editor, writer, checker] = await Promise.all(
        [OWNER, EDITOR, WRITER, CHECKER].map((who) => signIn(t.url, who)),
      );
      const created = await owner.post('/api/websites').send({
        name: 'Dash Garden',
        url: 'https://dash-garden.example',
        secondEdit: false,
        customerReview: false,
        factCheckLevels: 0,
      });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      site = created.body.id;
      await giveWebsite(owner, site);
      for (const who of [writer, editor]) await publishOwnBio(who, owner, site);
      // A and B go to the editor; the editor takes A and returns it with a note; C stays with Wendy.
      ids.A = await post('Alpha', '2026-12-01');
      ids.B = await post('Bravo', '2026-11-28');
      ids.C = await post('Charlie');
      await act(writer, ids.A, 'SubmitForEdit');
      await act(writer, ids.B, 'SubmitForEdit');
      await act(editor, ids.A, 'Select');
      await act(editor, ids.A, 'ReturnToWriter', { note: 'Please add two sources' });
    });
    afterAll(async () => t?.stop());

    it("shows a writer their posts by stage, their due dates and the return with its note, and the writers' queue", async () => {
      const body = await dashboard(writer);
      expect(body.mine.stages).toEqual([
        { status: 'Writer', label: 'Writing', count: 2 },
        { status: 'Edit', label: 'Edit', count: 1 },
      ]);
      expect(body.mine.due).toEqual([
        { id: ids.B, title: 'Bravo', status: 'Edit', statusLabel: 'Edit', websiteId: site, dueDate: '2026-11-28' },
        { id: ids.A, title: 'Alpha', status: 'Writer', statusLabel: 'Writing', websiteId: site, dueDate: '2026-12-01' },
      ]);
      expect(body.mine.returned).toEqual([
        {
          id: ids.A,
          title: 'Alpha',
          status: 'Writer',
          statusLabel: 'Writing',
          websiteId: site,
          note: 'Please add two sources',
          by: 'Eddie Editor',
          at: expect.stringMatching(ISO),
        },
      ]);
      // Both posts in Writer are held by Wendy (A came back to her): none waits unclaimed.
      expect(body.queues).toEqual([
        {
          status: 'Writer',
          label: 'Writing',
          tab: 'briefs',
          count: 2,
          waiting: 0,
          oldestSince: expect.stringMatching(ISO),
        },
      ]);
      expect(body.pipeline).toBeNull();
    });

    it('shows an editor the edit queue with what waits and since when, and nothing of their own', async () => {
      const body = await dashboard(editor);
      expect(body.mine).toEqual({ stages: [], due: [], returned: [] });
      expect(body.queues).toEqual([
        { status: 'Edit', label: 'Edit', tab: 'edit', count: 1, waiting: 1, oldestSince: expect.stringMatching(ISO) },
      ]);
      expect(body.pipeline).toBeNull();
    });

    it('shows a checker their fact-check queue even when it is empty', async () => {
      const body = await dashboard(checker);
      expect(body.queues).toEqual([
        { status: 'FactCheck', label: 'Fact check', tab: 'fact-check-1', count: 0, waiting: 0, oldestSince: null },
      ]);
      expect(body.pipeline).toBeNull();
    });

    it("shows an owner the organisation's pipeline and the edit queue", async () => {
      const body = await dashboard(owner);
      expect(body.pipeline).toEqual([
        { status: 'Writer', label: 'Writing', count: 2 },
        { status: 'Edit', label: 'Edit', count: 1 },
        { status: 'Published', label: 'Published', count: 0 },
      ]);
      expect(body.queues).toEqual([
        { status: 'Edit', label: 'Edit', tab: 'edit', count: 1, waiting: 1, oldestSince: expect.stringMatching(ISO) },
      ]);
    });

    it('moves with the work: once the editor takes B, the queue has nothing waiting', async () => {
      await act(editor, ids.B, 'Select');
      const body = await dashboard(editor);
      expect(body.queues).toEqual([
        { status: 'Edit', label: 'Edit', tab: 'edit', count: 1, waiting: 0, oldestSince: expect.stringMatching(ISO) },
      ]);
      expect(body.mine.stages).toEqual([{ status: 'Edit', label: 'Edit', count: 1 }]);
    });

    it("shows nothing of another organisation's website, and refuses what is not an id", async () => {
      const outsider = await signIn(t.url, { email: 'admin@platform.example', password: 'Admin-pass-1' });
      // A platform admin is no member: no queue, no pipeline, and the website's posts are not theirs.
      const body = await dashboard(outsider);
      expect(body.mine).toEqual({ stages: [], due: [], returned: [] });
      expect(body.queues).toEqual([]);
      expect(body.pipeline).toBeNull();
      expect((await writer.get('/api/posts/dashboard?websiteId=%00%27')).status).toBe(400);
      expect((await writer.get('/api/posts/dashboard?websiteId=a&websiteId=b')).status).toBe(400);
    });
  });
}
