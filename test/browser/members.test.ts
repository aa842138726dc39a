// The Members screen of the built console in Chromium, against the real API with the demo data:
// invite a member, resend the invitation, change their access.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith, poll } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const DEMO = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const INVITEE = { name: 'Ines Invitee', email: 'ines@invitee.example' };
/** Invited through the API by the tests that resend an invitation and change access. */
const RESENT = { name: 'Rene Resent', email: 'rene@invitee.example' };
const CHANGED = { name: 'Cora Changed', email: 'cora@invitee.example' };

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `members in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) => page.screenshot({ path: `${screenshots}members-${name}.png`, fullPage: true });
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });

    /** The demo owner invites `invitee` as a CMS editor of every website of the organisation, through the API. */
    const invite = async (invitee: { name: string; email: string }) => {
      const owner = await signIn(app.url, DEMO);
      const organisationId = (await owner.get('/api/auth/user')).body.organisations[0].id;
      const websiteIds = ((await owner.get('/api/websites')).body as Array<{ id: string }>).map((w) => w.id);
      const invited = await owner
        .post('/api/members')
        .send({ organisationId, email: invitee.email, name: invitee.name, cmsRole: 'editor', websiteIds });
      expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('logs in and opens Members from the menu: the demo owner, editor and writer are Active', async () => {
      page = await newPage(session, DEMO);

      await page.getByRole('menuitem', { name: 'Members' }).click();
      await page.waitForURL(/#\/members/);
      // The demo's owner founded the organisation; its editor and writer joined at seeding.
      for (const name of ['Olivia Owner', 'Eddie Editor', 'Wendy Writer']) {
        await page.getByRole('row').filter({ hasText: name }).getByText('Active').waitFor();
      }
      await page.getByRole('link', { name: 'Invite member' }).first().waitFor();
      await shot('01-list');
    });

    it('invites Ines Invitee as a CMS editor and lists her as Invited', async () => {
      page = await newPage(session, DEMO, '/#/members');
      await page.getByRole('link', { name: 'Invite member' }).click();
      await page.waitForURL(/#\/members\/create/);
      // The owner has one organisation: it is chosen already.
      await poll(() => page.getByRole('combobox', { name: 'Organisation', exact: true }).textContent()).toBe(
        'Demo Publishing',
      );
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(INVITEE.email);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(INVITEE.name);
      await page.getByRole('combobox', { name: 'CMS role', exact: true }).click();
      await page.getByRole('option', { name: 'Editor', exact: true }).click();
      // Every website of the organisation is preselected: members reach only the websites listed.
      for (const name of ['Demo Blog', 'Demo Shop'])
        await page.locator('form .MuiChip-label', { hasText: name }).waitFor();
      await shot('02-invite');
      await page.getByRole('button', { name: 'Send invitation' }).click();

      await page.getByText(`Invitation sent to ${INVITEE.email}`).waitFor();
      await page.waitForURL(/#\/members(\?|$)/);
      const ines = row(INVITEE.name);
      await ines.locator('[data-status="pending"]').waitFor();
      expect(await ines.locator('[data-status]').textContent()).toBe('Invited');
      await ines.getByText(INVITEE.email).waitFor();
      await ines.getByRole('cell', { name: 'Editor', exact: true }).waitFor();
      const owner = await signIn(app.url, DEMO);
      const invited = ((await owner.get('/api/members')).body as Array<{ email: string; websiteIds: string[] }>).find(
        (m) => m.email === INVITEE.email,
      )!;
      const websites = ((await owner.get('/api/websites')).body as Array<{ id: string }>).map((w) => w.id);
      expect([...invited.websiteIds].sort()).toEqual(websites.sort());
      await shot('03-invited');
    });

    it('sends the invitation again', async () => {
      await invite(RESENT);
      page = await newPage(session, DEMO, '/#/members');
      const rene = row(RESENT.name);
      await rene.locator('[data-status="pending"]').waitFor();
      await rene.getByRole('button', { name: 'Resend' }).click();
      await page.getByText('Invitation sent again').waitFor();
      // Still on the list (the button does not open the row), still invited.
      expect(page.url()).toMatch(/#\/members(\?|$)/);
      await rene.locator('[data-status="pending"]').waitFor();
      await shot('04-resent');
    });

    it('changes her CMS role to reviewer in the edit form', async () => {
      await invite(CHANGED);
      page = await newPage(session, DEMO, '/#/members');
      await row(CHANGED.name).getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/#\/members\/[^/]+$/);
      await poll(() => page.getByRole('combobox', { name: 'CMS role', exact: true }).textContent()).toBe('Editor');
      await page.getByRole('combobox', { name: 'CMS role', exact: true }).click();
      await page.getByRole('option', { name: 'Reviewer', exact: true }).click();
      await shot('05-edit');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Access changed').waitFor();
      await page.waitForURL(/#\/members\/[^/]+\/show/);
      await page.locator('.RaShow-main').getByText('Reviewer').waitFor();
      await shot('06-show');

      await page.getByRole('menuitem', { name: 'Members' }).click();
      const cora = row(CHANGED.name);
      await cora.getByRole('cell', { name: 'Reviewer', exact: true }).waitFor();
      expect(await cora.getByRole('cell', { name: 'Editor', exact: true }).count()).toBe(0);
      await shot('07-list-changed');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the members once more), then every page the file opened.
      page = await newPage(session, DEMO, '/#/members');
      await row('Olivia Owner').getByText('Active').waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
