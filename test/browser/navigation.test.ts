// The console's menu in Debian's Chromium through playwright-core, against the real API with the
// demo data: each role sees exactly the built screens among the navigation `GET /api/auth/user`
// gives it, and a writer who opens an administrator's screen by its address sees no user data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { ADMIN, EDITOR, OWNER, WRITER, setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, logOut, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

/**
 * Screens the console has built, by navigation entry, with their menu labels. Screens added
 * later need not be listed: every menu entry must still be one of the user's navigation.
 */
const BUILT: Record<string, string> = {
  dashboard: 'Dashboard',
  websites: 'Websites',
  organisations: 'Organisations',
  members: 'Members',
  users: 'Users',
  'admin/outbox': 'Outbox',
  'admin/projections': 'Projections',
};
const ADMIN_SCREENS = ['Users', 'Outbox', 'Projections'];

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `navigation by role in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}navigation-${name}.png`, fullPage: true, animations: 'disabled' });
    const mainMenu = () => page.getByRole('menu', { name: 'Main menu' });
    const menuItems = () => mainMenu().getByRole('menuitem');

    /** The menu's entries: label and navigation entry (its link `#/{resource}`, `#/` for the dashboard). */
    const menuEntries = async () => {
      const entries: { label: string; entry: string }[] = [];
      for (const item of await menuItems().all()) {
        // An item that opens another screen's route names its navigation entry (data-navigation).
        const named = await item.getAttribute('data-navigation');
        const href = (await item.getAttribute('href')) ?? '';
        entries.push({
          label: (await item.innerText()).trim(),
          entry: named ?? (href.replace(/^#\/?/, '') || 'dashboard'),
        });
      }
      return entries;
    };

    /** `GET /api/auth/user`'s navigation for the logged-in user. */
    const navigation = async () => {
      const response = await page.request.get(`${app.url}/api/auth/user`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { navigation: string[] }).navigation;
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    const roles = [
      { who: 'writer', credentials: WRITER, admin: false },
      { who: 'editor', credentials: EDITOR, admin: false },
      { who: 'owner', credentials: OWNER, admin: false },
      { who: 'platform admin', credentials: ADMIN, admin: true },
    ];

    for (const { who, credentials, admin } of roles) {
      it(`the ${who} sees exactly the built screens of their navigation`, async () => {
        page = await newPage(session, credentials);
        const allowed = await navigation();
        expect(allowed).toContain('dashboard');
        const builtLabels = allowed.filter((entry) => entry in BUILT).map((entry) => BUILT[entry]!);
        // The menu settles once the permissions are read: every built screen of the navigation...
        await poll(
          async () =>
            (await menuEntries())
              .map((e) => e.label)
              .filter((label) => Object.values(BUILT).includes(label))
              .sort(),
          {
            timeout: 10_000,
          },
        ).toEqual([...builtLabels].sort());
        // ...and nothing outside it.
        const entries = await menuEntries();
        for (const { label, entry } of entries)
          expectWith(allowed, `${who}'s menu shows ${label} (${entry})`).toContain(entry);
        const labels = entries.map((e) => e.label);
        for (const screen of ADMIN_SCREENS) expectWith(labels.includes(screen), `${who} sees ${screen}`).toBe(admin);
        await shot(`${who.replace(' ', '-')}-menu`);
      });
    }

    it('shows a writer no user data at the address of an administrator screen', async () => {
      page = await newPage(session, WRITER);
      await page.goto(`${app.url}/#/users`);
      await page.getByText('Only platform administrators can see the users.').waitFor();
      expect(await page.getByText(ADMIN.email).count()).toBe(0);
      expect(await page.getByRole('row').count()).toBe(0);
      await shot('writer-users');

      await page.goto(`${app.url}/#/admin/outbox`);
      await page.getByText('Only platform administrators can read the outbox.').waitFor();
      expect(await page.getByRole('row').count()).toBe(0);

      await page.goto(`${app.url}/#/admin/projections`);
      await page.getByText('Only platform administrators can see and rebuild the projections.').waitFor();
      expect(await page.getByRole('row').count()).toBe(0);
      // The menu still offers none of them.
      for (const screen of ADMIN_SCREENS)
        expect(await mainMenu().getByRole('menuitem', { name: screen }).count()).toBe(0);
      await logOut(page);
    });

    it('an owner logs in as an active member from "Log in as" and returns', async () => {
      page = await newPage(session, OWNER);
      await mainMenu().getByRole('menuitem', { name: 'Log in as' }).click();
      const row = page.getByRole('row').filter({ hasText: 'Wendy Writer' });
      await row.getByRole('button', { name: 'Log in as Wendy Writer' }).click();
      await page.getByText(/You are logged in as Wendy Writer/).waitFor();
      // The writer's navigation now: no organisation settings of an owner.
      await poll(async () => (await menuEntries()).map((e) => e.entry)).not.toContain('login-as');
      await shot('owner-as-writer');
      await page.getByRole('button', { name: /Return to/ }).click();
      await page.getByText(/You are logged in as Wendy Writer/).waitFor({ state: 'detached' });
      await poll(async () => (await menuEntries()).map((e) => e.entry)).toContain('login-as');
      await logOut(page);
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the owner's menu once more), then every page the file opened.
      page = await newPage(session, OWNER);
      await mainMenu().getByRole('menuitem', { name: 'Websites' }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
