// Messages go away once they are no longer true (issue 12, point 4), in Debian's Chromium through
// playwright-core against the real API booted in process:
// - the sign-up page's password error disappears as soon as the password is corrected;
// - "The form is not valid" does not stay beside "Website created" once the form is fixed and saved;
// - a 403 notice belongs to the page that met it: it is not carried to the next page.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { requires } from '../support/requires.js';
import { setups } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);
const setup = setups[0];
const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const OWNER = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const WRITER = { email: 'writer@demo.example', password: 'Demo-pass-1' };

// The texts, typed from the spec (section 5's password rule) and react-admin's English messages.
const TOO_SHORT = 'Password must be at least 8 characters long';
const FORM_NOT_VALID = 'The form is not valid. Please check for errors';

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `stale messages disappear in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}stale-errors-${name}.png`, fullPage: true, animations: 'disabled' });
    const notifications = () => page.getByRole('region', { name: 'Notifications' });
    /** Waits until no notification of the stack says `text` (a closing one collapses in 200 ms). */
    const gone = (text: string) => notifications().getByText(text).waitFor({ state: 'detached', timeout: 3_000 });

    beforeAll(async () => {
      session = await openConsole(setup!);
    }, 120_000);
    afterEach(() => closePages(session));
    afterAll(async () => {
      await session?.close();
    });

    it('sign-up: the password error goes as soon as the password is corrected, before submitting again', async () => {
      page = await newPage(session, null, '/signup');
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Stella Stale');
      await page.getByRole('textbox', { name: 'Email' }).fill('stella@stale.example');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Ab1!');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('Ab1!');
      await page.getByRole('textbox', { name: 'Organisation name' }).fill('Stale Media');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText(TOO_SHORT).waitFor();
      await shot('01-signup-password-error');

      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Stale-pass-1');
      await page.getByText(TOO_SHORT).waitFor({ state: 'detached', timeout: 2_000 });
      expect(await page.locator('.Mui-error').count()).toBe(0);
      expect(page.url()).toMatch(/\/signup$/);
      await shot('02-signup-password-corrected');
    });

    it('a new website: "The form is not valid" goes when the fixed form is saved ("Website created")', async () => {
      page = await newPage(session, OWNER, '/#/websites/create');
      await page.getByText('Article workflow').waitFor();
      // A name but no address: the form says what is wrong before asking the API.
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Stale Garden');
      await page.getByRole('button', { name: 'Save' }).click();
      await notifications().getByText(FORM_NOT_VALID).waitFor();
      await shot('03-website-form-not-valid');

      await page.getByRole('textbox', { name: 'URL', exact: true }).fill('https://stale-garden.example');
      await page.getByRole('button', { name: 'Save' }).click();
      await notifications().getByText('Website created').waitFor();
      await gone(FORM_NOT_VALID);
      expect(await notifications().getByText('Website created').count()).toBe(1);
      await shot('04-website-created');
    });

    it('a 403 notice stays on the page that met it: the next page opens without it', async () => {
      // A writer who reaches the invitation form by its address: the API refuses the invitation.
      page = await newPage(session, WRITER, '/#/members/create');
      await page.getByRole('textbox', { name: 'Email' }).fill('friend@stale.example');
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('A Friend');
      await page.getByRole('button', { name: /Send invitation/ }).click();
      const refusal = notifications().locator('[data-notification="error"]');
      await refusal.waitFor();
      const refusalText = (await refusal.textContent()) ?? '';
      expect(refusalText).toMatch(/Only owners and admins/);
      await shot('05-refused-invitation');

      await page.goto(`${session.app.url}/#/posts`);
      await page.waitForURL(/#\/posts/);
      await refusal.waitFor({ state: 'detached', timeout: 3_000 });
      expect(await notifications().locator('[data-notification="error"]').count()).toBe(0);
      await shot('06-next-page-without-refusal');
    });
  },
);
