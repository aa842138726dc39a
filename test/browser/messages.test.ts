// The console's texts come from one messages file (apps/console/src/i18n/en.ts) through
// react-admin's i18nProvider. A key missing from it would show as the key itself
// ("console.posts.list.search", "resources.websites.fields.url"): every screen is opened here and
// its text searched for keys, and for polyglot's "Missing translation" warnings.
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { requires } from '../support/requires.js';
import { setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const setup = setups[0];

const OWNER = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };

/** A message key as the screen would show it when the messages file lacks it. */
const KEY = /\b(?:console|resources)\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_/-]+)+/g;

/** Each screen, and a text it shows once loaded (written out: the English of the messages file). */
const OWNER_SCREENS: [path: string, text: string][] = [
  ['/#/', 'Welcome, '],
  ['/#/websites', 'Demo Blog'],
  ['/#/members', 'Invite member'],
  ['/#/organisations', 'Demo Publishing'],
  ['/#/questions', 'Published answers'],
  ['/#/bios', 'New bio'],
  ['/#/posts', 'Create post'],
  ['/#/redirect-rules', 'New redirect'],
  ['/#/audit', "Times are shown in your browser's time zone; the export has them in UTC."],
  ['/#/workflow-report', 'Last 28 days'],
  ['/#/posts/create', 'Brief (optional)'],
  ['/#/websites/create', 'Article workflow'],
  ['/#/members/create', 'Send invitation'],
  ['/#/questions/create', 'Asked by (optional)'],
  ['/#/bios/create', 'Who the bio is about, and how the website names them.'],
];

const ADMIN_SCREENS: [path: string, text: string][] = [
  ['/#/users', 'Platform admin'],
  ['/#/admin/outbox', 'Outbox'],
  ['/#/admin/projections', 'Refreshes every 3 seconds'],
];

const PUBLIC_PAGES: [path: string, text: string][] = [
  ['/signup', 'Already have an account?'],
  ['/forgot-password', 'Send reset link'],
  ['/link-expired', 'Send a new link'],
];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `the messages file in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;

    beforeAll(async () => {
      session = await openConsole(setup!);
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    /** Opens each screen on `page`, waits for its text, and answers the keys and warnings seen. */
    const visit = async (page: Page, screens: [string, string][]) => {
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (/Missing translation/.test(message.text())) warnings.push(message.text());
      });
      const found: string[] = [];
      for (const [path, text] of screens) {
        await page.goto(`${session.app.url}${path}`);
        await page.getByText(text, { exact: false }).first().waitFor();
        const body = await page.locator('body').innerText();
        for (const key of body.match(KEY) ?? []) found.push(`${path}: ${key}`);
      }
      return { found, warnings };
    };

    it("shows no message key on an owner's screens", async () => {
      const page = await newPage(session, OWNER);
      expect(await visit(page, OWNER_SCREENS)).toEqual({ found: [], warnings: [] });
    }, 120_000);

    it("shows no message key on a post's editor, its history and its workflow diagram", async () => {
      const page = await newPage(session, OWNER, '/#/posts');
      await page.locator('[data-tab="all"]').click();
      await page.locator('tbody tr').first().click();
      await page.getByRole('tab', { name: 'History' }).waitFor();
      await page.getByText('View as of this moment').first().waitFor();
      await page.getByRole('button', { name: 'Workflow' }).click();
      await page.getByText('Moves forward').first().waitFor();
      const body = await page.locator('body').innerText();
      expect(body.match(KEY) ?? []).toEqual([]);
    }, 60_000);

    it("shows no message key on a platform administrator's screens", async () => {
      const page = await newPage(session, ADMIN);
      expect(await visit(page, ADMIN_SCREENS)).toEqual({ found: [], warnings: [] });
    }, 60_000);

    it('shows no message key on the pages outside react-admin', async () => {
      const page = await newPage(session, null);
      expect(await visit(page, PUBLIC_PAGES)).toEqual({ found: [], warnings: [] });
    }, 60_000);
  },
);
