// The built console (apps/console/dist) driven in Debian's Chromium through playwright-core,
// against the real API booted in process with the demo data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { requires } from '../support/requires.js';
import { setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const DEMO = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const SITE = { name: 'Browser Test Site', url: 'https://browser-test.example' };
/** The website the deactivation test creates for itself (through the API). */
const OTHER_SITE = { name: 'Browser Deactivated Site', url: 'https://browser-deactivated.example' };

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `console in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) => page.screenshot({ path: `${screenshots}console-${name}.png`, fullPage: true });

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('sends a visitor to the login page, labels the field Email and shows the demo hint', async () => {
      page = await newPage(session, null);
      await page.waitForURL(/#\/login$/);
      await page.getByRole('textbox', { name: 'Email' }).waitFor();
      await page.getByText(`Demo: ${DEMO.email} / ${DEMO.password}`).waitFor();
      expect(await page.title()).toBe('Sign in · Platform console');
      await shot('01-login');
    });

    it('refuses a wrong password with the API message', async () => {
      page = await newPage(session, null);
      await page.waitForURL(/#\/login$/);
      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
      await page.getByRole('textbox', { name: 'Password' }).fill('Wrong-pass-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Invalid email or password').waitFor();
      expect(page.url()).toMatch(/#\/login$/);
      await shot('02-login-refused');
    });

    it('logs in with the demo account and lists the demo website', async () => {
      // The login page filled with the demo account (logIn), up to the dashboard.
      page = await newPage(session, DEMO);
      await page.getByText(/^Welcome, /).waitFor();
      await shot('03-dashboard');

      await page.getByRole('menuitem', { name: 'Websites' }).click();
      await page.waitForURL(/#\/websites/);
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await shot('04-websites');
    });

    it('creates a website', async () => {
      page = await newPage(session, DEMO, '/#/websites');
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Create' }).click();
      await page.waitForURL(/#\/websites\/create/);
      await page.getByRole('textbox', { name: 'Name' }).fill(SITE.name);
      await page.getByRole('textbox', { name: 'URL' }).fill(SITE.url);
      await shot('05-website-create');
      await page.getByRole('button', { name: 'Save' }).click();

      // The created record's page, then the list.
      await page.waitForURL(/#\/websites\/[^/]+\/show/);
      await page.getByText(SITE.url).first().waitFor();
      await page.getByRole('menuitem', { name: 'Websites' }).click();
      await page.getByRole('cell', { name: SITE.name, exact: true }).waitFor();
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await shot('06-websites-with-new');
    });

    it('opens the new website and deactivates it', async () => {
      // A website of its own, created through the API.
      const owner = await signIn(app.url, DEMO);
      const created = await owner.post('/api/websites').send(OTHER_SITE);
      expect(created.status).toBe(201);
      page = await newPage(session, DEMO, '/#/websites');
      await page.getByRole('cell', { name: OTHER_SITE.name, exact: true }).click();
      await page.waitForURL(/#\/websites\/[^/]+\/show/);
      // react-admin's show page (documented class RaShow-main), so the list leaving the DOM cannot match.
      const show = page.locator('.RaShow-main');
      await show.getByText(OTHER_SITE.url).waitFor();
      await show.locator('[data-status="active"]').waitFor();
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('Website deactivated').waitFor();
      await show.locator('[data-status="inactive"]').waitFor();
      expect(await show.locator('[data-status]').textContent()).toBe('inactive');
      await page.getByRole('button', { name: 'Activate' }).waitFor();
      await shot('07-website-deactivated');

      await page.getByRole('menuitem', { name: 'Websites' }).click();
      const row = page.getByRole('row').filter({ hasText: OTHER_SITE.name });
      await row.locator('[data-status="inactive"]').waitFor();
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the websites once more), then every page the file opened.
      page = await newPage(session, DEMO, '/#/websites');
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
