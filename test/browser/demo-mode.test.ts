// Demo mode in Debian's Chromium through playwright-core, against the real API with the demo data:
// a newly signed-up user (no websites) tries the demo from the dashboard, sees the banner on every
// page and the demo organisation's websites, exits back to their own empty organisation; and the
// same from the user menu.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { newAgent, setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const NEW_USER = {
  name: 'Cleo Curious',
  email: 'cleo@curious.example',
  password: 'Curious-pass-1',
  orgName: 'Curious Kites',
};
const BANNER = 'You are exploring the demo organisation Demo Publishing. Changes are disabled.';

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `demo mode in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;
    let signedUp = 0;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}demo-${name}.png`, fullPage: true, animations: 'disabled' });
    const banner = () => page.getByTestId('demo-banner');
    /** A name in the Organisations list (not the organisation column of the list before it). */
    const organisationRow = (name: string) => page.locator('td.column-name').getByText(name, { exact: true });
    const menu = (name: string) => page.getByRole('menu', { name: 'Main menu' }).getByRole('menuitem', { name });
    const userMenu = async () => {
      await page.getByRole('button', { name: 'Profile' }).click();
      return page.locator('#menu-appbar').getByRole('menu');
    };

    /**
     * A new user of the test's own (signed up through the API: their own organisation, no
     * websites), logged in on a fresh page on their dashboard.
     */
    const newUserPage = async (): Promise<typeof NEW_USER> => {
      signedUp += 1;
      const user = {
        ...NEW_USER,
        email: `cleo-${signedUp}@curious.example`,
        orgName: `${NEW_USER.orgName} ${signedUp}`,
      };
      const created = await newAgent(app.url).post('/api/auth/signup').send(user);
      expectWith(created.status, JSON.stringify(created.body)).toBe(201);
      page = await newPage(session, user);
      await page.getByText(`Welcome, ${user.name}`).waitFor();
      return user;
    };
    /** Enters the demo through the API as the page's user, and shows the page again. */
    const enterDemo = async () => {
      const entered = await page.request.post(`${app.url}/api/auth/demo/enter`, {
        data: {},
        headers: { Origin: app.url },
      });
      expectWith(entered.status(), await entered.text()).toBe(200);
      await page.reload();
      await banner().getByText(BANNER).waitFor();
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('offers the demo to a new user without websites, on the dashboard and in the user menu', async () => {
      const user = await newUserPage();
      const card = page.getByTestId('get-started');
      await card.getByRole('heading', { name: `Finish setting up ${user.orgName}` }).waitFor();
      await card.getByRole('button', { name: 'Try the demo' }).waitFor();
      expect(await banner().count()).toBe(0);
      await shot('01-dashboard');

      const items = await userMenu();
      await items.getByRole('menuitem', { name: 'Try the demo' }).waitFor();
      await items.getByRole('menuitem', { name: 'Logout' }).waitFor();
      await shot('02-user-menu');
      await page.keyboard.press('Escape');
      await items.waitFor({ state: 'hidden' });
    });

    it('enters the demo from the dashboard: the banner on every page, the demo websites', async () => {
      const user = await newUserPage();
      await page.getByTestId('get-started').getByRole('button', { name: 'Try the demo' }).click();
      await banner().getByText(BANNER).waitFor();
      await page.getByText(`Welcome, ${user.name}`).waitFor();
      // Nothing of the user's own organisation to set up while in the demo.
      await page.getByLabel('Websites count').getByText('2').waitFor();
      expect(await page.getByTestId('get-started').count()).toBe(0);
      await shot('03-demo-dashboard');

      await menu('Websites').click();
      await page.waitForURL(/#\/websites$/);
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'Demo Shop', exact: true }).waitFor();
      await banner().getByText(BANNER).waitFor();
      await shot('04-demo-websites');

      await menu('Organisations').click();
      await page.waitForURL(/#\/organisations$/);
      await organisationRow('Demo Publishing').waitFor();
      expect(await organisationRow(user.orgName).count()).toBe(0);
      await banner().getByText(BANNER).waitFor();

      const me = (await (await page.request.get(`${app.url}/api/auth/user`)).json()) as {
        demo: { name: string } | null;
      };
      expect(me.demo?.name).toBe('Demo Publishing');

      // Onboarding has nothing to set up in the demo: it says how to leave it.
      await page.goto(`${app.url}/onboarding`);
      await page
        .getByText(
          'You are exploring the demo organisation Demo Publishing. Exit demo mode to set up your own organisation.',
        )
        .waitFor();
      await page.getByRole('button', { name: 'Exit demo mode' }).waitFor();
      await shot('05-demo-onboarding');
      await page.goto(`${app.url}/`);
      await banner().getByText(BANNER).waitFor();
    });

    it('exits demo mode from the banner: their own empty organisation again', async () => {
      const user = await newUserPage();
      await enterDemo();
      await banner().getByRole('button', { name: 'Exit demo mode' }).click();
      await page.getByText(`Welcome, ${user.name}`).waitFor();
      await banner().waitFor({ state: 'detached' });
      await page
        .getByTestId('get-started')
        .getByRole('heading', { name: `Finish setting up ${user.orgName}` })
        .waitFor();

      await menu('Websites').click();
      await page.waitForURL(/#\/websites$/);
      await page.getByText('No websites yet').waitFor();
      expect(await page.getByRole('cell', { name: 'Demo Blog', exact: true }).count()).toBe(0);
      await shot('06-own-websites');

      await menu('Organisations').click();
      await page.waitForURL(/#\/organisations$/);
      await organisationRow(user.orgName).waitFor();
      expect(await organisationRow('Demo Publishing').count()).toBe(0);
      expect(await banner().count()).toBe(0);
    });

    it('enters and exits from the user menu too', async () => {
      const user = await newUserPage();
      await (await userMenu()).getByRole('menuitem', { name: 'Try the demo' }).click();
      await banner().getByText(BANNER).waitFor();
      const items = await userMenu();
      expect(await items.getByRole('menuitem', { name: 'Try the demo' }).count()).toBe(0);
      await items.getByRole('menuitem', { name: 'Exit demo mode' }).click();
      await page.getByText(`Welcome, ${user.name}`).waitFor();
      await banner().waitFor({ state: 'detached' });
      await (await userMenu()).getByRole('menuitem', { name: 'Try the demo' }).waitFor();
      await page.keyboard.press('Escape');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (a new user's dashboard), then every page the file opened.
      await newUserPage();
      await page.getByTestId('get-started').waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
