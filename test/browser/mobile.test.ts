// Issue 12 point 6 "Mobile (390 px)": every list at phone width is react-admin's simple list (the
// record's name, its status in words, a secondary line; the row leads where the table's row does),
// the post page's holder banner and action bar are readable, the forms fit, and no page is wider
// than the phone. The names below are the demo data's (README: Olivia owns Demo Publishing, Wendy
// writes, Eddie edits; apps/api/src/demo), written out by hand.
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { ADMIN, OWNER, WRITER, listQuery, setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, logIn, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const setup = setups[0];
const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
mkdirSync(screenshots, { recursive: true });

const PHONE = { width: 390, height: 844 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the console at 390 px in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;

    beforeAll(async () => {
      session = await openConsole(setup!);
      // The demo has no redirect rule: one, so that the list has a row to show.
      const owner = await signIn(session.app.url, OWNER);
      const websites = await owner.get(`/api/websites?${listQuery({ range: [0, 99] })}`);
      const blog = (websites.body as Array<{ id: string; name: string }>).find((w) => w.name === 'Demo Blog');
      const created = await owner
        .post('/api/redirect-rules')
        .send({ websiteId: blog!.id, fromPath: '/old-cactus', toPath: '/how-to-repot-a-cactus' });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    /** A phone from the start (it does not shrink after logging in), logged in as `user`. */
    const phone = async (user: { email: string; password: string }): Promise<Page> => {
      const page = await newPage(session, null, '/about:blank');
      await page.setViewportSize(PHONE);
      await page.goto(`${session.app.url}/`);
      await logIn(page, user);
      return page;
    };

    const go = async (page: Page, path: string) => {
      await page.goto(`${session.app.url}/#/${path}`);
    };

    /** Nothing wider than the phone: the page never scrolls sideways. */
    const fits = async (page: Page, what: string) => {
      // A string: the tests are compiled without the DOM's types.
      const width = Number(await page.evaluate('document.scrollingElement.scrollWidth'));
      expectWith(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
    };

    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${screenshots}mobile-${name}.png`, fullPage: true, animations: 'disabled' });

    /** The simple list's rows: each row's name (never an id) and status, once the rows are there. */
    const rows = async (page: Page) => {
      const list = page.locator('[data-small-list]');
      await list.locator('[data-name]').first().waitFor();
      const text = await list.innerText();
      expect(text).not.toMatch(UUID);
      expect(await page.locator('table').count()).toBe(0);
      return {
        names: await list.locator('[data-name]').allInnerTexts(),
        statuses: await list.locator('[data-status-label]').allInnerTexts(),
      };
    };

    /** Opens the tab `value` of a tabbed list (posts, community). */
    const tab = async (page: Page, value: string) => {
      await page.locator(`[role="tab"][data-tab="${value}"]`).click();
      await page.locator(`[role="tab"][data-tab="${value}"][aria-selected="true"]`).waitFor();
    };

    it('the owner: every list is a simple list of names with their status in words, and fits', async () => {
      const page = await phone(OWNER);
      const lists: Array<{ path: string; names: string[]; status?: string; before?: () => Promise<void> }> = [
        { path: 'websites', names: ['Demo Blog', 'Demo Shop'], status: 'Active' },
        { path: 'organisations', names: ['Demo Publishing'] },
        { path: 'members', names: ['Olivia Owner', 'Eddie Editor', 'Wendy Writer', 'Rita Reviewer'], status: 'Active' },
        { path: 'login-as', names: ['Eddie Editor', 'Wendy Writer', 'Rita Reviewer'], status: 'Active' },
        {
          path: 'posts',
          names: ['10 houseplants that survive anything', 'Top 10 watering cans', 'Watering schedules explained'],
          status: 'Published',
          before: () => tab(page, 'all'),
        },
        {
          path: 'questions',
          names: ['How do I reset my password?', 'Wie kündige ich mein Abonnement?'],
          status: 'published',
          before: () => tab(page, 'published'),
        },
        { path: 'bios', names: ['Wendy Writer', 'Eddie Editor', 'Rita Reviewer', 'Dr. Olive Grün'] },
        { path: 'redirect-rules', names: ['/old-cactus → /how-to-repot-a-cactus'], status: 'Manual' },
        { path: 'audit', names: [] },
      ];
      for (const list of lists) {
        await go(page, list.path);
        await list.before?.();
        const { names, statuses } = await rows(page);
        for (const name of list.names) expectWith(names, `${list.path} lists ${name}`).toContain(name);
        if (list.status) expectWith(statuses, `${list.path} shows the status in words`).toContain(list.status);
        await fits(page, list.path);
        await shot(page, `owner-${list.path}`);
      }
      // The audit names the person and what they did, never an id.
      const audit = (await rows(page)).names;
      expect(audit.some((name) => name.startsWith('Olivia Owner: '))).toBe(true);

      // The community's published answers: the answer's words and its question below.
      await go(page, 'questions');
      await tab(page, 'answers');
      const answers = (await rows(page)).names;
      expect(answers.some((name) => name.startsWith('Use "Forgot password?" on the login page'))).toBe(true);
      await page.locator('[data-small-list]').getByText('How do I reset my password?').first().waitFor();
      await fits(page, 'the published answers');
      await shot(page, 'owner-answers');

      // The workflow report: its tables scroll inside their cards, the page does not.
      await go(page, 'workflow-report');
      await page
        .getByRole('heading', { name: /Workflow report/i })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await fits(page, 'the workflow report');
      await shot(page, 'owner-workflow-report');
    }, 120_000);

    it('the owner: a row opens the record, as the table row does', async () => {
      const page = await phone(OWNER);
      await go(page, 'websites');
      await page.locator('[data-small-list]').getByText('Demo Shop', { exact: true }).click();
      await page.waitForURL(/#\/websites\/[^/]+\/show$/);
      await go(page, 'members');
      await page.locator('[data-small-list]').getByText('Wendy Writer', { exact: true }).click();
      await page.waitForURL(/#\/members\/[^/]+\/show$/);
      await go(page, 'bios');
      await page.locator('[data-small-list]').getByText('Dr. Olive Grün', { exact: true }).click();
      await page.waitForURL(/#\/bios\/[^/]+$/);
      await go(page, 'redirect-rules');
      await page.locator('[data-small-list]').getByText('/old-cactus → /how-to-repot-a-cactus').click();
      await page.waitForURL(/#\/redirect-rules\/[^/]+$/);
      await go(page, 'questions');
      await tab(page, 'published');
      await page.locator('[data-small-list]').getByText('How do I reset my password?').click();
      await page.waitForURL(/#\/questions\/[^/]+\/show/);
    }, 60_000);

    it("the owner: a record page's tables are simple lists too (an organisation's members and websites, a website's access)", async () => {
      const owner = await signIn(session.app.url, OWNER);
      const organisationId = ((await owner.get('/api/auth/user')).body as { organisations: Array<{ id: string }> })
        .organisations[0]!.id;
      const websites = (await owner.get(`/api/websites?${listQuery({ range: [0, 99] })}`)).body as Array<{
        id: string;
        name: string;
      }>;
      const blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      const page = await phone(OWNER);
      const pages: Array<{ path: string; names: string[]; status?: string }> = [
        { path: `organisations/${organisationId}/show/members`, names: ['Wendy Writer', 'Eddie Editor'] },
        { path: `organisations/${organisationId}/show/websites`, names: ['Demo Blog', 'Demo Shop'], status: 'Active' },
        { path: `websites/${blogId}/show/roles`, names: ['Olivia Owner', 'Wendy Writer'], status: 'All websites' },
      ];
      for (const [index, { path, names, status }] of pages.entries()) {
        await go(page, path);
        const found = await rows(page);
        for (const name of names) expectWith(found.names, `${path} lists ${name}`).toContain(name);
        if (status) expectWith(found.statuses, `${path} shows ${status}`).toContain(status);
        await fits(page, path);
        await shot(page, `owner-record-lists-${index + 1}`);
      }
    }, 90_000);

    /** The post page at 390 px: the banner's text has room, the buttons stay on the screen. */
    const postPage = async (page: Page, title: string, holder: string, who: string) => {
      await page.locator('[data-small-list]').getByText(title, { exact: true }).click();
      await page.waitForURL(/#\/posts\/[^/]+$/);
      const banner = page.locator(`[data-holder="${holder}"]`);
      await banner.waitFor();
      const message = banner.locator('.MuiAlert-message');
      expect(await message.innerText()).toContain(`Being worked on by ${holder}`);
      const box = await message.boundingBox();
      expectWith(box?.width ?? 0, `the banner's text is ${box?.width} px wide`).toBeGreaterThan(200);
      for (const control of await page.locator('[data-holder] button, [role="toolbar"] button').all()) {
        const button = await control.boundingBox();
        expectWith(
          button ? button.x + button.width : 0,
          `${await control.innerText()} is on the screen`,
        ).toBeLessThanOrEqual(PHONE.width);
      }
      await fits(page, `${title} (${who})`);
      await shot(page, `${who}-post`);
    };

    it("the owner: the post page's holder banner and action bar are readable", async () => {
      const page = await phone(OWNER);
      await go(page, 'posts');
      await tab(page, 'all');
      await postPage(page, 'Watering schedules explained', 'Eddie Editor', 'owner');
      // The owner may take it over or send it on: the buttons are there, on the screen.
      await page.locator('[data-holder] [data-action="TakeOver"]').waitFor();
    }, 60_000);

    it('the writer: their lists and their post page at 390 px', async () => {
      const page = await phone(WRITER);
      const lists: Array<{ path: string; names: string[]; status?: string }> = [
        {
          path: 'your-posts',
          names: ['Orchid care for beginners', 'Watering schedules explained', 'How to repot a cactus'],
        },
        { path: 'websites', names: ['Demo Blog', 'Demo Shop'], status: 'Active' },
        { path: 'members', names: ['Wendy Writer'] },
        { path: 'organisations', names: ['Demo Publishing'] },
      ];
      for (const list of lists) {
        await go(page, list.path);
        const { names, statuses } = await rows(page);
        for (const name of list.names) expectWith(names, `${list.path} lists ${name}`).toContain(name);
        if (list.status) expectWith(statuses, `${list.path} shows the status in words`).toContain(list.status);
        await fits(page, list.path);
        await shot(page, `writer-${list.path}`);
      }
      await go(page, 'your-posts');
      await rows(page);
      await postPage(page, 'Watering schedules explained', 'Eddie Editor', 'writer');
    }, 120_000);

    it('the platform administrator: users, outbox and projections fit the phone', async () => {
      const page = await phone(ADMIN);
      await go(page, 'users');
      const users = await rows(page);
      expect(users.names).toEqual(expect.arrayContaining(['Platform Admin', 'Olivia Owner', 'Wendy Writer']));
      await fits(page, 'users');
      await shot(page, 'admin-users');
      await go(page, 'admin/projections');
      const projections = await rows(page);
      expect(projections.names.length).toBeGreaterThan(0);
      await fits(page, 'projections');
      await shot(page, 'admin-projections');
      await go(page, 'admin/outbox');
      await page.getByRole('heading', { name: 'Outbox' }).or(page.locator('table')).first().waitFor();
      await page.waitForLoadState('networkidle');
      await fits(page, 'outbox');
      await shot(page, 'admin-outbox');
    }, 60_000);

    /** Every text input of the form spans the form's width (a phone has no room for two columns). */
    const formFits = async (page: Page, path: string, who: string) => {
      await go(page, path);
      const form = page.locator('main form, #main-content form').first();
      await form.locator('input[type="text"], textarea').first().waitFor();
      await page.waitForLoadState('networkidle');
      const formBox = (await form.boundingBox())!;
      for (const field of await form
        .locator('.MuiTextField-root:visible, .ra-input:visible .MuiFormControl-root:visible')
        .all()) {
        const box = await field.boundingBox();
        if (!box || box.width === 0) continue;
        expectWith(box.width, `a field of ${path} is ${box.width} px of ${formBox.width}`).toBeGreaterThanOrEqual(
          formBox.width * 0.8,
        );
      }
      await fits(page, path);
      await shot(page, `${who}-${path.replace(/\W+/g, '-')}`);
    };

    it('the forms (website, member, post) fit the phone with inputs across its width', async () => {
      const owner = await phone(OWNER);
      await formFits(owner, 'websites/create', 'owner');
      await formFits(owner, 'members/create', 'owner');
      await formFits(owner, 'posts/create', 'owner');
      const writer = await phone(WRITER);
      await formFits(writer, 'posts/create', 'writer');
    }, 90_000);
  },
);
