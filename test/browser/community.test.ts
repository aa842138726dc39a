// The Community screens of the built console in Chromium, against the real API with the demo
// data: an editor asks a question, submits, approves and publishes it, adds and publishes an
// answer, declines another question with a reason, and the tabs count what happened.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, WRITER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, fillSettled, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const TITLE = 'Do you deliver on Sundays?';
const ANSWER = 'Yes, in Berlin and Hamburg, between 10 and 16.';
const SPAM = 'Win a free phone, click now';
/** The questions (and answer) the other tests create for themselves through the API. */
const TO_PUBLISH = 'Do you deliver on Saturdays?';
const TO_ANSWER = 'Do you deliver to Austria?';
const WITH_HISTORY = 'Can I pay by invoice?';
const COUNTED = {
  title: 'Do you gift-wrap?',
  answer: 'Yes, for 2 euros, in recycled paper.',
  spam: 'Cheap watches, click here',
};

type Counts = Record<'new' | 'draft' | 'published' | 'moderator' | 'deleted' | 'publishedAnswers', number>;

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `community in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let editor: Agent;
    let writer: Agent;
    let blogId: string;

    const shot = (name: string) => page.screenshot({ path: `${screenshots}community-${name}.png`, fullPage: true });
    const counts = async (): Promise<Counts> => (await editor.get(`/api/questions/counts?websiteId=${blogId}`)).body;
    /** The number a tab shows in its chip. */
    const tabCount = async (tab: string) =>
      Number((await page.locator(`[data-tab="${tab}"] .MuiChip-label`).textContent())?.trim());
    const show = () => page.locator('.RaShow-main');
    /** Community as the editor on a page of the test's own, on Demo Blog. */
    const openCommunity = async () => {
      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'Community' }).click();
      await page.waitForURL(/#\/questions/);
      await page.getByRole('combobox', { name: 'Website' }).click();
      await page.getByRole('option', { name: 'Demo Blog' }).click();
    };

    type Question = { id: string; version: number; status: string };
    /** A question on Demo Blog asked through the API by `agent` (the editor: a draft; the writer: waiting for a moderator). */
    const ask = async (agent: Agent, title: string): Promise<Question> => {
      const res = await agent.post('/api/questions').send({ websiteId: blogId, title });
      expectWith(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    /** A workflow action of the question through the API, as the editor (the version it has now). */
    const act = async (question: Question, action: string, body: Record<string, unknown> = {}): Promise<Question> => {
      const res = await editor
        .post(`/api/questions/${question.id}/actions/${action}`)
        .send({ expectedVersion: question.version, ...body });
      expectWith(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body;
    };
    /** An answer of the editor to the question, published, through the API. */
    const answerPublished = async (question: Question, body: string) => {
      const added = await editor.post('/api/answers').send({ questionId: question.id, body });
      expectWith(added.status, JSON.stringify(added.body)).toBe(201);
      const published = await editor
        .post(`/api/answers/${added.body.id}/actions/Publish`)
        .send({ expectedVersion: added.body.version });
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
      // The editor moderates (cms:editor): make it so whatever the demo seed says, and say so.
      const owner = await signIn(app.url, OWNER);
      const members = (await owner.get('/api/members')).body as Array<{ id: string; email: string; cmsRole: string }>;
      const member = members.find((m) => m.email === EDITOR.email)!;
      if (member.cmsRole !== 'editor') {
        console.info(`[community] the demo seed gives ${EDITOR.email} cmsRole ${member.cmsRole}; the test sets editor`);
        expect((await owner.put(`/api/members/${member.id}`).send({ cmsRole: 'editor' })).status).toBe(200);
      }
      editor = await signIn(app.url, EDITOR);
      writer = await signIn(app.url, WRITER);
      blogId = (
        (await editor.get(`/api/websites?${listQuery({ filter: { q: 'Demo Blog' } })}`)).body as Array<{ id: string }>
      )[0]!.id;
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('logs the editor in and opens Community from the menu: tabs with the counts of the API', async () => {
      const before = await counts();
      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'Community' }).click();
      await page.waitForURL(/#\/questions/);
      // One way to ask a question: the list's button (issue 12 removed the duplicate "Create" tab).
      await page.getByRole('link', { name: 'Ask a question' }).waitFor();
      expect(await page.getByRole('tab', { name: /^Create/ }).count()).toBe(0);
      await page.getByRole('combobox', { name: 'Website' }).click();
      await page.getByRole('option', { name: 'Demo Blog' }).click();
      await poll(() => tabCount('moderator')).toBe(before.moderator);
      for (const [tab, key] of [
        ['new', 'new'],
        ['draft', 'draft'],
        ['published', 'published'],
        ['deleted', 'deleted'],
        ['answers', 'publishedAnswers'],
      ] as const) {
        expectWith(await tabCount(tab), tab).toBe(before[key]);
      }
      // The first tab lists the approved questions waiting to be published.
      await page.locator('[data-tab="new"]').click();
      await page.getByRole('cell', { name: 'Can I change the delivery address after ordering?' }).waitFor();
      await shot('01-new-tab');
      await page.locator('[data-tab="moderator"]').click();
      await page.getByRole('cell', { name: 'Which payment methods do you accept?' }).waitFor();
      await shot('02-moderator-tab');
    });

    it('creates a question: a draft of the editor', async () => {
      await openCommunity();
      // The form is ready once it has mounted: react-admin resets it then, which would wipe what was
      // typed before. Its locale input asks for the website when it mounts.
      const mounted = page.waitForRequest((r) => /\/api\/websites\/[^/?]+$/.test(r.url()));
      await page.getByRole('link', { name: 'Ask a question' }).click();
      await page.waitForURL(/#\/questions\/create/);
      await mounted;
      await poll(() => page.getByRole('combobox', { name: 'Website' }).textContent()).toBe('Demo Blog');
      await fillSettled(page, { Title: TITLE, Question: 'We are never home during the week.', Category: 'Shipping' });
      await shot('03-create');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/#\/questions\/[^/]+\/show/);
      await page.getByText('Question created as a draft').waitFor();
      await show().locator('[data-status="draft"]').waitFor();
      await show().getByText(TITLE).waitFor();
      await shot('04-draft');
    });

    it('submits, approves and publishes it with the buttons its allowed actions show', async () => {
      // A draft of the editor's own, asked through the API.
      const draft = await ask(editor, TO_PUBLISH);
      page = await newPage(session, EDITOR, `/#/questions/${draft.id}/show`);
      await show().locator('[data-status="draft"]').waitFor();
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Question sent to the moderators').waitFor();
      await show().locator('[data-status="pending_review"]').waitFor();
      expect(await show().locator('[data-status]').first().textContent()).toBe('pending review');
      await page.getByRole('button', { name: 'Decline' }).waitFor();
      await shot('05-pending-review');

      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Question approved').waitFor();
      await show().locator('[data-status="new"]').waitFor();
      await show().locator('[data-moderator-status="approved"]').waitFor();

      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Question published').waitFor();
      await show().locator('[data-status="published"]').waitFor();
      await show().getByText('Eddie Editor').first().waitFor();
      await page.getByRole('button', { name: 'Unpublish' }).waitFor();
      expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await shot('06-published');
    });

    it('adds an answer, which waits for a moderator, and publishes it', async () => {
      // A published question of its own, through the API.
      const question = await act(await ask(editor, TO_ANSWER), 'Publish');
      page = await newPage(session, EDITOR, `/#/questions/${question.id}/show`);
      await show().locator('[data-status="published"]').waitFor();
      await page.getByRole('tab', { name: /^Answers/ }).click();
      await page.getByText('No answers yet.').waitFor();
      await page.getByRole('textbox', { name: 'Your answer' }).fill(ANSWER);
      await page.getByRole('button', { name: 'Add answer' }).click();
      await page.getByText('Answer added: it waits for a moderator').waitFor();
      const card = page.locator('[data-answer]').filter({ hasText: ANSWER });
      await card.locator('[data-status="pending"]').waitFor();
      await shot('07-answer-pending');
      await card.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Answer published').waitFor();
      await card.locator('[data-status="published"]').waitFor();
      await page.getByRole('tab', { name: 'Answers (1)' }).waitFor();
      await shot('08-answer-published');
    });

    it('shows the history of the question', async () => {
      // Asked, submitted, approved and published through the API.
      const question = await act(await act(await act(await ask(editor, WITH_HISTORY), 'Submit'), 'Approve'), 'Publish');
      page = await newPage(session, EDITOR, `/#/questions/${question.id}/show`);
      await show().locator('[data-status="published"]').waitFor();
      await page.getByRole('tab', { name: 'History' }).click();
      // Told in words, newest first (the event class names stay out of sight).
      const history = page.getByRole('list', { name: 'History' });
      await history.getByText('Published', { exact: true }).waitFor();
      const titles = (await history.locator('li').allInnerTexts()).map((text) => text.split('\n')[0].trim());
      expect(titles).toEqual(['Published', 'Approved', 'Submitted for review', 'Question created']);
      expect(await history.innerText()).not.toMatch(/Question[A-Z]/);
      await shot('09-history');
    });

    it("declines a creator's question: the reason is asked for and required", async () => {
      await ask(writer, SPAM);
      await openCommunity();
      await page.locator('[data-tab="moderator"]').click();
      await page.getByRole('cell', { name: SPAM }).click();
      await page.waitForURL(/#\/questions\/[^/]+\/show/);
      await show().locator('[data-status="pending_review"]').waitFor();
      await page.getByRole('button', { name: 'Decline' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await dialog.getByText('Reason is missing!').waitFor();
      await dialog.getByRole('textbox', { name: 'Reason' }).fill('Advertising');
      await shot('10-decline-dialog');
      await dialog.getByRole('button', { name: 'Decline' }).click();
      await page.getByText('Question declined').waitFor();
      await show().locator('[data-status="deleted"]').waitFor();
      await show().getByText('Advertising').waitFor();
      await page.getByRole('button', { name: 'Restore' }).waitFor();
      await shot('11-declined');
    });

    it('counts it all in the tabs, and lists the published question and answer', async () => {
      // Through the API: a question published with a published answer, and a creator's question declined.
      const before = await counts();
      const question = await act(await ask(editor, COUNTED.title), 'Publish');
      await answerPublished(question, COUNTED.answer);
      await act(await ask(writer, COUNTED.spam), 'Decline', { reason: 'Advertising' });
      await openCommunity();
      const after = await counts();
      expect(after).toEqual({
        ...before,
        published: before.published + 1,
        publishedAnswers: before.publishedAnswers + 1,
        deleted: before.deleted + 1,
      });
      await poll(() => tabCount('published')).toBe(after.published);
      for (const [tab, key] of [
        ['new', 'new'],
        ['draft', 'draft'],
        ['moderator', 'moderator'],
        ['deleted', 'deleted'],
        ['answers', 'publishedAnswers'],
      ] as const) {
        expectWith(await tabCount(tab), tab).toBe(after[key]);
      }
      await page.locator('[data-tab="published"]').click();
      await page.getByRole('cell', { name: COUNTED.title }).waitFor();
      await shot('12-published-tab');
      await page.locator('[data-tab="answers"]').click();
      await page.getByRole('cell', { name: COUNTED.answer }).waitFor();
      await page.getByRole('cell', { name: COUNTED.title }).waitFor();
      await shot('13-published-answers-tab');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (Community once more), then every page the file opened.
      await openCommunity();
      await page.locator('[data-tab="moderator"]').click();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
