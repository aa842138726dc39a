// Sign-up, the password pages and log-in-as in Debian's Chromium through playwright-core,
// against the real API booted in process with the demo data.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { expectWith } from '../support/expect.js';
import { requires } from '../support/requires.js';
import { newAgent, setups, signIn } from '../e2e/setups.js';
import { CHROMIUM_PATH, closePages, logIn, newPage, openConsole, type ConsoleSession } from './chromium.js';

const hasChromium = existsSync(CHROMIUM_PATH);
if (!hasChromium) console.info(`Chromium not installed (${CHROMIUM_PATH}): browser tests skipped`);

const screenshots = fileURLToPath(new URL('../../test-results/', import.meta.url));

const ADMIN = { email: 'admin@platform.example', password: 'Admin-pass-1' };
const WRITER = { email: 'writer@demo.example', newPassword: 'Fresh-pass-2' };
const NEW_USER = {
  name: 'Nora Newcomer',
  email: 'nora@newcomer.example',
  password: 'Strong-pass-9',
  orgName: 'Newcomer Media',
};

// The console runs on the first store of this pass (PGlite, or PostgreSQL in CI's second pass).
const setup = setups[0];

requires(hasChromium && setup !== undefined, 'Chromium at /usr/bin/chromium')(
  `sign-up, password reset and log-in-as in Chromium (${setup?.name})`,
  () => {
    let app: { url: string; stop(): Promise<void> };
    let session: ConsoleSession;
    /** The running test's page (each test opens its own). */
    let page: Page;

    const shot = (name: string) =>
      page.screenshot({ path: `${screenshots}auth-${name}.png`, fullPage: true, animations: 'disabled' });

    /** The mails to `email` in the outbox (no SMTP server in tests), newest first, as the platform admin reads them. */
    const mailsTo = async (email: string) => {
      const res = await (await signIn(app.url, ADMIN)).get('/api/admin/outbox');
      expect(res.status).toBe(200);
      return (res.body as { id: string; to: string; text: string }[]).filter((m) => m.to === email);
    };
    /** A reset link of the test's own: asked for `email` through the API, read from the new mail. */
    const newResetLink = async (email: string): Promise<string> => {
      const before = new Set((await mailsTo(email)).map((m) => m.id));
      const sent = await newAgent(app.url).post('/api/auth/password_reset/send').send({ email });
      expectWith(sent.status, JSON.stringify(sent.body)).toBe(200);
      const mail = (await mailsTo(email)).find((m) => !before.has(m.id));
      expect(mail).toBeDefined();
      return /https?:\/\/\S+\/reset-password\?code=\S+/.exec(mail!.text)![0];
    };

    beforeAll(async () => {
      session = await openConsole(setup);
      ({ app } = session);
    }, 120_000);

    afterEach(() => closePages(session));

    afterAll(async () => {
      await session?.close();
    });

    it('signs up from the login page: the password rule first, then onboarding and the console', async () => {
      page = await newPage(session, null);
      await page.waitForURL(/#\/login$/);
      await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
      await shot('01-login-links');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/signup$/);
      await page.getByRole('heading', { name: 'Create an account' }).waitFor();

      await page.getByRole('textbox', { name: 'Name', exact: true }).fill(NEW_USER.name);
      await page.getByRole('textbox', { name: 'Email' }).fill(NEW_USER.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('weakpass1!');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('weakpass1!');
      await page.getByRole('textbox', { name: 'Organisation name' }).fill(NEW_USER.orgName);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Password must contain at least 1 capital letter').waitFor();
      expect(page.url()).toMatch(/\/signup$/);
      await shot('02-signup-weak');

      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_USER.password);
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('Something-else-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Passwords must match').waitFor();

      await page.getByRole('textbox', { name: 'Confirm password' }).fill(NEW_USER.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      // Signed in, onboarding first (test/browser/onboarding.test.ts goes through it); the console is one step away.
      await page.waitForURL(/\/onboarding$/);
      await page.getByRole('heading', { name: 'About your business' }).waitFor();
      await page.goto(`${app.url}/`);
      await page.getByText(`Welcome, ${NEW_USER.name}`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await shot('03-signup-dashboard');

      await page.getByRole('menuitem', { name: 'Organisations' }).click();
      await page.getByRole('cell', { name: NEW_USER.orgName, exact: true }).waitFor();
      // A new owner is no platform admin: no Users, no Outbox.
      expect(await page.getByRole('menuitem', { name: 'Users' }).count()).toBe(0);
      expect(await page.getByRole('menuitem', { name: 'Outbox' }).count()).toBe(0);
      await shot('04-signup-organisation');
    });

    it('sends a reset link from "Forgot password?"', async () => {
      page = await newPage(session, null);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(/\/forgot-password$/);
      await page.getByRole('textbox', { name: 'Email' }).fill(WRITER.email);
      await shot('05-forgot');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for this email, we have sent a link to reset its password.').waitFor();
      await page.getByRole('link', { name: 'Back to login' }).waitFor();
      await shot('06-forgot-sent');

      // The mail, read from the outbox by the platform admin (no SMTP server in tests).
      const admin = await signIn(app.url, ADMIN);
      const res = await admin.get('/api/admin/outbox');
      expect(res.status).toBe(200);
      const mail = (res.body as { to: string; text: string }[]).find((m) => m.to === WRITER.email);
      expect(mail).toBeDefined();
      const match = /https?:\/\/\S+\/reset-password\?code=\S+/.exec(mail!.text);
      expect(match).not.toBeNull();
    });

    it('sets a new password from the link and logs in with it', async () => {
      const resetLink = await newResetLink(WRITER.email);
      page = await newPage(session, null);
      await page.goto(resetLink);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByRole('textbox', { name: 'New password' }).fill(WRITER.newPassword);
      await page.getByRole('textbox', { name: 'Confirm password' }).fill(`${WRITER.newPassword}x`);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Passwords must match').waitFor();
      await shot('07-reset-mismatch');

      await page.getByRole('textbox', { name: 'Confirm password' }).fill(WRITER.newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Your password has been changed. Please log in with it.').waitFor();
      await shot('08-reset-done');

      await page.getByRole('link', { name: 'Log in' }).click();
      await logIn(page, { email: WRITER.email, password: WRITER.newPassword });
      await page.getByText('Welcome, Wendy Writer').waitFor();
    });

    it('sends a used link to /link-expired, which offers a new one', async () => {
      // A link of its own, used once through the API.
      const resetLink = await newResetLink(WRITER.email);
      const code = decodeURIComponent(new URL(resetLink).searchParams.get('code')!);
      const used = await newAgent(app.url)
        .post(`/api/auth/password_reset/confirm/${encodeURIComponent(code)}`)
        .send({ password: 'Used-pass-4' });
      expectWith(used.status, JSON.stringify(used.body)).toBe(200);
      page = await newPage(session, null);
      await page.goto(resetLink);
      await page.getByRole('textbox', { name: 'New password' }).fill('Another-pass-3');
      await page.getByRole('textbox', { name: 'Confirm password' }).fill('Another-pass-3');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL(/\/link-expired$/);
      await page.getByRole('heading', { name: 'Your link has expired' }).waitFor();
      await shot('09-link-expired');

      await page.getByRole('textbox', { name: 'Email' }).fill(WRITER.email);
      await page.getByRole('button', { name: 'Send a new link' }).click();
      await page.getByText('If an account exists for this email, we have sent a link to reset its password.').waitFor();
      await shot('10-link-expired-sent');
    });

    it('lets the platform admin log in as Olivia Owner and return', async () => {
      // A reset mail to the writer in the outbox.
      await newResetLink(WRITER.email);
      page = await newPage(session, ADMIN);
      await page.getByRole('menuitem', { name: 'Outbox' }).click();
      await page.getByRole('cell', { name: WRITER.email }).first().click();
      await page
        .getByTestId('mail-text')
        .getByRole('link', { name: /\/reset-password\?code=/ })
        .first()
        .waitFor();
      await shot('11-outbox');

      await page.getByRole('menuitem', { name: 'Users' }).click();
      await page.waitForURL(/#\/users/);
      const owner = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: 'Olivia Owner', exact: true }) });
      await owner.waitFor();
      // Not offered on the admin's own row.
      const self = page.getByRole('row').filter({ has: page.getByRole('cell', { name: ADMIN.email, exact: true }) });
      await self.waitFor();
      expect(await self.getByRole('button', { name: /Log in as/ }).count()).toBe(0);
      await shot('12-users');

      await owner.getByRole('button', { name: 'Log in as Olivia Owner' }).click();
      const banner = page.getByTestId('impersonation-banner');
      await banner.getByText('You are logged in as Olivia Owner (owner@demo.example)').waitFor();
      await page.getByText('Welcome, Olivia Owner').waitFor();
      expect(await page.getByRole('menuitem', { name: 'Users' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Websites' }).click();
      await page.getByRole('cell', { name: 'Demo Blog', exact: true }).waitFor();
      await banner.waitFor();
      await shot('13-logged-in-as-owner');

      await banner.getByRole('button', { name: 'Return to Platform Admin' }).click();
      await page.getByText('Welcome, Platform Admin').waitFor();
      expect(await page.getByTestId('impersonation-banner').count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Users' }).waitFor();
      await shot('14-back-to-admin');
    });

    it('raised no page error and no server error', async () => {
      // A page of its own (the login page and Forgot password once more), then every page the file opened.
      page = await newPage(session, null);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Send reset link' }).waitFor();
      await closePages(session);
      expect(session.pageErrors).toEqual([]);
      expect(session.serverErrors).toEqual([]);
    });
  },
);
