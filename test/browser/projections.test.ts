// The console's Projections screen (platform administrators only) in Debian's Chromium through
// playwright-core, against the real API booted in process with the demo data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { requires } from '../support/requires.js';
import { setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, logIn, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };
const DEMO = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const PROJECTIONS = ['users', 'organisations', 'websites', 'members'];

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `projections screen in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}projections-${name}.png`, fullPage: true, animations: 'disabled' });

    /** The table row whose name cell is exactly `name`. */
    const row = (name: string): Locator =>
      page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

    /** Waits until the row shows status running and lag 0 (the list refreshes itself every few seconds). */
    const runningAndCaughtUp = async (name: string) => {
      await row(name).locator('[data-status="running"]').waitFor();
      await row(name).locator('[data-lag="0"]').waitFor();
    };

    /** The platform admin's Projections screen, on a page of the test's own. */
    const openProjections = async () => {
      page = await newPage(session, ADMIN, '/#/admin/projections');
      await page.getByRole('columnheader', { name: 'Lag' }).waitFor();
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('logs in as the platform admin and opens Projections from the menu', async () => {
      page = await newPage(session, ADMIN);
      await page.getByRole('menuitem', { name: 'Projections' }).click();
      await page.waitForURL(/#\/admin\/projections/);
      await page.getByRole('columnheader', { name: 'Lag' }).waitFor();
    });

    it('lists users, organisations and websites, running with lag 0', async () => {
      await openProjections();
      for (const name of PROJECTIONS) await runningAndCaughtUp(name);
      for (const name of PROJECTIONS) {
        expect(await row(name).locator('[data-status]').textContent()).toBe('running');
        await row(name).getByRole('button', { name: 'Rebuild' }).waitFor();
        // Restart is offered for a failed projection only.
        expect(await row(name).getByRole('button', { name: 'Restart' }).count()).toBe(0);
      }
      await shot('01-list');
    });

    it('rebuilds websites after a confirmation, notifies the API message, and websites is running with lag 0 again', async () => {
      await openProjections();
      await runningAndCaughtUp('websites');
      await row('websites').getByRole('button', { name: 'Rebuild' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Rebuild "websites"?').waitFor();
      await dialog.getByText(/empties the websites read model and replays the whole event log/).waitFor();
      await dialog.getByText(/other projections keep running/).waitFor();
      await shot('02-rebuild-confirm');
      // The list refreshes every 3 s behind the dialog; a refresh leaves the confirmation open.
      await page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/admin/projections' && response.request().method() === 'GET',
      );
      await dialog.getByText('Rebuild "websites"?').waitFor({ timeout: 1_000 });

      const rebuilt = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/admin/projections/websites/rebuild') && response.request().method() === 'POST',
      );
      await dialog.getByRole('button', { name: 'Rebuild' }).click();
      expect((await rebuilt).status()).toBe(202);
      await page.getByText('Projection websites is being rebuilt from the start of the log').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await shot('03-rebuild-notified');

      // A list answer fetched after the rebuild (the refresh, then every few seconds) shows it caught up.
      await page.waitForResponse(async (response) => {
        if (new URL(response.url()).pathname !== '/api/admin/projections' || response.request().method() !== 'GET')
          return false;
        const states = (await response.json()) as { name: string; status: string; lag: number }[];
        return states.some((state) => state.name === 'websites' && state.status === 'running' && state.lag === 0);
      });
      await runningAndCaughtUp('websites');
      for (const name of PROJECTIONS) await runningAndCaughtUp(name);
      await shot('04-rebuilt');
    });

    it('shows a failed projection with its error and a Restart button (API answer stubbed in the browser)', async () => {
      await openProjections();
      await runningAndCaughtUp('organisations');
      // The API has no way to make a projection fail on demand: the browser answers the list
      // with one failed state, and the restart with the API's 202 shape.
      const list = await (await page.request.get(`${app.url}/api/admin/projections`)).json();
      const failed = (list as Record<string, unknown>[]).map((state) =>
        state.name === 'organisations'
          ? {
              ...state,
              status: 'failed',
              runner: 'failed',
              lag: 3,
              error:
                'TypeError: Cannot read properties of undefined (reading "name") while applying OrganisationUpdated at position 0/42 — the projection stopped and waits for a restart',
            }
          : state,
      );
      let restarted = false;
      await page.route(
        (url) => url.pathname === '/api/admin/projections',
        (route) =>
          route.fulfill({
            status: 200,
            headers: {
              'Content-Type': 'application/json',
              'Content-Range': `projections 0-${failed.length - 1}/${failed.length}`,
            },
            body: JSON.stringify(restarted ? list : failed),
          }),
      );
      await page.route(
        (url) => url.pathname === '/api/admin/projections/organisations/restart',
        (route) => {
          restarted = true;
          return route.fulfill({
            status: 202,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ id: 'organisations', name: 'organisations', status: 'running' }),
          });
        },
      );
      try {
        await row('organisations').locator('[data-status="failed"]').waitFor();
        await row('organisations')
          .getByText(/Cannot read properties of undefined/)
          .waitFor();
        expect(await row('websites').getByRole('button', { name: 'Restart' }).count()).toBe(0);
        await shot('05-failed');

        await row('organisations').getByRole('button', { name: 'Restart' }).click();
        await page.getByText('Projection organisations restarted').waitFor();
        await row('organisations').locator('[data-status="running"]').waitFor();
        expect(await row('organisations').getByRole('button', { name: 'Restart' }).count()).toBe(0);
      } finally {
        await page.unrouteAll({ behavior: 'wait' });
      }
    });

    it('shows an empty state and a load error in the page, then the list again (answers stubbed in the browser)', async () => {
      await openProjections();
      await runningAndCaughtUp('websites');
      const isList = (url: URL) => url.pathname === '/api/admin/projections';
      await page.route(isList, (route) =>
        route.fulfill({
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Range': 'projections 0-0/0' },
          body: '[]',
        }),
      );
      try {
        await page.getByText('No projections').waitFor();
        await shot('06-empty');

        await page.unrouteAll({ behavior: 'wait' });
        await page.route(isList, (route) => route.abort('failed'));
        await page.getByRole('alert').filter({ hasText: 'The projections could not be loaded' }).waitFor();
        await shot('07-error');
      } finally {
        await page.unrouteAll({ behavior: 'wait' });
      }
      await page.getByRole('button', { name: 'Retry' }).click();
      for (const name of PROJECTIONS) await runningAndCaughtUp(name);
    });

    it('logs out; the demo owner has no Projections entry in the menu', async () => {
      await openProjections();
      const adminRequests: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/admin/'))
          adminRequests.push(`${request.method()} ${request.url()}`);
      });
      await page.getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      adminRequests.length = 0;
      await logIn(page, DEMO);
      await page.getByRole('menuitem', { name: 'Websites' }).waitFor();
      await page.getByRole('menuitem', { name: 'Organisations' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Projections' }).count()).toBe(0);
      await shot('08-owner-menu');

      // The address typed by hand explains instead of asking the API for a 403.
      await page.goto(`${app.url}/#/admin/projections`);
      await page.getByText('Only platform administrators can see and rebuild the projections.').waitFor();
      expect(await page.getByRole('menuitem', { name: 'Projections' }).count()).toBe(0);
      expect(adminRequests).toEqual([]);
      await shot('09-owner-direct');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the projections once more), then every page the file opened.
      await openProjections();
      for (const name of PROJECTIONS) await runningAndCaughtUp(name);
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
