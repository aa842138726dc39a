// An invitation accepted in Debian's Chromium: the magic link of the mail signs the invitee in,
// they choose their password, and they are in the organisation's console.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { newAgent, setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));
const OWNER = { email: 'owner@demo.example', password: 'Demo-pass-1' };
const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };
const INVITEE = { email: 'ines@invited.example', name: 'Ines Invitee', password: 'Welcome-pass-7' };
/** Invited by the expired-link test for itself. */
const LATE_INVITEE = { email: 'ivo@invited.example', name: 'Ivo Invitee' };

const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `invitation acceptance in Chromium (${setup?.name})`,
  () => {
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}invitation-${name}.png`, fullPage: true, animations: 'disabled' });

    /** The owner invites `invitee` as an editor of both demo websites; the magic link of the mail. */
    const invite = async (invitee: { email: string; name: string }): Promise<string> => {
      const owner = await signIn(session.app.url, OWNER);
      const orgId = (await owner.get('/api/auth/user')).body.organisations[0].id;
      // Both demo websites, as the console's invitation form preselects them.
      const websiteIds = ((await owner.get('/api/websites')).body as Array<{ id: string }>).map((w) => w.id);
      const invited = await owner
        .post('/api/members')
        .send({ organisationId: orgId, email: invitee.email, name: invitee.name, cmsRole: 'editor', websiteIds });
      expectWith(invited.status, JSON.stringify(invited.body)).toBe(201);
      const mails = (await (await signIn(session.app.url, ADMIN)).get('/api/admin/outbox')).body as Array<{
        to: string;
        text: string;
      }>;
      const text = mails.find((m) => m.to === invitee.email)!.text;
      return /(https?:\/\/\S+\/api\/auth\/magic\/\S+)/.exec(text)![1]!;
    };

    beforeAll(async () => {
      session = await openConsole(setup);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('follows the magic link, sets the first password and lands in the console', async () => {
      const magicLink = await invite(INVITEE);
      page = await newPage(session, null, '/');
      await page.goto(magicLink);
      await page.waitForURL(/\/reset-initial-password$/);
      await page.getByText('Welcome! Choose your password').waitFor();
      await page.getByLabel('Password', { exact: true }).fill('weakpass');
      await page.getByLabel('Confirm password').fill('weakpass');
      await page.getByRole('button', { name: 'Set password and continue' }).click();
      await page.getByText('Password must contain at least 1 capital letter').first().waitFor();
      await shot('01-weak');
      await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
      await page.getByLabel('Confirm password').fill(INVITEE.password);
      await page.getByRole('button', { name: 'Set password and continue' }).click();
      await page.getByText(`Welcome, ${INVITEE.name}`).waitFor();
      await page.goto(`${session.app.url}/#/websites`);
      await page.getByText('Demo Blog').waitFor();
      await shot('02-in-console');
      // (closePages: no page error and no server error.)
    });

    it('the used link leads to "Your link has expired"', async () => {
      // An invitation of its own, whose link was followed once already (it opened a session elsewhere).
      const magicLink = await invite(LATE_INVITEE);
      const followed = await newAgent(session.app.url).get(new URL(magicLink).pathname);
      expect(followed.headers.location).toMatch(/\/reset-initial-password$/);
      page = await newPage(session, null, '/');
      await page.goto(magicLink);
      await page.waitForURL(/\/link-expired\?link=invitation&days=7$/);
      await page.getByText('Your link has expired').first().waitFor();
      // The invitation's own validity (7 days), not the reset link's hour; no reset form for it.
      await page.getByText('Invitation links work once, for 7 days.').waitFor();
      expect(await page.getByText(/for an hour/).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Send a new link' }).count()).toBe(0);
      await shot('03-expired');
    });
  },
);
