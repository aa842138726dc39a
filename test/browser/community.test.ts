// The Community screens of the built console in Chromium, against the real API with the demo
// data: an editor asks a question, submits, approves and publishes it, adds and publishes an
// answer, declines another question with a reason, and the tabs count what happened.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR, OWNER, WRITER, listQuery, setups, signIn, type Agent } from '../e2e/setups.js';
import { CHROMIUM_PATH, logIn, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const TITLE = 'Do you deliver on Sundays?';
const ANSWER = 'Yes, in Berlin and Hamburg, between 10 and 16.';
const SPAM = 'Win a free phone, click now';

type Counts = Record<'new' | 'draft' | 'published' | 'moderator' | 'deleted' | 'publishedAnswers', number>;

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

describe.skipIf(!hasChromium || !setup)(`community in Chromium (${setup?.name})`, () => {
  let app: { url: string; stop(): Promise<void> };
  let session: ConsoleSession;
  let page: Page;
  let pageErrors: string[] = [];
  let serverErrors: string[] = [];
  let editor: Agent;
  let blogId: string;
  let before: Counts;

  const shot = (name: string) => page.screenshot({ path: `${screenshots}community-${name}.png`, fullPage: true });
  const counts = async (): Promise<Counts> => (await editor.get(`/api/questions/counts?websiteId=${blogId}`)).body;
  /** The number a tab shows in its chip. */
  const tabCount = async (tab: string) => Number((await page.locator(`[data-tab="${tab}"] .MuiChip-label`).textContent())?.trim());
  const show = () => page.locator('.RaShow-main');

  beforeAll(async () => {
    session = await openConsole(setup);
    ({ app, page, pageErrors, serverErrors } = session);
    // The editor moderates (cms:editor): make it so whatever the demo seed says, and say so.
    const owner = await signIn(app.url, OWNER);
    const members = (await owner.get('/api/members')).body as Array<{ id: string; email: string; cmsRole: string }>;
    const member = members.find((m) => m.email === EDITOR.email)!;
    if (member.cmsRole !== 'editor') {
      console.info(`[community] the demo seed gives ${EDITOR.email} cmsRole ${member.cmsRole}; the test sets editor`);
      expect((await owner.put(`/api/members/${member.id}`).send({ cmsRole: 'editor' })).status).toBe(200);
    }
    editor = await signIn(app.url, EDITOR);
    blogId = ((await editor.get(`/api/websites?${listQuery({ filter: { q: 'Demo Blog' } })}`)).body as Array<{ id: string }>)[0]!.id;
    before = await counts();
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  it('logs the editor in and opens Community from the menu: tabs with the counts of the API', async () => {
    await page.goto(`${app.url}/`);
    await logIn(page, EDITOR);
    await page.getByRole('menuitem', { name: 'Community' }).click();
    await page.waitForURL(/#\/questions/);
    await page.getByRole('tab', { name: /^Create/ }).waitFor();
    await page.getByRole('combobox', { name: 'Website' }).click();
    await page.getByRole('option', { name: 'Demo Blog' }).click();
    await expect.poll(() => tabCount('moderator')).toBe(before.moderator);
    for (const [tab, key] of [['new', 'new'], ['draft', 'draft'], ['published', 'published'], ['deleted', 'deleted'], ['answers', 'publishedAnswers']] as const) {
      expect(await tabCount(tab), tab).toBe(before[key]);
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
    // The form is ready once it has mounted: react-admin resets it then, which would wipe what was
    // typed before. Its locale input asks for the website when it mounts.
    const mounted = page.waitForRequest((r) => /\/api\/websites\/[^/?]+$/.test(r.url()));
    await page.getByRole('tab', { name: /^Create/ }).click();
    await page.waitForURL(/#\/questions\/create/);
    await mounted;
    await expect.poll(() => page.getByRole('combobox', { name: 'Website' }).textContent()).toBe('Demo Blog');
    await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page.getByRole('textbox', { name: 'Question' }).fill('We are never home during the week.');
    await page.getByRole('textbox', { name: 'Category' }).fill('Shipping');
    await shot('03-create');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/questions\/[^/]+\/show/);
    await page.getByText('Question created as a draft').waitFor();
    await show().locator('[data-status="draft"]').waitFor();
    await show().getByText(TITLE).waitFor();
    await shot('04-draft');
  });

  it('submits, approves and publishes it with the buttons its allowed actions show', async () => {
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
    await page.getByRole('tab', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'History' });
    for (const type of ['QuestionCreated', 'QuestionSubmitted', 'QuestionApproved', 'QuestionPublished']) {
      await history.getByRole('cell', { name: type, exact: true }).waitFor();
    }
    await shot('09-history');
  });

  it('declines a creator\'s question: the reason is asked for and required', async () => {
    const writer = await signIn(app.url, WRITER);
    const asked = await writer.post('/api/questions').send({ websiteId: blogId, title: SPAM });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    await page.getByRole('menuitem', { name: 'Community' }).click();
    await page.locator('[data-tab="moderator"]').click();
    await page.getByRole('cell', { name: SPAM }).click();
    await page.waitForURL(/#\/questions\/[^/]+\/show/);
    await show().locator('[data-status="pending_review"]').waitFor();
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('reason is missing!').waitFor();
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
    await page.getByRole('menuitem', { name: 'Community' }).click();
    const after = await counts();
    expect(after).toEqual({ ...before, published: before.published + 1, publishedAnswers: before.publishedAnswers + 1, deleted: before.deleted + 1 });
    await expect.poll(() => tabCount('published')).toBe(after.published);
    for (const [tab, key] of [['new', 'new'], ['draft', 'draft'], ['moderator', 'moderator'], ['deleted', 'deleted'], ['answers', 'publishedAnswers']] as const) {
      expect(await tabCount(tab), tab).toBe(after[key]);
    }
    await page.locator('[data-tab="published"]').click();
    await page.getByRole('cell', { name: TITLE }).waitFor();
    await shot('12-published-tab');
    await page.locator('[data-tab="answers"]').click();
    await page.getByRole('cell', { name: ANSWER }).waitFor();
    await page.getByRole('cell', { name: TITLE }).waitFor();
    await shot('13-published-answers-tab');
  });

  it('raised no page error and no server error', () => {
    expect(pageErrors).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
