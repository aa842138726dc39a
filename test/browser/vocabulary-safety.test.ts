// Issue 12 points 5 and 7 in the built console in Chromium, against the real API with the demo
// data: the menu highlights one entry at a time and no two entries lead to the same place; deleting
// questions in bulk asks first; a new post is offered only active websites.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { EDITOR, OWNER, setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, chooseOption, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `one vocabulary and safety in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}vocabulary-safety-${name}.png`, fullPage: true, animations: 'disabled' });
    const mainMenu = () => page.getByRole('menu', { name: 'Main menu' });

    beforeAll(async () => {
      session = await openConsole(setup);
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    it("the owner's menu: distinct places, one entry highlighted on each", async () => {
      page = await newPage(session, OWNER);
      await mainMenu().getByRole('menuitem', { name: 'Log in as' }).waitFor();
      const items = await mainMenu().getByRole('menuitem').all();
      const hrefs: string[] = [];
      for (const item of items) hrefs.push((await item.getAttribute('href')) ?? '');
      expectWith(hrefs, 'no two entries lead to the same place').toEqual([...new Set(hrefs)]);
      expect(hrefs).toContain('#/login-as');
      for (const [index, href] of hrefs.entries()) {
        await items[index]!.click();
        // Create opens the posts' create form; its entry stays lit there.
        const lands = href === '#/create' ? '#/posts/create' : href;
        await page.waitForURL(new RegExp(`${lands.replace(/[/?#]/g, '\\$&')}(\\?.*)?$`));
        const active = mainMenu().locator('.RaMenuItemLink-active');
        await poll(() =>
          active.evaluateAll((nodes) =>
            nodes.map((n) => (n as unknown as { getAttribute(name: string): string | null }).getAttribute('href')),
          ),
        ).toEqual([href]);
      }
      // Log in as: the active members, each with its button, and only Log in as highlighted.
      await mainMenu().getByRole('menuitem', { name: 'Log in as' }).click();
      await page.getByRole('button', { name: 'Log in as Wendy Writer' }).waitFor();
      expect(await mainMenu().locator('.RaMenuItemLink-active').allInnerTexts()).toEqual(['Log in as']);
      await shot('01-login-as');
      // Every entry of the menu is visited (about 25, Analytics among them): more than the default minute on a busy machine.
    }, 150_000);

    it("an editor's posts: another tab keeps one CMS entry lit, a tab with an entry of its own goes there", async () => {
      page = await newPage(session, EDITOR, '/#/in-progress');
      const lit = () => mainMenu().locator('.RaMenuItemLink-active').allInnerTexts();
      const tab = (value: string) => page.locator(`[role="tab"][data-tab="${value}"]`);
      await tab('edit').waitFor();
      await poll(lit).toEqual(['In Progress']);
      // Edit has no entry of its own: the posts list, In Progress (where the editor came from) lit.
      await tab('edit').click();
      await page.waitForURL(/#\/posts$/);
      await poll(lit).toEqual(['In Progress']);
      // Review has one: its page, and only Review lit.
      await tab('review').click();
      await page.waitForURL(/#\/review$/);
      await poll(lit).toEqual(['Review']);
      await shot('02-editor-review-tab');
    });

    it('asks before deleting questions in bulk, and deletes nothing when cancelled', async () => {
      const editor = await signIn(session.app.url, EDITOR);
      const websites = (await editor.get('/api/websites')).body as Array<{ id: string; name: string }>;
      const blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      const title = `Bulk delete asks ${Date.now()}`;
      const created = await editor.post('/api/questions').send({ websiteId: blogId, title });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);

      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'Community' }).click();
      await page.waitForURL(/#\/questions/);
      await chooseOption(page, 'Website', 'Demo Blog');
      await page.locator('[data-tab="draft"]').click();
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Delete the selected question?').waitFor();
      await dialog
        .getByText('It leaves its tab and the forum and waits under Deleted, where it can be restored.')
        .waitFor();
      await page.waitForTimeout(300);
      await shot('02-bulk-delete-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await editor.get(`/api/questions/${created.body.id}`)).body.status).toBe(created.body.status);
    });

    it('asks before unpublishing questions in bulk, and unpublishes nothing when cancelled', async () => {
      const editor = await signIn(session.app.url, EDITOR);
      const websites = (await editor.get('/api/websites')).body as Array<{ id: string; name: string }>;
      const blogId = websites.find((w) => w.name === 'Demo Blog')!.id;
      const title = `Bulk unpublish asks ${Date.now()}`;
      const created = await editor.post('/api/questions').send({ websiteId: blogId, title });
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      const published = await editor
        .post(`/api/questions/${created.body.id}/actions/Publish`)
        .send({ expectedVersion: created.body.version });
      expectWith(published.status, JSON.stringify(published.body)).toBe(200);

      page = await newPage(session, EDITOR);
      await page.getByRole('menuitem', { name: 'Community' }).click();
      await page.waitForURL(/#\/questions/);
      await chooseOption(page, 'Website', 'Demo Blog');
      await page.locator('[data-tab="published"]').click();
      const row = page.getByRole('row').filter({ hasText: title });
      await row.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Unpublish' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Unpublish the selected question?').waitFor();
      await dialog.getByText('It leaves the forum at once and goes back to the drafts, with its answers.').waitFor();
      await page.waitForTimeout(300);
      await shot('02b-bulk-unpublish-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await editor.get(`/api/questions/${created.body.id}`)).body.status).toBe('published');
    });

    it('offers a new post only the active websites', async () => {
      const owner = await signIn(session.app.url, OWNER);
      const organisationId = (await owner.get('/api/auth/user')).body.organisations[0].id as string;
      const name = `Closed site ${Date.now()}`;
      const site = await owner
        .post('/api/websites')
        .send({ organisationId, name, url: `https://closed-${Date.now()}.example` });
      expectWith(site.status, JSON.stringify(site.body)).toBe(201);
      const off = await owner
        .post(`/api/websites/${site.body.id}/actions/Deactivate`)
        .send({ expectedVersion: site.body.version });
      expectWith(off.status, JSON.stringify(off.body)).toBe(200);

      page = await newPage(session, OWNER, '/#/posts/create');
      await page.getByRole('combobox', { name: 'Website' }).click();
      await page.getByRole('option', { name: 'Demo Blog' }).waitFor();
      expect(await page.getByRole('option', { name }).count()).toBe(0);
      await shot('03-new-post-websites');
    });

    it('raised no page error and no server error', async () => {
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
